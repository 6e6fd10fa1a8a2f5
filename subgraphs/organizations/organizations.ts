import type { PrismaClient, Tx } from '../../lib/db';
import { badRequest, notFound } from '../../lib/errors';
import { EVENT, EVENT_SOURCES, recordEvent } from '../../lib/events';
import * as valid from '../../lib/validate';
import type { SubgraphContext } from '../server';
import type { OrganizationsLoaders } from './loaders';
import { after, createdOrderPage, type PageArgs } from './pages';

export type Ctx = SubgraphContext<OrganizationsLoaders>;

export const SOURCE = {
  organization: EVENT_SOURCES.organization,
  member: EVENT_SOURCES.member,
  follower: EVENT_SOURCES.follower,
  following: EVENT_SOURCES.following,
} as const;

/**
 * One page of the live organizations among `ids`, oldest first: the caller's organizations and the
 * ones a user follows (`scope` names the list its cursors belong to).
 */
export function organizationsPage(ctx: Ctx, ids: readonly string[], scope: string[], args: PageArgs) {
  return createdOrderPage(
    ctx.services.secret,
    scope,
    args,
    (window) =>
      ctx.db.prisma.organization.findMany({
        where: { id: { in: [...ids] }, deletedAt: null, ...after('id', window.after) },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: window.take,
      }),
    (o) => ({ createdAt: o.createdAt, key: o.id }),
  );
}

/**
 * Serializes the changes that check an invariant across rows of one organization (its last ADMIN,
 * one invite per email, one follow request per pair). NO KEY UPDATE leaves foreign-key inserts free.
 */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organizations.organizations WHERE id = ${organizationId}::uuid FOR NO KEY UPDATE`;
}

const IMAGE_PATH = /\.(jpe?g|png|svg)$/i;

/** `picture` is an http(s) URL of a jpg, jpeg, png or svg image (by the path's extension; a query string is allowed). */
export function pictureUrl(value: string, field = 'picture'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`${field} must be an http(s) URL of a .jpg, .jpeg, .png or .svg image`, field);
  }
  if (value.length > 2048 || !['http:', 'https:'].includes(url.protocol) || !IMAGE_PATH.test(url.pathname)) {
    throw badRequest(`${field} must be an http(s) URL of a .jpg, .jpeg, .png or .svg image`, field);
  }
  return value;
}

export interface OrganizationChanges {
  name?: string;
  /** null clears the field. */
  picture?: string | null;
  email?: string | null;
  trustedDocumentsOnly?: boolean;
}

/** `null`/absent = unchanged (what the SDKs send for arguments not given), `""` = clear (picture, email). */
export function organizationChanges(input: {
  name?: string | null;
  picture?: string | null;
  email?: string | null;
  trustedDocumentsOnly?: boolean | null;
}): OrganizationChanges {
  const changes: OrganizationChanges = {};
  if (input.name != null) changes.name = valid.name(input.name, 'name');
  if (input.picture != null) changes.picture = input.picture.trim() === '' ? null : pictureUrl(input.picture.trim());
  if (input.email != null) changes.email = input.email.trim() === '' ? null : valid.email(input.email, 'email');
  if (input.trustedDocumentsOnly != null) changes.trustedDocumentsOnly = input.trustedDocumentsOnly;
  return changes;
}

/** `userId`: who changes it; null for an operator's command (cli/commands.ts). */
export async function updateOrganization(prisma: PrismaClient, userId: string | null, id: string, changes: OrganizationChanges) {
  if (Object.keys(changes).length === 0) {
    const unchanged = await prisma.organization.findFirst({ where: { id, deletedAt: null } });
    if (!unchanged) throw notFound('Organization');
    return unchanged;
  }
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.organization.updateMany({ where: { id, deletedAt: null }, data: changes });
    if (count === 0) throw notFound('Organization');
    const organization = await tx.organization.findUniqueOrThrow({ where: { id } });
    await recordEvent(tx, {
      organizationId: id,
      name: EVENT.OrganizationUpdated,
      source: SOURCE.organization,
      data: { ...organization, changes: Object.keys(changes) },
      metadata: userId ? { userId } : { by: 'operator' },
    });
    return organization;
  });
}

/** Soft delete: the row stays (so do its members, follows, targets and events); policy hides it everywhere. */
export async function deleteOrganization(prisma: PrismaClient, userId: string, id: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.organization.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
    if (count === 0) throw notFound('Organization');
    const organization = await tx.organization.findUniqueOrThrow({ where: { id } });
    await recordEvent(tx, { organizationId: id, name: EVENT.OrganizationDeleted, source: SOURCE.organization, data: organization, metadata: { userId } });
    return true;
  });
}
