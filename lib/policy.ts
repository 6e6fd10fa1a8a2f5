import type pg from 'pg';
import { forbidden, notFound, unauthenticated } from './errors';
import type { Principal } from './principal';

/**
 * The one place that decides who may see what. Membership roles: ADMIN configures
 * (organizationAlerts FULL_ACCESS), any member reads (READ_ONLY). Another organization's data is
 * visible only through an accepted follow, and then censored (see censorship in the alerts subgraph,
 * which is applied through `isFollowerView`). A wrong organization id answers like a missing one.
 */
export const ADMIN = 'ADMIN';

export class Policy {
  private membershipsCache?: Promise<Map<string, string[]>>;
  private followingCache = new Map<string, Promise<Set<string>>>();

  constructor(
    private readonly pool: pg.Pool,
    readonly principal: Principal | null,
  ) {}

  get userId(): string {
    if (!this.principal) throw unauthenticated();
    return this.principal.userId;
  }

  /** organizationId → roles, for the caller's live organizations. */
  memberships(): Promise<Map<string, string[]>> {
    const userId = this.userId;
    const carried = this.principal?.memberships;
    if (carried) this.membershipsCache ??= Promise.resolve(new Map(Object.entries(carried)));
    this.membershipsCache ??= this.pool
      .query<{ organizationId: string; roles: string[] }>(
        `SELECT m."organizationId", m.roles
           FROM organizations.memberships m
           JOIN organizations.organizations o ON o.id = m."organizationId" AND o."deletedAt" IS NULL
          WHERE m."userId" = $1`,
        [userId],
      )
      .then(({ rows }) => new Map(rows.map((r) => [r.organizationId, r.roles])));
    return this.membershipsCache;
  }

  async rolesIn(organizationId: string): Promise<string[] | undefined> {
    return (await this.memberships()).get(organizationId);
  }

  async isMember(organizationId: string): Promise<boolean> {
    return (await this.rolesIn(organizationId)) !== undefined;
  }

  async isAdmin(organizationId: string): Promise<boolean> {
    return (await this.rolesIn(organizationId))?.includes(ADMIN) ?? false;
  }

  /** READ_ONLY on the organization's own data. */
  async requireMember(organizationId: string): Promise<void> {
    if (!(await this.isMember(organizationId))) throw notFound('Organization');
  }

  /** FULL_ACCESS: configure, accept risks, manage members. */
  async requireAdmin(organizationId: string): Promise<void> {
    const roles = await this.rolesIn(organizationId);
    if (roles === undefined) throw notFound('Organization');
    if (!roles.includes(ADMIN)) throw forbidden('Only an ADMIN member of the organization can do this');
  }

  /** Organizations that `organizationId` follows through an accepted follow. */
  following(organizationId: string): Promise<Set<string>> {
    let cached = this.followingCache.get(organizationId);
    if (!cached) {
      cached = this.pool
        .query<{ followedId: string }>(
          `SELECT f."followedId"
             FROM organizations.follows f
             JOIN organizations.organizations o ON o.id = f."followedId" AND o."deletedAt" IS NULL
            WHERE f."followerId" = $1`,
          [organizationId],
        )
        .then(({ rows }) => new Set(rows.map((r) => r.followedId)));
      this.followingCache.set(organizationId, cached);
    }
    return cached;
  }

  /** The caller reads `ownerId`'s data as a member, or through one of its organizations that follows it. */
  async viewOf(ownerId: string): Promise<'member' | 'follower' | null> {
    if (await this.isMember(ownerId)) return 'member';
    for (const organizationId of (await this.memberships()).keys()) {
      if ((await this.following(organizationId)).has(ownerId)) return 'follower';
    }
    return null;
  }

  async requireView(ownerId: string, what = 'Organization'): Promise<'member' | 'follower'> {
    const view = await this.viewOf(ownerId);
    if (!view) throw notFound(what);
    return view;
  }

  /** As a member of `viewerId`, read the organizations it follows (optionally narrowed to `ids`). */
  async followedVisibleTo(viewerId: string, ids?: readonly string[]): Promise<string[]> {
    await this.requireMember(viewerId);
    const followed = await this.following(viewerId);
    return ids && ids.length ? ids.filter((id) => followed.has(id)) : [...followed];
  }
}
