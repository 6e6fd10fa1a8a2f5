import type { PrismaClient } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { EVENT, recordEvent } from '../../lib/events';
import type { SubgraphContext } from '../server';
import { inviteView } from './account';
import type { OrganizationsLoaders } from './loaders';
import { lockOrganization, SOURCE } from './organizations';
import { after, type Window } from './pages';

export type Ctx = SubgraphContext<OrganizationsLoaders>;

/** An invite (and a resent one) can be accepted for 7 days. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const expiry = () => new Date(Date.now() + INVITE_LIFETIME_MS);

/** Invites not accepted yet, expired ones included (an admin may resend them), oldest first: the page `window` names. */
export async function listInvites(prisma: PrismaClient, organizationId: string, window: Window = {}) {
  const rows = await prisma.invite.findMany({
    where: { organizationId, acceptedAt: null, ...after('email', window.after) },
    include: { organization: true },
    orderBy: [{ createdAt: 'asc' }, { email: 'asc' }],
    take: window.take,
  });
  return rows.map((i) => inviteView(i, i.organization.name));
}

export async function findInvite(prisma: PrismaClient, organizationId: string, email: string) {
  const invite = await prisma.invite.findFirst({ where: { organizationId, email, acceptedAt: null }, include: { organization: true } });
  if (!invite) throw notFound('Invite');
  return inviteView(invite, invite.organization.name);
}

/** One invite per address: a live one is a CONFLICT, an expired or already used one is replaced (new token). */
export async function createInvite(prisma: PrismaClient, actorId: string, organizationId: string, email: string, inviteRoles: string[]) {
  return prisma.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = await tx.membership.findFirst({ where: { organizationId, user: { email: { equals: email, mode: 'insensitive' } } } });
    if (member) throw conflict(`${email} is already a member of this organization`);
    const existing = await tx.invite.findUnique({ where: { organizationId_email: { organizationId, email } } });
    if (existing && !existing.acceptedAt && existing.expiresAt > new Date()) throw conflict(`${email} already has a pending invite; resend it instead`);
    if (existing) await tx.invite.delete({ where: { id: existing.id } });
    const invite = await tx.invite.create({
      data: { organizationId, email, roles: inviteRoles, invitedBy: actorId, expiresAt: expiry() },
      include: { organization: true },
    });
    const view = inviteView(invite, invite.organization.name);
    await recordEvent(tx, { organizationId, name: EVENT.MemberInvited, source: SOURCE.member, data: view, metadata: { userId: actorId } });
    return view;
  });
}

/** Withdraws an invite not accepted yet; answers its id. */
export async function deleteInvite(prisma: PrismaClient, actorId: string, organizationId: string, email: string): Promise<string> {
  return prisma.$transaction(async (tx) => {
    const invite = await tx.invite.findFirst({ where: { organizationId, email, acceptedAt: null } });
    if (!invite) throw notFound('Invite');
    await tx.invite.delete({ where: { id: invite.id } });
    await recordEvent(tx, {
      organizationId,
      name: EVENT.MemberInviteDeleted,
      source: SOURCE.member,
      data: { id: invite.id, organizationId, email, roles: invite.roles },
      metadata: { userId: actorId },
    });
    return invite.id;
  });
}

/** Same token, fresh expiry. */
export async function resendInvite(prisma: PrismaClient, actorId: string, organizationId: string, email: string) {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.invite.updateMany({ where: { organizationId, email, acceptedAt: null }, data: { expiresAt: expiry() } });
    if (count === 0) throw notFound('Invite');
    const invite = await tx.invite.findUniqueOrThrow({ where: { organizationId_email: { organizationId, email } }, include: { organization: true } });
    const view = inviteView(invite, invite.organization.name);
    await recordEvent(tx, { organizationId, name: EVENT.MemberInviteResent, source: SOURCE.member, data: view, metadata: { userId: actorId } });
    return view;
  });
}
