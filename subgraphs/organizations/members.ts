import type { PrismaClient, Tx } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { EVENT, recordEvent } from '../../lib/events';
import * as valid from '../../lib/validate';
import { ADMIN } from '../../lib/visibility';
import type { SubgraphContext } from '../server';
import { membershipView } from './account';
import type { OrganizationsLoaders } from './loaders';
import { lockOrganization, SOURCE } from './organizations';
import { after, type Window } from './pages';

export type Ctx = SubgraphContext<OrganizationsLoaders>;

export const ROLES = [ADMIN] as const;

/** Roles are a subset of ROLES; `null` (what the Python SDK sends when none are given) means none. */
export function roles(value: readonly unknown[] | null | undefined, field = 'roles'): string[] {
  if (value == null) return [];
  return [...new Set(value.map((role) => valid.oneOf(role, ROLES, field)))];
}

export async function memberOf(tx: Tx, organizationId: string, userId: string) {
  const membership = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } }, include: { user: true } });
  if (!membership) throw notFound('Member');
  return membership;
}

/** An organization never loses its last ADMIN: the caller holds the organization's lock. */
async function keepAnAdmin(tx: Tx, organizationId: string, userId: string, rolesAfter: readonly string[] | null) {
  const current = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
  if (!current?.roles.includes(ADMIN) || rolesAfter?.includes(ADMIN)) return;
  const admins = await tx.membership.count({ where: { organizationId, roles: { has: ADMIN } } });
  if (admins <= 1) throw conflict('The organization must keep at least one ADMIN member');
}

/** Members in the order they joined (then by user id): the page `window` names. */
export async function listMembers(prisma: PrismaClient, organizationId: string, window: Window = {}) {
  const rows = await prisma.membership.findMany({
    where: { organizationId, ...after('userId', window.after) },
    include: { user: true },
    orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
    take: window.take,
  });
  return rows.map((m) => membershipView(m, m.user));
}

export async function updateMemberRoles(prisma: PrismaClient, actorId: string, organizationId: string, userId: string, newRoles: string[]) {
  return prisma.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const before = await memberOf(tx, organizationId, userId);
    await keepAnAdmin(tx, organizationId, userId, newRoles);
    const membership = await tx.membership.update({ where: { organizationId_userId: { organizationId, userId } }, data: { roles: newRoles } });
    await recordEvent(tx, {
      organizationId,
      name: EVENT.MemberUpdated,
      source: SOURCE.member,
      data: { organizationId, userId, email: before.user.email, roles: newRoles, previousRoles: before.roles },
      metadata: { userId: actorId },
    });
    return membershipView(membership, before.user);
  });
}

export async function removeMember(prisma: PrismaClient, actorId: string, organizationId: string, userId: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const before = await memberOf(tx, organizationId, userId);
    await keepAnAdmin(tx, organizationId, userId, null);
    await tx.membership.delete({ where: { organizationId_userId: { organizationId, userId } } });
    await recordEvent(tx, {
      organizationId,
      name: EVENT.MemberRemoved,
      source: SOURCE.member,
      data: { organizationId, userId, email: before.user.email, roles: before.roles },
      metadata: { userId: actorId },
    });
    return true;
  });
}

/** There is no identity provider to call: the request is recorded and announced as an event. Answers the member. */
export async function requestMemberReset(prisma: PrismaClient, actorId: string, organizationId: string, userId: string, kind: 'MFA' | 'PASSWORD') {
  return prisma.$transaction(async (tx) => {
    const member = await memberOf(tx, organizationId, userId);
    const request = await tx.memberResetRequest.create({ data: { organizationId, userId, kind, requestedBy: actorId } });
    await recordEvent(tx, {
      organizationId,
      name: kind === 'MFA' ? EVENT.MemberMfaResetRequested : EVENT.MemberPasswordResetRequested,
      source: SOURCE.member,
      data: { id: request.id, organizationId, userId, email: member.user.email, kind, createdAt: request.createdAt },
      metadata: { userId: actorId },
    });
    return membershipView(member, member.user);
  });
}
