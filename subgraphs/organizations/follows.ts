import type { PrismaClient, Tx } from '../../lib/db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { EVENT, recordEvent } from '../../lib/events';
import * as valid from '../../lib/validate';
import type { SubgraphContext } from '../server';
import type { OrganizationsLoaders } from './loaders';
import { lockOrganization, SOURCE } from './organizations';
import { after, type Window } from './pages';

export type Ctx = SubgraphContext<OrganizationsLoaders>;

// Follow relations are set up by the FOLLOWED organization: it asks another one (token = that
// organization's id) to follow it, and the invited organization accepts or declines. Every change to
// a pair runs under the followed organization's lock. Records name the OTHER organization in id/name.

type OrganizationSummary = { id: string; name: string; picture: string | null };
type FollowRow = { followerId: string; followedId: string; tags: string[]; createdAt: Date };
type RequestRow = { followerId: string; followedId: string; status: string; createdAt: Date; decidedAt: Date | null };

const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

/** The follower's labels of a relation: non-empty strings, trimmed and deduplicated. */
export function followTags(value: readonly unknown[] | null | undefined, field = 'tags'): string[] {
  if (value == null) return [];
  if (value.length > MAX_TAGS) throw badRequest(`${field} must hold at most ${MAX_TAGS} tags`, field);
  return [...new Set(value.map((tag) => valid.name(tag, field, MAX_TAG_LENGTH)))];
}

export const followerView = (f: FollowRow, follower: OrganizationSummary) => ({
  id: follower.id,
  name: follower.name,
  picture: follower.picture,
  followerId: f.followerId,
  followingId: f.followedId,
  createdAt: f.createdAt,
});

export const followingView = (f: FollowRow, followed: OrganizationSummary) => ({
  id: followed.id,
  name: followed.name,
  picture: followed.picture,
  followerId: f.followerId,
  followingId: f.followedId,
  tags: f.tags,
  createdAt: f.createdAt,
});

/**
 * The followed side's view of its request. The invited organization's name is not shown: the
 * inviter only typed an id, and an id must not tell whether (or which) organization it belongs to;
 * the name appears once the invited organization accepts (in `followers`).
 */
export const followerRequestView = (r: RequestRow) => ({
  token: r.followerId,
  id: r.followerId,
  name: null,
  followerId: r.followerId,
  followingId: r.followedId,
  status: r.status,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
});

export const followingRequestView = (r: RequestRow, followed: OrganizationSummary) => ({
  id: followed.id,
  name: followed.name,
  followerId: r.followerId,
  followingId: r.followedId,
  status: r.status,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
});

const live = { deletedAt: null };
/** The followed side sees its requests until they are accepted; the invited side only pending ones. */
const VISIBLE_TO_FOLLOWED = ['PENDING', 'DECLINED'];

// ── the followed organization's side ──

export async function listFollowers(prisma: PrismaClient, followedId: string, window: Window = {}) {
  const rows = await prisma.follow.findMany({
    where: { followedId, follower: live, ...after('followerId', window.after) },
    include: { follower: true },
    orderBy: [{ createdAt: 'asc' }, { followerId: 'asc' }],
    take: window.take,
  });
  return rows.map((f) => followerView(f, f.follower));
}

export async function listFollowerRequests(prisma: PrismaClient, followedId: string, followerId?: string, window: Window = {}) {
  const rows = await prisma.followRequest.findMany({
    where: { followedId, ...(followerId ? { followerId } : {}), status: { in: VISIBLE_TO_FOLLOWED }, follower: live, ...after('followerId', window.after) },
    include: { follower: true },
    orderBy: [{ createdAt: 'asc' }, { followerId: 'asc' }],
    take: window.take,
  });
  return rows.map((r) => followerRequestView(r));
}

/**
 * Asks `followerId` to follow `followedId`; a declined (or formerly accepted) request is asked again.
 * An id of no (live) organization gets the answer a real one gets, with nothing recorded: the
 * answer must not tell whether an organization id exists.
 */
