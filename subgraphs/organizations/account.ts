import { newApiKey } from '../../lib/api-keys';
import { DEFAULT_QUOTAS, type Quotas } from '../../lib/config';
import type { PrismaClient, Tx } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { EVENT, EVENT_SOURCES, recordEvent } from '../../lib/events';
import { requireWithinQuota } from '../../lib/quotas';
import { ADMIN } from '../../lib/visibility';

const SOURCE_ORG = EVENT_SOURCES.organization;
const SOURCE_MEMBER = EVENT_SOURCES.member;

export type ApiKeyRow = {
  id: string;
  name: string;
  keyMasked: string;
  userId: string;
  lastIp: string | null;
  lastUse: Date | null;
  createdAt: Date;
  trustedDocumentsOnly: boolean;
};

export function apiKeyView(row: ApiKeyRow, fullKey?: string) {
  const { id, name, userId, lastIp, lastUse, createdAt, trustedDocumentsOnly } = row;
  return { id, name, key: fullKey ?? row.keyMasked, userId, lastIp, lastUse, createdAt, trustedDocumentsOnly };
}

export async function createApiKey(prisma: PrismaClient | Tx, userId: string, name: string, trustedDocumentsOnly = false) {
  const { key, keyHash, keyMasked } = newApiKey();
  const row = await prisma.apiKey.create({ data: { userId, name, keyHash, keyMasked, trustedDocumentsOnly } });
  return apiKeyView(row, key);
}

/** Renames `userId`'s own key or changes its trusted documents restriction; NOT_FOUND for any other key (as if it did not exist). */
export async function updateApiKey(prisma: PrismaClient, userId: string, id: string, changes: { name?: string; trustedDocumentsOnly?: boolean }) {
  const { count } = await prisma.apiKey.updateMany({ where: { id, userId, deletedAt: null }, data: changes });
  if (count === 0) throw notFound('API key');
  return apiKeyView(await prisma.apiKey.findUniqueOrThrow({ where: { id } }));
}

export async function createOrganization(tx: Tx, userId: string, input: { name: string; picture?: string | null; email?: string | null }) {
  const organization = await tx.organization.create({ data: { name: input.name, picture: input.picture ?? null, email: input.email ?? null } });
  await tx.membership.create({ data: { organizationId: organization.id, userId, roles: [ADMIN] } });
  await recordEvent(tx, { organizationId: organization.id, name: EVENT.OrganizationCreated, source: SOURCE_ORG, data: organization, metadata: { userId } });
  return organization;
}

/**
 * Creates (or reuses) a user, an organization it administers, and a fresh API key: the way in
 * for the first user of a new installation.
 */
/** `newUserOnly`: refuse an email that already has a user (the `bootstrap` command; the demo seed reuses its users). */
export async function bootstrapAccount(
  prisma: PrismaClient,
  input: { email: string; organization: string; name?: string },
  options: { newUserOnly?: boolean } = {},
) {
  return prisma.$transaction(async (tx) => {
    if (options.newUserOnly && (await tx.user.findUnique({ where: { email: input.email } }))) {
      throw conflict(
        'A user with this email exists; bootstrap creates new users only. A new key for it: npm run vigil -- issue-key --email <email> (or POST /me/apikeys with a key it holds)',
      );
    }
    const user = await tx.user.upsert({
      where: { email: input.email },
      update: {},
      create: { email: input.email, name: input.name ?? input.email.split('@')[0] },
    });
    const existing = await tx.membership.findFirst({
      where: { userId: user.id, roles: { has: ADMIN }, organization: { name: input.organization, deletedAt: null } },
    });
    const organizationId = existing?.organizationId ?? (await createOrganization(tx, user.id, { name: input.organization })).id;
    const apiKey = await createApiKey(tx, user.id, 'bootstrap');
    return { userId: user.id, organizationId, apiKey: apiKey.key };
  });
}

export function inviteView(
  invite: { id: string; organizationId: string; email: string; roles: string[]; expiresAt: Date; createdAt: Date },
  organizationName: string,
) {
  return {
    id: invite.id,
    token: invite.id,
    organizationId: invite.organizationId,
    organizationName,
    email: invite.email,
    roles: invite.roles,
    expiredAt: invite.expiresAt,
    createdAt: invite.createdAt,
  };
}

/** The invitee accepts: the invite becomes a membership, in one transaction with its event. */
/**
 * The invite `token` while it is open to the user with `email`: addressed to that email (any case),
 * not accepted, not expired, of a live organization — the one rule for reading and for accepting it.
 */
export const openInviteFor = (token: string, email: string) => ({
  id: token,
  email: { equals: email, mode: 'insensitive' as const },
  acceptedAt: null,
  expiresAt: { gt: new Date() },
  organization: { deletedAt: null },
});

export async function acceptInvite(prisma: PrismaClient, userId: string, token: string) {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    const invite = await tx.invite.findFirst({ where: openInviteFor(token, user.email) });
    if (!invite) throw notFound('Invite');
    const already = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId: invite.organizationId, userId } } });
    if (already) throw conflict('You are already a member of this organization');
    const membership = await tx.membership.create({ data: { organizationId: invite.organizationId, userId, roles: invite.roles } });
    await tx.invite.update({ where: { id: invite.id }, data: { acceptedAt: new Date() } });
    await recordEvent(tx, {
      organizationId: invite.organizationId,
      name: EVENT.MemberJoined,
      source: SOURCE_MEMBER,
      data: { organizationId: invite.organizationId, userId, roles: invite.roles },
      metadata: { userId },
    });
    return membershipView(membership, user);
  });
}

export function membershipView(
  membership: { organizationId: string; userId: string; roles: string[]; createdAt: Date; updatedAt: Date },
  user: { name: string; email: string; identityProvider: string; lastIp: string | null; lastLogin: Date | null; loginsCount: number; picture: string | null },
) {
  return {
    organizationId: membership.organizationId,
    userId: membership.userId,
    name: user.name,
    email: user.email,
    roles: membership.roles,
    identityProvider: user.identityProvider,
    lastIp: user.lastIp,
    lastLogin: user.lastLogin,
    loginsCount: user.loginsCount,
    picture: user.picture,
    createdAt: membership.createdAt,
    updatedAt: membership.updatedAt,
  };
}

/**
 * A user asks to join an organization; an existing member is told ACCEPTED. An unknown (or deleted)
 * organization gets the answer a real one gives, PENDING, with nothing recorded: the answer must not
 * tell whether an organization id exists.
 */
export async function requestAccess(prisma: PrismaClient, userId: string, organizationId: string, quotas: Quotas = DEFAULT_QUOTAS) {
  const organization = await prisma.organization.findFirst({ where: { id: organizationId, deletedAt: null } });
  if (!organization) return { status: 'PENDING' };
  const member = await prisma.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
  if (member) return { status: 'ACCEPTED' };
  const pending = await prisma.accessRequest.count({ where: { userId, status: 'PENDING', organizationId: { not: organizationId } } });
  requireWithinQuota(quotas, 'pendingAccessRequests', pending);
  const request = await prisma.accessRequest.upsert({
    where: { userId_organizationId: { userId, organizationId } },
    update: {},
    create: { userId, organizationId },
  });
  return { status: request.status };
}
