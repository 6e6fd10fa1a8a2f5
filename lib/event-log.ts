import { createHash } from 'node:crypto';
import type pg from 'pg';
import { EVENT } from './events';
import { FOLLOWED_NOT_DELETED, Visibility } from './visibility';

/**
 * Reading an organization's event log.
 *
 * `documents.events` holds each event once, under the organization it happened in. What a follower
 * sees of the organizations it follows (AlertFollowingCreated / AlertFollowingUpdated) is not
 * copied there per follower: it is derived here, when the log is read, from the followed
 * organization's AlertCreated / AlertUpdated events since the follow began — censored by
 * lib/visibility.ts (Visibility.followerEventSql: the hidden alert fields and the metadata's `userId`). A scan
 * that changes 100,000 alerts therefore writes 100,000 events whatever the number of followers
 * (fan-out on write cost ~0.45 s per follower and 100,000 changes; `bench:reconcile` history in
 * the commit log). A derived event keeps the seq (cursor order) of the event it comes from, and its
 * id is a stable uuid of (event id, follower id). An organization that stops following (or is
 * deleted) no longer sees the followed organization's events, past ones included.
 */

/** Which alert events a follower sees, and under which name. */
export const FOLLOWING_NAMES = { AlertCreated: EVENT.AlertFollowingCreated, AlertUpdated: EVENT.AlertFollowingUpdated } as const;
/** The followed organization's events a follower sees (derived): the one list every reader uses. */
export const FOLLOWED_EVENT_NAMES = Object.keys(FOLLOWING_NAMES);
const followerEvent = Visibility.followerEventSql('e.data', 'e.metadata');
const DERIVED_NAMES = Object.values(FOLLOWING_NAMES) as string[];

export interface EventLogQuery {
  organizationId: string;
  /** Only events of this name (a derived name such as AlertFollowingCreated included). */
  name?: string | null;
  start?: Date | null;
  end?: Date | null;
  /** Only events after this seq (the cursor of the previous page). */
  afterSeq?: string | null;
  /** Only events up to this seq (webhook delivery reads no further than lib/event-horizon.ts allows). */
  throughSeq?: string | null;
  limit: number;
}

export interface EventLogRow {
  id: string;
  /** bigint as text */
  seq: string;
  organizationId: string;
  name: string;
  source: string;
  version: number;
  data: Record<string, unknown>;
  metadata: Record<string, string>;
  createdAt: Date;
}

/**
 * One page of the log, ordered by seq. Each stream (the organization's own events, and the alert
 * events of each organization it follows) is read through the (organizationId, seq) index with its
 * own LIMIT, then the streams are merged: the cost is one short index range per followed
 * organization, however long the logs are. Each stream is its own branch with its organization as
 * a parameter (not a LATERAL join over the follows), so the planner sees each organization's real
 * share of the log: a small organization next to a big one must not walk the whole seq index.
 */
export async function readEventLog(db: pg.Pool | pg.PoolClient, query: EventLogQuery): Promise<EventLogRow[]> {
  const name = query.name ?? null;
  const derived = name !== null && DERIVED_NAMES.includes(name);
  const params: unknown[] = [query.organizationId, query.afterSeq ?? null, query.start ?? null, query.end ?? null, query.limit, query.throughSeq ?? null];
  const add = (value: unknown) => `$${params.push(value)}`;
  const common = `($2::bigint IS NULL OR e.seq > $2::bigint) AND ($6::bigint IS NULL OR e.seq <= $6::bigint)
        AND ($3::timestamptz IS NULL OR e."createdAt" >= $3::timestamptz) AND ($4::timestamptz IS NULL OR e."createdAt" <= $4::timestamptz)`;
  const branches: string[] = [];
  if (!derived) {
    branches.push(`(SELECT e.id, e.seq, e."organizationId", e.name, e.source, e.version, e.data, e.metadata, e."createdAt"
         FROM documents.events e
        WHERE e."organizationId" = $1::uuid AND ${common}${name !== null ? ` AND e.name = ${add(name)}::text` : ''}
        ORDER BY e.seq LIMIT $5)`);
  }
  if (name === null || derived) {
    const { rows: follows } = await db.query<{ followedId: string; createdAt: Date }>(
      `SELECT f."followedId", f."createdAt" FROM organizations.follows f
        WHERE f."followerId" = $1 AND ${FOLLOWED_NOT_DELETED} ORDER BY f."followedId"`,
      [query.organizationId],
    );
    const names = derived ? [FOLLOWED_EVENT_NAMES[DERIVED_NAMES.indexOf(name)]] : FOLLOWED_EVENT_NAMES;
    for (const f of follows) {
      branches.push(`(SELECT md5(e.id::text || ':' || $1::text)::uuid AS id, e.seq, $1::uuid AS "organizationId",
              CASE e.name WHEN '${EVENT.AlertCreated}' THEN '${FOLLOWING_NAMES.AlertCreated}' ELSE '${FOLLOWING_NAMES.AlertUpdated}' END AS name,
              e.source, e.version, ${followerEvent.data} AS data, ${followerEvent.metadata} AS metadata, e."createdAt"
         FROM documents.events e
        WHERE e."organizationId" = ${add(f.followedId)}::uuid AND e."createdAt" >= ${add(f.createdAt)}::timestamptz
          AND e.name = ANY(${add(names)}::text[]) AND ${common}
        ORDER BY e.seq LIMIT $5)`);
    }
  }
  if (branches.length === 0) return [];
  const { rows } = await db.query<EventLogRow>(
    `SELECT id, seq::text AS seq, "organizationId", name, source, version, data, metadata, "createdAt"
       FROM (${branches.join('\n       UNION ALL ')}) e
      ORDER BY e.seq LIMIT $5`,
    params,
  );
  return rows;
}

/** The accepted follows of `followerId` (live followed organizations): since when, and the follower's tags on each. */
export async function followsOf(db: pg.Pool | pg.PoolClient, followerId: string): Promise<Array<{ followedId: string; createdAt: Date; tags: string[] }>> {
  const { rows } = await db.query<{ followedId: string; createdAt: Date; tags: string[] }>(
    `SELECT f."followedId", f."createdAt", f.tags FROM organizations.follows f
      WHERE f."followerId" = $1 AND ${FOLLOWED_NOT_DELETED} ORDER BY f."followedId"`,
    [followerId],
  );
  return rows;
}

/**
 * The event `followerId` sees of a followed organization's alert event, exactly as readEventLog
 * derives it in SQL (same id, name, censored data, metadata without `userId`); null when the
 * follower sees nothing of it (another name, or before the follow began).
 */
export function deriveFollowingEvent(row: EventLogRow, followerId: string, followCreatedAt: Date): EventLogRow | null {
  const name = FOLLOWING_NAMES[row.name as keyof typeof FOLLOWING_NAMES];
  if (!name || new Date(row.createdAt).getTime() < followCreatedAt.getTime()) return null;
  const hex = createHash('md5').update(`${row.id}:${followerId}`).digest('hex');
  const { userId: _userId, ...metadata } = row.metadata;
  // The same censored payload followerEventSql builds when the log is read (no view marker in it).
  const { followerView: _view, ...data } = Visibility.alertFor('follower', row.data);
  return {
    ...row,
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    organizationId: followerId,
    name,
    data,
    metadata,
  };
}