export async function createFollowerRequest(prisma: PrismaClient, actorId: string, followedId: string, followerId: string) {
  if (followerId === followedId) throw badRequest('token must be the id of another organization', 'token');
  return prisma.$transaction(async (tx) => {
    await lockOrganization(tx, followedId);
    const invited = await tx.organization.findFirst({ where: { id: followerId, ...live } });
    if (!invited) return followerRequestView({ followerId, followedId, status: 'PENDING', createdAt: new Date(), decidedAt: null });
    const follow = await tx.follow.findUnique({ where: { followerId_followedId: { followerId, followedId } } });
    if (follow) throw conflict('That organization already follows this one');
    const existing = await tx.followRequest.findUnique({ where: { followedId_followerId: { followedId, followerId } } });
    if (existing?.status === 'PENDING') throw conflict('That organization already has a pending request');
    const data = { status: 'PENDING', requestedBy: actorId, createdAt: new Date(), decidedAt: null };
    const request = existing
      ? await tx.followRequest.update({ where: { followedId_followerId: { followedId, followerId } }, data })
      : await tx.followRequest.create({ data: { followedId, followerId, ...data } });
    const followed = await tx.organization.findUniqueOrThrow({ where: { id: followedId } });
    const metadata = { userId: actorId };
    await recordEvent(tx, { organizationId: followedId, name: EVENT.FollowerRequested, source: SOURCE.follower, data: followerRequestView(request), metadata });
    await recordEvent(tx, {
      organizationId: followerId,
      name: EVENT.FollowingRequested,
      source: SOURCE.following,
      data: followingRequestView(request, followed),
      metadata,
    });
    return followerRequestView(request);
  });
}

export async function deleteFollowerRequest(prisma: PrismaClient, actorId: string, followedId: string, followerId: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    await lockOrganization(tx, followedId);
    const request = await tx.followRequest.findFirst({
      where: { followedId, followerId, status: { in: VISIBLE_TO_FOLLOWED }, follower: live },
      include: { follower: true },
    });
    if (!request) throw notFound('Follower request');
    await tx.followRequest.delete({ where: { followedId_followerId: { followedId, followerId } } });
    await recordEvent(tx, {
      organizationId: followedId,
      name: EVENT.FollowerRequestDeleted,
      source: SOURCE.follower,
      data: followerRequestView(request),
      metadata: { userId: actorId },
    });
    return true;
  });
}

/** Ends a relation from either side; both organizations' logs record it. */
async function endFollow(tx: Tx, actor: { userId: string; organizationId: string }, followerId: string, followedId: string): Promise<boolean> {
  await lockOrganization(tx, followedId);
  const follow = await tx.follow.findFirst({ where: { followerId, followedId, follower: live, followed: live }, include: { follower: true, followed: true } });
  if (!follow) throw notFound(actor.organizationId === followedId ? 'Follower' : 'Following');
  await tx.follow.delete({ where: { followerId_followedId: { followerId, followedId } } });
  const metadata = { userId: actor.userId, organizationId: actor.organizationId };
  await recordEvent(tx, {
    organizationId: followedId,
    name: EVENT.FollowerRemoved,
    source: SOURCE.follower,
    data: followerView(follow, follow.follower),
    metadata,
  });
  await recordEvent(tx, {
    organizationId: followerId,
    name: EVENT.FollowingRemoved,
    source: SOURCE.following,
    data: followingView(follow, follow.followed),
    metadata,
  });
  return true;
}

export function removeFollower(prisma: PrismaClient, actorId: string, followedId: string, followerId: string): Promise<boolean> {
  return prisma.$transaction((tx) => endFollow(tx, { userId: actorId, organizationId: followedId }, followerId, followedId));
}

// ── the invited / following organization's side ──

export async function listFollowing(prisma: PrismaClient, followerId: string, window: Window = {}) {
  const rows = await prisma.follow.findMany({
    where: { followerId, followed: live, ...after('followedId', window.after) },
    include: { followed: true },
    orderBy: [{ createdAt: 'asc' }, { followedId: 'asc' }],
    take: window.take,
  });
  return rows.map((f) => followingView(f, f.followed));
}

