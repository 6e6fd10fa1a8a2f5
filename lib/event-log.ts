import type pg from 'pg';
import { censoredAlertJsonSql } from './censorship';

/**
 * Reading an organization's event log.
 *
 * `documents.events` holds each event once, under the organization it happened in. What a follower
 * sees of the organizations it follows (AlertFollowingCreated / AlertFollowingUpdated) is not
 * copied there per follower: it is derived here, when the log is read, from the followed
 * organization's AlertCreated / AlertUpdated events since the follow began — censored by
 * lib/censorship.ts (resource, metadata and enrichment) and without the metadata's `userId`. A scan
 * that changes 100,000 alerts therefore writes 100,000 events whatever the number of followers
 * (fan-out on write cost ~0.45 s per follower and 100,000 changes; `bench:reconcile` history in
 * the commit log). A derived event keeps the seq (cursor order) of the event it comes from, and its
 * id is a stable uuid of (event id, follower id). An organization that stops following (or is
 * deleted) no longer sees the followed organization's events, past ones included.
 */

/** Which alert events a follower sees, and under which name. */
export const FOLLOWING_NAMES = { AlertCreated: 'AlertFollowingCreated', AlertUpdated: 'AlertFollowingUpdated' } as const;
const FOLLOWED_EVENT_NAMES = Object.keys(FOLLOWING_NAMES);
const DERIVED_NAMES = Object.values(FOLLOWING_NAMES) as string[];

export interface EventLogQuery {
  organizationId: string;
  /** Only events of this name (a derived name such as AlertFollowingCreated included). */
  name?: string | null;
  start?: Date | null;
  end?: Date | null;
  /** Only events after this seq (the cursor of the previous page). */
  afterSeq?: string | null;
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
  const params: unknown[] = [query.organizationId, query.afterSeq ?? null, query.start ?? null, query.end ?? null, query.limit];
  const add = (value: unknown) => `$${params.push(value)}`;
  const common = `($2::bigint IS NULL OR e.seq > $2::bigint)
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
         JOIN organizations.organizations o ON o.id = f."followedId" AND o."deletedAt" IS NULL
        WHERE f."followerId" = $1 ORDER BY f."followedId"`,
      [query.organizationId],
    );
    const names = derived ? [FOLLOWED_EVENT_NAMES[DERIVED_NAMES.indexOf(name)]] : FOLLOWED_EVENT_NAMES;
    for (const f of follows) {
      branches.push(`(SELECT md5(e.id::text || ':' || $1::text)::uuid AS id, e.seq, $1::uuid AS "organizationId",
              CASE e.name WHEN 'AlertCreated' THEN '${FOLLOWING_NAMES.AlertCreated}' ELSE '${FOLLOWING_NAMES.AlertUpdated}' END AS name,
              e.source, e.version, ${censoredAlertJsonSql('e.data')} AS data, e.metadata - 'userId' AS metadata, e."createdAt"
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
