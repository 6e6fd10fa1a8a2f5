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
 * organization, however long the logs are.
 */
export async function readEventLog(db: pg.Pool | pg.PoolClient, query: EventLogQuery): Promise<EventLogRow[]> {
  const name = query.name ?? null;
  // A derived name is looked up as the name it derives from, in the followed organizations only.
  const sourceName = name && DERIVED_NAMES.includes(name) ? FOLLOWED_EVENT_NAMES[DERIVED_NAMES.indexOf(name)] : name;
  const ownStream = !name || !DERIVED_NAMES.includes(name);
  const followedStreams = !name || DERIVED_NAMES.includes(name);
  const { rows } = await db.query<EventLogRow>(
    `WITH streams AS (
       SELECT $1::uuid AS "organizationId", NULL::timestamptz AS since, false AS following WHERE $8::boolean
       UNION ALL
       SELECT f."followedId", f."createdAt", true
         FROM organizations.follows f
         JOIN organizations.organizations o ON o.id = f."followedId" AND o."deletedAt" IS NULL
        WHERE f."followerId" = $1::uuid AND $9::boolean
     )
     SELECT e.* FROM streams s CROSS JOIN LATERAL (
       SELECT CASE WHEN s.following THEN md5(e.id::text || ':' || $1::text)::uuid ELSE e.id END AS id,
              e.seq::text AS seq, $1::uuid AS "organizationId",
              CASE WHEN s.following THEN CASE e.name WHEN 'AlertCreated' THEN '${FOLLOWING_NAMES.AlertCreated}' ELSE '${FOLLOWING_NAMES.AlertUpdated}' END ELSE e.name END AS name,
              e.source, e.version,
              CASE WHEN s.following THEN ${censoredAlertJsonSql('e.data')} ELSE e.data END AS data,
              CASE WHEN s.following THEN e.metadata - 'userId' ELSE e.metadata END AS metadata,
              e."createdAt"
         FROM documents.events e
        WHERE e."organizationId" = s."organizationId"
          AND ($2::bigint IS NULL OR e.seq > $2::bigint)
          AND ($3::text IS NULL OR e.name = $3::text)
          AND ($4::timestamptz IS NULL OR e."createdAt" >= $4::timestamptz)
          AND ($5::timestamptz IS NULL OR e."createdAt" <= $5::timestamptz)
          AND (NOT s.following OR (e.name = ANY($6::text[]) AND e."createdAt" >= s.since))
        ORDER BY e.seq
        LIMIT $7
     ) e
     ORDER BY e.seq::bigint
     LIMIT $7`,
    [query.organizationId, query.afterSeq ?? null, sourceName, query.start ?? null, query.end ?? null, FOLLOWED_EVENT_NAMES, query.limit, ownStream, followedStreams],
  );
  return rows;
}