export async function listFollowingRequests(prisma: PrismaClient, followerId: string, followedId?: string, window: Window = {}) {
  const rows = await prisma.followRequest.findMany({
    where: { followerId, ...(followedId ? { followedId } : {}), status: 'PENDING', followed: live, ...after('followedId', window.after) },
    include: { followed: true },
    orderBy: [{ createdAt: 'asc' }, { followedId: 'asc' }],
    take: window.take,
  });
  return rows.map((r) => followingRequestView(r, r.followed));
}

async function pendingRequest(tx: Tx, followerId: string, followedId: string) {
  await lockOrganization(tx, followedId);
  const request = await tx.followRequest.findFirst({ where: { followerId, followedId, status: 'PENDING', followed: live }, include: { followed: true } });
  if (!request) throw notFound('Following request');
  return request;
}

export async function acceptFollowingRequest(prisma: PrismaClient, actorId: string, followerId: string, followedId: string, tags: string[]) {
  return prisma.$transaction(async (tx) => {
    const request = await pendingRequest(tx, followerId, followedId);
    const decided = await tx.followRequest.update({
      where: { followedId_followerId: { followedId, followerId } },
      data: { status: 'ACCEPTED', decidedAt: new Date() },
    });
    const follow = await tx.follow.upsert({
      where: { followerId_followedId: { followerId, followedId } },
      update: { tags },
      create: { followerId, followedId, tags },
    });
    const follower = await tx.organization.findUniqueOrThrow({ where: { id: followerId } });
    const metadata = { userId: actorId, organizationId: followerId };
    const relation = followingView(follow, request.followed);
    await recordEvent(tx, { organizationId: followerId, name: EVENT.FollowingAccepted, source: SOURCE.following, data: relation, metadata });
    // The followed side's copy leaves out the follower's private tags.
    await recordEvent(tx, {
      organizationId: followedId,
      name: EVENT.FollowingAccepted,
      source: SOURCE.following,
      data: { ...followerView(follow, follower), decidedAt: decided.decidedAt },
      metadata,
    });
    return relation;
  });
}

export async function declineFollowingRequest(prisma: PrismaClient, actorId: string, followerId: string, followedId: string) {
  return prisma.$transaction(async (tx) => {
    const request = await pendingRequest(tx, followerId, followedId);
    const decided = await tx.followRequest.update({
      where: { followedId_followerId: { followedId, followerId } },
      data: { status: 'DECLINED', decidedAt: new Date() },
    });
    const metadata = { userId: actorId, organizationId: followerId };
    await recordEvent(tx, {
      organizationId: followerId,
      name: EVENT.FollowingDeclined,
      source: SOURCE.following,
      data: followingRequestView(decided, request.followed),
      metadata,
    });
    await recordEvent(tx, {
      organizationId: followedId,
      name: EVENT.FollowingDeclined,
      source: SOURCE.following,
      data: followerRequestView(decided),
      metadata,
    });
    return followingRequestView(decided, request.followed);
  });
}

export async function updateFollowingTags(prisma: PrismaClient, actorId: string, followerId: string, followedId: string, tags: string[]) {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.follow.updateMany({ where: { followerId, followedId, followed: live }, data: { tags } });
    if (count === 0) throw notFound('Following');
    const follow = await tx.follow.findUniqueOrThrow({ where: { followerId_followedId: { followerId, followedId } }, include: { followed: true } });
    const relation = followingView(follow, follow.followed);
    await recordEvent(tx, {
      organizationId: followerId,
      name: EVENT.FollowingUpdated,
      source: SOURCE.following,
      data: relation,
      metadata: { userId: actorId },
    });
    return relation;
  });
}

export function stopFollowing(prisma: PrismaClient, actorId: string, followerId: string, followedId: string): Promise<boolean> {
  return prisma.$transaction((tx) => endFollow(tx, { userId: actorId, organizationId: followerId }, followerId, followedId));
}

export function one<T>(rows: T[], what: string): T {
  if (!rows[0]) throw notFound(what);
  return rows[0];
}
