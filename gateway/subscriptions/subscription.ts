import type pg from 'pg';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { EventLogRow } from '../../lib/event-log';
import type { EventTail } from './event-tail';
import type { PayloadPlan } from './payload';
import type { OpenStream } from './streams';

/**
 * One subscriber's stream, as an async iterator of GraphQL results (what graphql-ws and
 * graphql-sse send). In order:
 *  1. it listens to the tail (buffering), then waits for a tail read that started after that, so
 *     every entry above the tail's position `P` will reach it live;
 *  2. with `after` (resume): reads the log in (after, P] itself, page by page, at the subscriber's
 *     pace (no buffer involved: the log is the buffer); if the live entries buffered meanwhile
 *     overflow, they are dropped and the log is read again up to a later horizon;
 *  3. then the buffered and live entries above the last one delivered (so neither gap nor
 *     duplicate where catch-up and live meet).
 * The buffer between the tail and a subscriber holds at most `bufferLimit` entries: a subscriber
 * that falls further behind (its socket does not drain) is ended with SUBSCRIBER_TOO_SLOW and the
 * cursor of the last message it was sent; it resubscribes with `after` and catches up from the log.
 */
export type EndCode = 'SUBSCRIBER_TOO_SLOW' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'GOING_AWAY';

export interface ActiveSubscription {
  stream: OpenStream;
  /** Past catch-up: every new entry of the log reaches it live. */
  live: boolean;
  /** Ends the stream: its last message carries errors[0].extensions { code, cursor }. */
  end(code: EndCode, message: string): void;
}

/** Log entries that may end someone's access: seeing one re-checks the subscribers at once. */
export const ACCESS_EVENTS = new Set(['MemberRemoved', 'MemberUpdated', 'FollowingRemoved', 'FollowerRemoved', 'OrganizationDeleted']);

const CATCH_UP_PAGE = 1000;

export interface SubscriptionDeps {
  pool: pg.Pool;
  tail: EventTail;
  bufferLimit: number;
  /** Fetches the alert of an entry (deduplicated across subscribers by the caller). */
  fetchAlert(row: EventLogRow): Promise<ExecutionResult> | null;
  onAccessEvent(): void;
}

export function runSubscription(deps: SubscriptionDeps, stream: OpenStream, plan: PayloadPlan, after: bigint | null, register: (active: ActiveSubscription) => () => void): AsyncGenerator<ExecutionResult> {
  const queue: EventLogRow[] = [];
  let ending: { code: EndCode; message: string } | null = null;
  let wakeup: (() => void) | null = null;
  let cancelled = false;
  /** While catching up, an overflow only drops the buffer: the log is read again up to a later horizon. */
  let catchingUp = true;
  let dropped = false;
  const signal = () => {
    const w = wakeup;
    wakeup = null;
    w?.();
  };
  const stop = deps.tail.listen([...new Set([stream.organizationId, ...stream.sources])], (row) => {
    if (ending) return;
    if (ACCESS_EVENTS.has(row.name)) deps.onAccessEvent();
    const seen = stream.select(row);
    if (!seen) return;
    if (queue.length >= deps.bufferLimit && catchingUp) {
      queue.length = 0;
      dropped = true;
      return;
    }
    if (queue.length >= deps.bufferLimit) {
      end('SUBSCRIBER_TOO_SLOW', `The subscriber fell more than ${deps.bufferLimit} events behind the stream; subscribe again with after: extensions.cursor to resume`);
      return;
    }
    queue.push(seen);
    signal();
  });
  const end = (code: EndCode, message: string) => {
    ending ??= { code, message };
    stop();
    queue.length = 0;
    signal();
  };
  const active: ActiveSubscription = { stream, end, live: false };
  const unregister = register(active);

  const message = async (row: EventLogRow): Promise<ExecutionResult> => {
    const fetched = plan.alertQuery ? await deps.fetchAlert(row) : null;
    return plan.build(row, stream.codec.seal([row.seq]), fetched);
  };

  async function* generate(): AsyncGenerator<ExecutionResult> {
    try {
      await deps.tail.settled();
      let horizon = deps.tail.position;
      let delivered = after ?? horizon;
      // 2. catch-up from the durable log, again up to a later horizon when live entries overflowed meanwhile
      for (;;) {
        while (delivered < horizon && !ending && !cancelled) {
          const { rows } = await deps.pool.query<EventLogRow>(
            `SELECT id, seq::text AS seq, "organizationId", name, source, version, data, metadata, "createdAt"
               FROM documents.events
              WHERE "organizationId" = ANY($1::uuid[]) AND seq > $2::bigint AND seq <= $3::bigint
              ORDER BY events.seq LIMIT ${CATCH_UP_PAGE}`,
            [stream.sources, delivered.toString(), horizon.toString()],
          );
          const kept = await stream.refine(rows.map((r) => stream.select(r)).filter((r): r is EventLogRow => r !== null));
          for (const row of kept) {
            if (ending || cancelled) break;
            yield await message(row);
            delivered = BigInt(row.seq);
          }
          if (ending || cancelled) break;
          delivered = rows.length < CATCH_UP_PAGE ? horizon : BigInt(rows[rows.length - 1].seq);
        }
        if (!dropped || ending || cancelled) break;
        dropped = false;
        queue.length = 0;
        await deps.tail.settled();
        horizon = deps.tail.position;
      }
      catchingUp = false;
      // 3. live
      active.live = true;
      for (;;) {
        if (cancelled) return;
        if (ending) {
          const { code, message: text } = ending;
          yield { errors: [new GraphQLError(text, { extensions: { code, cursor: stream.codec.seal([delivered.toString()]) } })] };
          return;
        }
        if (queue.length === 0) {
          await new Promise<void>((resolve) => {
            wakeup = resolve;
          });
          continue;
        }
        const batch = queue.splice(0, queue.length).filter((r) => BigInt(r.seq) > delivered);
        for (const row of await stream.refine(batch)) {
          if (ending) break;
          yield await message(row);
          delivered = BigInt(row.seq);
        }
      }
    } finally {
      stop();
      unregister();
    }
  }
  // An async generator's return() waits for the generator to reach a yield; one parked waiting
  // for the next entry never would, and the transport's close would hang: cancel it first.
  const generator = generate();
  const finish = generator.return.bind(generator);
  generator.return = (value) => {
    cancelled = true;
    stop();
    signal();
    return finish(value);
  };
  return generator;
}
