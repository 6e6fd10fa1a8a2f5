import DataLoader from 'dataloader';
import type pg from 'pg';
import { CENSORED, CENSORED_FIELDS, censoredValues } from './alert-columns';
import { badRequest, forbidden, notFound, unauthenticated } from './errors';
import type { Principal } from './principal';

const ANY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Who sees what, in one place: every path that hands out an organization's data (lists, history,
 * summaries, the event log, every `__resolveReference`, and next subscriptions, exports and webhooks)
 * asks this object, and no resolver decides a follower rule itself.
 *
 * Who: membership roles — ADMIN configures (organizationAlerts FULL_ACCESS), any member reads
 * (READ_ONLY). Another organization's data is visible only through an accepted follow, as a
 * `follower` view. A wrong organization id answers like a missing one.
 *
 * What a follower sees (the censoring rules, the methods below the who):
 * - alerts: `resource` (names the affected asset), `metadata` (account ids, ARNs, hostnames) and
 *   `enrichment` (raw scanner evidence) are hidden; rule, severity, state, dates, tags, labels and
 *   compliances stay. No order, filter or search may depend on a hidden field. Comments are never
 *   listed. Alert.scanTarget is null.
 * - history records: the alert's hidden fields, and the `userId` of the followed organization's
 *   member who made the change.
 * - derived events (AlertFollowingCreated/Updated, lib/event-log.ts): the alert's hidden fields and
 *   the metadata's `userId`.
 * - scan targets (following summaries, entity references): id and kind stay; `name` and `tags` (free
 *   text that often names the account) are hidden, the credential hint is `{}`.
 * - users: a user is visible to itself and to the members of its organizations, to no one else
 *   (following an organization shows none of its people).
 */
export type View = 'member' | 'follower';

export { CENSORED };

/** Which followed organizations a following list or export asks for (the `following` argument, its ids already checked as UUIDs). */
export interface FollowingSelection {
  followingIds?: readonly string[] | null;
  /** Tags the follower put on its follows: a follow carrying one of them ('' ignored). */
  followingTags?: readonly string[] | null;
  /** With `followingTags`: untagged follows too. */
  includeEmptyFollowingTags?: boolean | null;
}

const HIDDEN_SCAN_TARGET_FIELDS = ['name', 'tags'] as const;

/** SQL for what a follower is shown in place of each hidden alert column (declared in lib/alert-columns.ts). */
const SHOWN_ALERT_SQL = CENSORED_FIELDS;

/** Alert filters on a scan target field: a follower's use of one on a hidden field is a 400. */
const SCAN_TARGET_FIELD_FILTERS = { scanTargetTags: 'tags', includeEmptyScanTargetTags: 'tags' } as const;

const isHiddenAlertField = (field: string): boolean => SHOWN_ALERT_SQL.has(field);
const isHiddenScanTargetField = (field: string): boolean => (HIDDEN_SCAN_TARGET_FIELDS as readonly string[]).includes(field);

/**
 * The condition on a follow `f` that its followed organization is not deleted, asked as "no deleted
 * organization of that id": it reads the partial index of deleted organizations (migration
 * 20261202001500), where a join on `"deletedAt" IS NULL` hashed every live organization (2.0 ms of a
 * follower of 1,000 among 10,000 organizations, 0.3 ms so; bench/README.md, session 18).
 */
export const FOLLOWED_NOT_DELETED = `NOT EXISTS (SELECT 1 FROM organizations.organizations o WHERE o.id = f."followedId" AND o."deletedAt" IS NOT NULL)`;

/** A copy of an alert as `view` may see it; a follower's is marked `followerView`. */
export type AlertFor<T> = T & { followerView?: boolean };

export const ADMIN = 'ADMIN';

export class Visibility {
  private membershipsCache?: Promise<Map<string, string[]>>;
  private followingCache = new Map<string, Promise<Set<string>>>();
  private followedLookups?: DataLoader<string, boolean>;

  constructor(
    private readonly pool: pg.Pool,
    readonly principal: Principal | null,
  ) {}

