import { GraphQLError } from 'graphql';
import type pg from 'pg';
import { type CursorCodec, cursorCodec } from '../cursors';
import { VigilError } from '../errors';
import { deriveFollowingEvent, type EventLogRow, FOLLOWED_EVENT_NAMES, followsOf } from '../event-log';
import { EVENT } from '../events';
import type { Principal } from '../principal';
import { Visibility } from '../visibility';
import { enumName } from '../vocabulary';

/**
 * The three live streams (SDL: subgraphs/alerts/subscriptions.graphql and
 * subgraphs/documents/subscriptions.graphql): which organizations' log entries feed a stream, who
 * may open it (lib/visibility.ts, as the matching queries), and which entries become messages — a
 * follower's entries derived and censored by lib/event-log.ts, as Query.events derives them.
 */
export type StreamField = 'alertChanged' | 'followingAlertChanged' | 'eventAppended' | 'postureChanged';
export const STREAM_FIELDS: readonly StreamField[] = ['alertChanged', 'followingAlertChanged', 'eventAppended', 'postureChanged'];

const ALERT_EVENTS = new Set(FOLLOWED_EVENT_NAMES);
/** The organization's log entries that may change its posture (docs/posture.md): its alerts, a deleted scan target, a scan's end. */
const POSTURE_EVENTS = new Set([...FOLLOWED_EVENT_NAMES, EVENT.ScanTargetDeleted, EVENT.ScanCompleted, EVENT.ScanFailed]);
/** postureChanged sends at most one message per this many ms (the posture after the last change). */
export const POSTURE_COALESCE_MS = 1000;

export interface StreamArgs {
  organizationId: string;
  after?: string | null;
  severities?: string[] | null;
  states?: string[] | null;
  scanTargetIds?: string[] | null;
  rules?: string[] | null;
  scanTargetKinds?: string[] | null;
  followingIds?: string[] | null;
  followingTags?: string[] | null;
  names?: string[] | null;
}

/** A stream opened for one subscriber: its sources and how an entry of the log becomes its message. */
export interface OpenStream {
  field: StreamField;
  organizationId: string;
  /** The arguments it was opened with (opened again with them when the follows change). */
  args: StreamArgs;
  /** Which follows feed it, and since when: two opens with the same `follows` select the same entries. */
  follows: string;
  /** Organizations whose log entries may feed the stream. */
  sources: string[];
  codec: CursorCodec;
  /** The entry as this subscriber sees it (derived for a follower), or null when it is not part of the stream. */
  select(row: EventLogRow): EventLogRow | null;
  /** Filters needing a lookup (scan target kinds): the rows kept, in order; absent when the stream has none. */
  refine?(rows: EventLogRow[]): Promise<EventLogRow[]>;
  /**
   * Coalesced streams (postureChanged) send the state after the entries, not each entry: at most one
   * message per `coalesceMs`, for the last entry selected meanwhile (lib/subscriptions/stream-run.ts).
   */
  coalesceMs?: number;
}

/** Codecs of the streams opened lately, one per (secret, field, organization): MAX_STREAM_CODECS kept, oldest dropped first. */
const MAX_STREAM_CODECS = 10_000;
const streamCodecs = new Map<string, CursorCodec>();

/**
 * The cursor of position `seq` of this stream: bound to the stream's field and organization (lib/cursors.ts).
 * One codec per (secret, field, organization), shared by every stream of it, that remembers the last cursor it
 * sealed: each entry of a fan-out is sealed once, not once per subscriber. Sealing is deterministic, so the
 * remembered cursor is the one sealing again would give. Measured (bench:fanout, --cpu-prof of the gateway,
 * 1,000 alertChanged subscribers, 90 changes, load 6–11): sealing per subscriber was 2.45 s of the gateway's
 * ~18 s of CPU (13 %, ~27 µs a message at that load) — the HMAC and AES-GCM of the same seq each time.
 */
export function streamCodec(secret: string, field: StreamField, organizationId: string): CursorCodec {
  const key = `${secret}\0${field}\0${organizationId}`;
  let codec = streamCodecs.get(key);
  if (!codec) {
    codec = lastSealRemembered(cursorCodec(secret, ['subscription', field, organizationId]));
    if (streamCodecs.size >= MAX_STREAM_CODECS) streamCodecs.delete(streamCodecs.keys().next().value as string);
    streamCodecs.set(key, codec);
  }
  return codec;
}

/** `codec`, remembering the cursor of the last one-part position it sealed (a stream's cursor is `[seq]`). */
function lastSealRemembered(codec: CursorCodec): CursorCodec {
  let lastPart: unknown;
  let lastCursor = '';
  return {
    seal(parts) {
      if (parts.length !== 1 || typeof parts[0] !== 'string') return codec.seal(parts);
      if (parts[0] !== lastPart) {
        lastCursor = codec.seal(parts);
        lastPart = parts[0];
      }
      return lastCursor;
    },
    open: (cursor, field) => codec.open(cursor, field),
  };
}

export function openAfter(codec: CursorCodec, after: string | null | undefined): bigint | null {
  if (after === undefined || after === null) return null;
  const [seq] = codec.open(after, 'after');
  if (typeof seq !== 'string' || !/^\d{1,19}$/.test(seq)) throw new VigilError('BAD_REQUEST', 'after is not a cursor this subscription returned', 'after');
  return BigInt(seq);
}