  // ───────────── who may see (per caller: memberships and follows, cached per request) ─────────────

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
            WHERE f."followerId" = $1 AND ${FOLLOWED_NOT_DELETED}`,
          [organizationId],
        )
        .then(({ rows }) => new Set(rows.map((r) => r.followedId)));
      this.followingCache.set(organizationId, cached);
    }
    return cached;
  }

  /** The caller reads `ownerId`'s data as a member, or through one of its organizations that follows it. */
  async viewOf(ownerId: string): Promise<View | null> {
    if (await this.isMember(ownerId)) return 'member';
    const organizationIds = [...(await this.memberships()).keys()];
    // Not an id at all (a path segment is any text): no organization has it, and the uuid cast must not fail.
    if (!organizationIds.length || !ANY_UUID.test(ownerId)) return null;
    for (const organizationId of organizationIds) {
      const known = this.followingCache.get(organizationId);
      if (known && (await known).has(ownerId)) return 'follower';
    }
    return (await this.followedByMe(organizationIds).load(ownerId)) ? 'follower' : null;
  }

  /**
   * Whether one of `organizationIds` (the caller's) follows each asked organization: the (follower, followed)
   * keys, not each one's whole follow set (that read grew with the follows: bench:scale, a refused GET
   * /organizations/{id} by a member of an organization following 100, 4.4 ms for its set and one statement
   * per membership). The lookups of one tick are one statement: an entity fetch of 100 followed organizations
   * (followingPosture's `organization { name }`) asked 100 (bench/README.md, "Posture aggregates", run 17).
   */
  private followedByMe(organizationIds: string[]): DataLoader<string, boolean> {
    this.followedLookups ??= new DataLoader<string, boolean>(
      async (ownerIds) => {
        const { rows } = await this.pool.query<{ followedId: string }>(
          `SELECT DISTINCT f."followedId" FROM organizations.follows f
          WHERE f."followerId" = ANY($1::uuid[]) AND f."followedId" = ANY($2::uuid[]) AND ${FOLLOWED_NOT_DELETED}`,
          [organizationIds, ownerIds],
        );
        const followed = new Set(rows.map((row) => row.followedId));
        return ownerIds.map((id) => followed.has(id));
      },
      { cache: false },
    ); // batched, not remembered: a follow accepted later in the request counts, as before
    return this.followedLookups;
  }

  async requireView(ownerId: string, what = 'Organization'): Promise<View> {
    const view = await this.viewOf(ownerId);
    if (!view) throw notFound(what);
    return view;
  }

  /** As a member of `viewerId`, read the organizations it follows (optionally narrowed to `ids`). */
  async followedVisibleTo(viewerId: string, ids?: readonly string[]): Promise<string[]> {
    await this.requireMember(viewerId);
    const followed = await this.following(viewerId);
    return ids?.length ? ids.filter((id) => followed.has(id)) : [...followed];
  }

  /**
   * As a member of `viewerId`, the organizations a following list or export reads: those it follows,
   * narrowed to `followingIds`, then by the tags on its follows (GraphQL's following lists and
   * workers/export-csv.ts alike).
   */
  async followedSelected(viewerId: string, selection: FollowingSelection | null | undefined): Promise<string[]> {
    const ids = await this.followedVisibleTo(viewerId, selection?.followingIds ?? undefined);
    const tags = selection?.followingTags?.filter((t) => t !== '');
    if (!tags?.length || !ids.length) return ids;
    const { rows } = await this.pool.query<{ followedId: string }>(
      `SELECT "followedId" FROM organizations.follows
        WHERE "followerId" = $1 AND "followedId" = ANY($2::uuid[])
          AND (tags && $3::text[] ${selection?.includeEmptyFollowingTags ? 'OR cardinality(tags) = 0' : ''})`,
      [viewerId, ids, tags],
    );
    const tagged = new Set(rows.map((r) => r.followedId));
    return ids.filter((id) => tagged.has(id));
  }

  /** A user is visible to itself and to the members of the organizations it belongs to. */
  async canSeeUser(userId: string): Promise<boolean> {
    if (userId === this.userId) return true;
    const organizationIds = [...(await this.memberships()).keys()];
    if (!organizationIds.length) return false;
    const { rowCount } = await this.pool.query(`SELECT 1 FROM organizations.memberships WHERE "userId" = $1 AND "organizationId" = ANY($2::uuid[]) LIMIT 1`, [
      userId,
      organizationIds,
    ]);
    return (rowCount ?? 0) > 0;
  }

  // ───────────── what a view sees (the same for every caller: static) ─────────────

  /** An alert row (or JSON record) as `view` sees it. */
  static alertFor<T extends object>(view: View, alert: T): AlertFor<T> {
    if (view === 'member') return alert;
    return { ...alert, ...censoredValues(), followerView: true };
  }

  /** A history record as `view` sees it: the alert's hidden fields and who made the change. */
  static historyRecordFor<T extends object>(view: View, record: T): T {
    if (view === 'member') return record;
    return { ...record, ...censoredValues(), userId: null };
  }

  /** A scan target (or a per-target summary) as `view` sees it. */
  static scanTargetFor<T extends object>(view: View, target: T): T & { credentialHidden?: true } {
    if (view === 'member') return target;
    return { ...target, name: CENSORED, tags: [], credentialHidden: true };
  }

  /** Scan target lists are sorted by name for members; a follower's by id (an order by the hidden name would let it infer the name). */
  static sortsScanTargetsByName(view: View): boolean {
    return view === 'member';
  }

  /** Whether the alert copy (from alertFor) links its scan target: not a follower's. */
  static showsScanTarget(alert: { followerView?: boolean }): boolean {
    return !alert.followerView;
  }

  /** Alert comments are listed to members only. */
  static showsComments(view: View): boolean {
    return view === 'member';
  }

  /**
   * A list sorted by `order` as `view` sees it: null when it sorts by the stored value, else the SQL of
   * the value shown (a follower's sort by `resource` is by `[censored]`, the same for every alert, so
   * its list is in id order and never depends on a hidden value; the spec lists `resource` among the
   * following lists' orders, so it is accepted rather than refused).
   */
  static shownOrderValueSql(view: View, order: string): string | null {
    return view === 'follower' && isHiddenAlertField(order) ? (SHOWN_ALERT_SQL.get(order) as string) : null;
  }

  /** The SQL of alert column `column` of row `a` as `view` sees it. */
  static alertColumnSql(view: View, a: string, column: string): string {
    return view === 'follower' && isHiddenAlertField(column) ? (SHOWN_ALERT_SQL.get(column) as string) : `${a}.${column}`;
  }

  /** The alert columns a `search` of `view` may match (a follower's skips hidden ones). */
  static searchableAlertFields<F extends string>(view: View, fields: readonly F[]): F[] {
    return fields.filter((field) => !(view === 'follower' && isHiddenAlertField(field)));
  }

  /** A follower's alert filter may not touch a field hidden from it: 400 naming the filter. */
  static refuseHiddenFilters(view: View, filter: Partial<Record<keyof typeof SCAN_TARGET_FIELD_FILTERS, unknown>>): void {
    if (view === 'member') return;
    for (const [name, field] of Object.entries(SCAN_TARGET_FIELD_FILTERS)) {
      const value = filter[name as keyof typeof SCAN_TARGET_FIELD_FILTERS];
      const used = Array.isArray(value) ? value.length > 0 : value === true;
      if (used && isHiddenScanTargetField(field)) {
        throw badRequest(
          `followers cannot filter by ${name}: the scan target ${field} of followed organizations are hidden ` +
            '(followingTags selects followed organizations by your own tags)',
          name,
        );
      }
    }
  }

  /**
   * A followed organization's alert event as its followers read it (SQL over event columns `data` and
   * `metadata`): the hidden alert fields merged over the data, the metadata without `userId`.
   */
  static followerEventSql(data: string, metadata: string): { data: string; metadata: string } {
    const hidden = [...SHOWN_ALERT_SQL].map(([field, sql]) => `'${field}', ${sql}`).join(', ');
    return { data: `${data} || jsonb_build_object(${hidden})`, metadata: `${metadata} - 'userId'` };
  }

  // ── questionnaires: an assessment is its sender's and its receiver's, nobody else's ──

  /**
   * The side of `assessment` the caller reads as a member of `organizationId`: 'sender' (every field),
   * 'receiver' (sender-only fields hidden: see `senderOnlyFieldsVisible`), or null (not-found).
   */
  async assessmentView(organizationId: string, assessment: AssessmentParties | null): Promise<AssessmentSide | null> {
    if (!assessment || !(await this.isMember(organizationId))) return null;
    if (assessment.senderId === organizationId) return 'sender';
    if (assessment.receiverId === organizationId) return 'receiver';
    return null;
  }

  async requireAssessmentView(organizationId: string, assessment: AssessmentParties | null, named?: AssessmentSide): Promise<AssessmentSide> {
    const view = await this.assessmentView(organizationId, assessment);
    // An id bound to one side's view (the receiver's `received:<id>`) is not the other side's to use.
    if (!view || (named && named !== view)) throw notFound('Assessment');
    return view;
  }

  /** A change by one side: ADMIN members only (403 for a regular member), and only the side that makes it (403). */
  async requireAssessmentWrite(
    organizationId: string,
    assessment: AssessmentParties | null,
    side?: AssessmentSide,
    named?: AssessmentSide,
  ): Promise<AssessmentSide> {
    await this.requireAdmin(organizationId);
    const view = await this.requireAssessmentView(organizationId, assessment, named);
    if (side && view !== side) throw forbidden(`Only the ${side} of the assessment can do this`);
    return view;
  }

  /** Internal review notes, grades and expected answers are the sender's own. */
  senderOnlyFieldsVisible(view: AssessmentSide): boolean {
    return view === 'sender';
  }
}

export type AssessmentSide = 'sender' | 'receiver';
export interface AssessmentParties {
  senderId: string;
  receiverId: string;
}