const within = (list: readonly string[] | null | undefined, value: unknown) => !list || list.length === 0 || list.includes(String(value));

function alertFilter(args: StreamArgs): (data: Record<string, unknown>) => boolean {
  return (data) =>
    within(args.severities, data.severity) && within(args.states, data.state) && within(args.scanTargetIds, data.scanTargetId) && within(args.rules, data.rule);
}

/**
 * Opens (authorizes) a stream for `principal`. Throws the query's errors: NOT_FOUND for an
 * organization the caller is not a member of, as Query.alerts / Query.events answer.
 */
export async function openStream(pool: pg.Pool, secret: string, principal: Principal, field: StreamField, args: StreamArgs): Promise<OpenStream> {
  const policy = new Visibility(pool, principal);
  const organizationId = args.organizationId;
  const codec = streamCodec(secret, field, organizationId);

  if (field === 'postureChanged') {
    // Members, and members of an organization following it (Query.posture's rule); its messages carry
    // only the posture, fetched as Query.posture answers this caller (censored for a follower). A
    // change of view (a follow ended, a membership) reopens the stream or ends it (FORBIDDEN).
    const view = await policy.requireView(organizationId);
    return {
      field,
      organizationId,
      args,
      follows: view,
      sources: [organizationId],
      codec,
      select: (row) => (row.organizationId === organizationId && POSTURE_EVENTS.has(row.name) ? row : null),
      coalesceMs: POSTURE_COALESCE_MS,
    };
  }

  await policy.requireMember(organizationId);

  if (field === 'alertChanged') {
    const matches = alertFilter(args);
    const kinds = args.scanTargetKinds?.length ? new Set(args.scanTargetKinds) : null;
    return {
      field,
      organizationId,
      args,
      follows: '',
      sources: [organizationId],
      codec,
      select: (row) => (ALERT_EVENTS.has(row.name) && matches(row.data) ? row : null),
      refine: kinds ? (rows) => keepScanTargetKinds(pool, rows, kinds) : undefined,
    };
  }

  const follows = await followedBy(pool, policy, organizationId, field === 'followingAlertChanged' ? args : {});
  const since = new Map(follows.map((f) => [f.followedId, f.createdAt]));
  const followsKey = follows.map((f) => `${f.followedId}@${new Date(f.createdAt).getTime()}`).join(',');
  if (field === 'followingAlertChanged') {
    const matches = alertFilter(args);
    return {
      field,
      organizationId,
      args,
      follows: followsKey,
      sources: follows.map((f) => f.followedId),
      codec,
      select(row) {
        const from = since.get(row.organizationId);
        const derived = from ? deriveFollowingEvent(row, organizationId, from) : null;
        return derived && matches(derived.data) ? derived : null;
      },
    };
  }

  // `names` are EventName enum values (`ALERT_UPDATED`); the log spells them `AlertUpdated`.
  const names = args.names?.length ? new Set(args.names) : null;
  return {
    field,
    organizationId,
    args,
    follows: followsKey,
    sources: [organizationId, ...follows.map((f) => f.followedId)],
    codec,
    select(row) {
      let seen: EventLogRow | null = row;
      if (row.organizationId !== organizationId) {
        const from = since.get(row.organizationId);
        seen = from ? deriveFollowingEvent(row, organizationId, from) : null;
      }
      return seen && (!names || names.has(enumName(seen.name))) ? seen : null;
    },
  };
}

/** The organizations `organizationId` follows, narrowed by followingIds / followingTags as the following lists narrow them. */
export async function followedBy(pool: pg.Pool, policy: Visibility, organizationId: string, args: Pick<StreamArgs, 'followingIds' | 'followingTags'>) {
  const visible = new Set(await policy.followedVisibleTo(organizationId, args.followingIds ?? undefined));
  const tags = args.followingTags?.length ? args.followingTags : null;
  return (await followsOf(pool, organizationId)).filter((f) => visible.has(f.followedId) && (!tags || f.tags.some((t) => tags.includes(t))));
}

/**
 * scanTargetKinds is the one filter the event's alert does not carry: the kind is read from the
 * scan target (alerts.scan_targets, like the event log a table the gateway reads directly; a
 * target's kind never changes), one statement per batch of entries.
 */
async function keepScanTargetKinds(pool: pg.Pool, rows: EventLogRow[], kinds: Set<string>): Promise<EventLogRow[]> {
  if (rows.length === 0) return rows;
  const ids = [...new Set(rows.map((r) => String(r.data.scanTargetId)))];
  const { rows: targets } = await pool.query<{ id: string; kind: string }>(`SELECT id, kind::text FROM alerts.scan_targets WHERE id = ANY($1::uuid[])`, [ids]);
  const kindOf = new Map(targets.map((t) => [t.id, t.kind]));
  return rows.filter((r) => kinds.has(kindOf.get(String(r.data.scanTargetId)) ?? ''));
}

/** Why a stream ended, as its last message says (README "Live subscriptions", close reasons). */
export function streamEnded(code: 'SUBSCRIBER_TOO_SLOW' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'GOING_AWAY', message: string, cursor: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, cursor } });
}
