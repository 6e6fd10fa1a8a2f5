import type pg from 'pg';
import type { EventLogRow } from '../event-log';
import type { EventTail } from '../event-tail';
import { EVENT } from '../events';
import { log } from '../log';
import type { OpenStream } from './streams';

/**
 * One subscriber's stream, as an async iterator of messages — the one stream logic behind Vigil's
 * gateway transports (gateway/subscriptions/, a message is a GraphQL result built there) and the
 * subgraphs' own (subgraphs/subscriptions.ts, a message is the root value the subgraph's schema
 * resolves: the router passing the subscription through resolves the other subgraphs' fields).
 * `deps.message` turns a log entry into a message, `deps.ended` the end of a stream into its last
 * one. It runs in rounds; each round:
 *  1. listens to the tail (buffering), then waits for a tail read that started after that, so
 *     every entry above the tail's position `P` will reach it live;
 *  2. reads the log in (last delivered, P] itself, page by page, at the subscriber's pace (no
 *     buffer involved: the log is the buffer) — on the first round only with `after` (resume); if
 *     the live entries buffered meanwhile overflow, they are dropped and the log is read again up
 *     to a later horizon;
 *  3. then the buffered and live entries above the last one delivered (so neither gap nor
 *     duplicate where catch-up and live meet).
 * A new round starts when the viewer's follows change (a follow event in a listened log, or the
 * periodic re-check finding other sources): the stream is opened again — sources and follower
 * derivation as the REST log now has them — and continues from the last entry delivered, so what
 * it sends matches what GET /events shows that viewer from then on, both ways.
 *
 * The buffer between the tail and a subscriber holds at most `bufferLimit` entries: a subscriber
 * that falls further behind (its socket does not drain) is ended with SUBSCRIBER_TOO_SLOW and the
 * cursor of the last message it was sent; it resubscribes with `after` and catches up from the log.
 * Whatever fails while this subscriber's entries are selected, filtered or built ends this stream
 * alone (INTERNAL_SERVER_ERROR with its cursor): the shared tail never waits on it.
 */
export type EndCode = 'SUBSCRIBER_TOO_SLOW' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'GOING_AWAY' | 'INTERNAL_SERVER_ERROR';

export interface ActiveSubscription {
  stream: OpenStream;
  /** Past catch-up: every new entry of the log reaches it live. */
  live: boolean;
  /** Ends the stream: its last message carries errors[0].extensions { code, cursor }. */
  end(code: EndCode, message: string): void;
  /** Opens the stream again with the current follows and continues from the last entry delivered. */
  reopen(stream: OpenStream): void;
}

/** Log entries that may end someone's access: seeing one re-checks the subscribers at once. */
export const ACCESS_EVENTS = new Set<string>([
  EVENT.MemberRemoved,
  EVENT.MemberUpdated,
  EVENT.FollowingRemoved,
  EVENT.FollowerRemoved,
  EVENT.OrganizationDeleted,
]);
/** Log entries that change whose entries a follower sees: a stream that sees one opens again. */
export const FOLLOW_EVENTS = new Set<string>([
  EVENT.FollowingAccepted,
  EVENT.FollowingRemoved,
  EVENT.FollowerRemoved,
  EVENT.FollowingUpdated,
  EVENT.OrganizationDeleted,
]);

const CATCH_UP_PAGE = 1000;

export interface SubscriptionDeps<Message> {
  pool: pg.Pool;
  tail: EventTail;
  bufferLimit: number;
  /** The message of an entry as this subscriber sees it; `cursor` resumes right after it. */
  message(row: EventLogRow, cursor: string, stream: OpenStream): Promise<Message> | Message;
  /** The last message of a stream the server ended: it carries `code` and the cursor to resume from. */
  ended(code: EndCode, message: string, cursor: string): Message;
  onAccessEvent(): void;
  /** The stream opened again for the same subscriber (current follows); throws when it may no longer be opened. */
  reopen(stream: OpenStream): Promise<OpenStream>;
}

export function runSubscription<Message>(
  deps: SubscriptionDeps<Message>,
  first: OpenStream,
  after: bigint | null,
  register: (active: ActiveSubscription) => () => void,
): AsyncGenerator<Message> {
  let stream = first;
  const queue: EventLogRow[] = [];
  let ending: { code: EndCode; message: string } | null = null;
  let wakeup: (() => void) | null = null;
  let cancelled = false;
  /** While catching up, an overflow only drops the buffer: the log is read again up to a later horizon. */
  let catchingUp = true;
  let dropped = false;
  /** Set when the follows changed: the stream to continue with, or true to open it again first. */
  let reopening: OpenStream | true | null = null;
  let stop = () => {};
  /** A coalesced stream's pause between two messages: cut short when the stream ends or is cancelled. */
  let interruptPause: (() => void) | null = null;
  let lastMessageAt = 0;
  const signal = () => {
    const w = wakeup;
    wakeup = null;
    w?.();
  };
  const end = (code: EndCode, message: string) => {
    ending ??= { code, message };
    stop();
    queue.length = 0;
    interruptPause?.();
    signal();
  };
  const failed = (error: unknown) => {
    log.warn('subscriptions: a stream failed and was ended; the others go on', {
      field: stream.field,
      organizationId: stream.organizationId,
      error: error instanceof Error ? error.message : String(error),
    });
    end('INTERNAL_SERVER_ERROR', 'The stream failed; subscribe again with after: extensions.cursor to resume');
  };
  /** The follows changed: drop the buffer, open the stream again (`true`) or continue with `next`, reading the log from the last entry delivered. */
  const reopen = (next: OpenStream | true) => {
    if (ending || reopening) return;
    reopening = next;
    queue.length = 0;
    signal();
  };
  const onEntry = (row: EventLogRow) => {
    if (ending || reopening) return;
    try {
      if (ACCESS_EVENTS.has(row.name)) deps.onAccessEvent();
      if (FOLLOW_EVENTS.has(row.name) && stream.field !== 'alertChanged') {
        // What follows this entry may be seen through other follows.
        reopen(true);
        return;
      }
      const seen = stream.select(row);
      if (!seen) return;
      if (queue.length >= deps.bufferLimit && catchingUp) {
        queue.length = 0;
        dropped = true;
        return;
      }
      if (queue.length >= deps.bufferLimit) {
        end(
          'SUBSCRIBER_TOO_SLOW',
          `The subscriber fell more than ${deps.bufferLimit} events behind the stream; subscribe again with after: extensions.cursor to resume`,
        );
        return;
      }
      queue.push(seen);
      signal();
    } catch (error) {
      failed(error);
    }
  };
  const listen = () => {
    stop();
    stop = deps.tail.listen([...new Set([stream.organizationId, ...stream.sources])], onEntry);
  };
  listen();
  const active: ActiveSubscription = {
    get stream() {
      return stream;
    },
    end,
    live: false,
    reopen,
  };
  const unregister = register(active);

  const message = (row: EventLogRow) => {
    lastMessageAt = Date.now();
    return deps.message(row, stream.codec.seal([row.seq]), stream);
  };
  /** A coalesced stream sends the last of the entries it has (the state after them all); others each one. */
  const toSend = (rows: EventLogRow[]) => (stream.coalesceMs && rows.length > 1 ? rows.slice(-1) : rows);
  /** A coalesced stream waits until `coalesceMs` after its last message (at most one message per window). */
  const pause = async () => {
    const wait = stream.coalesceMs ? lastMessageAt + stream.coalesceMs - Date.now() : 0;
    if (wait <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      interruptPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    interruptPause = null;
  };

  async function* generate(): AsyncGenerator<Message> {
    let delivered: bigint | null = after;
    try {
      for (;;) {
        // 1–2. catch-up from the durable log, again up to a later horizon when live entries overflowed meanwhile
        catchingUp = true;
        await deps.tail.settled();
        let horizon = deps.tail.position;
        delivered ??= horizon;
        for (;;) {
          while (delivered < horizon && !ending && !cancelled && !reopening) {
            const { rows }: { rows: EventLogRow[] } = await deps.pool.query<EventLogRow>(
              `SELECT id, seq::text AS seq, "organizationId", name, source, version, data, metadata, "createdAt"
                 FROM documents.events
                WHERE "organizationId" = ANY($1::uuid[]) AND seq > $2::bigint AND seq <= $3::bigint
                ORDER BY events.seq LIMIT ${CATCH_UP_PAGE}`,
              [stream.sources, delivered.toString(), horizon.toString()],
            );
            const selected = rows.map((r) => stream.select(r)).filter((r): r is EventLogRow => r !== null);
            const kept = stream.refine ? await stream.refine(selected) : selected;
            for (const row of toSend(kept)) {
              if (ending || cancelled) break;
              yield await message(row);
              delivered = BigInt(row.seq);
            }
            if (ending || cancelled) break;
            delivered = rows.length < CATCH_UP_PAGE ? horizon : BigInt(rows[rows.length - 1].seq);
          }
          if (!dropped || ending || cancelled || reopening) break;
          dropped = false;
          queue.length = 0;
          await deps.tail.settled();
          horizon = deps.tail.position;
        }
        catchingUp = false;
        // 3. live, until the stream ends or opens again
        active.live = true;
        while (!reopening) {
          if (cancelled) return;
          if (ending) {
            const { code, message: text } = ending;
            yield deps.ended(code, text, stream.codec.seal([delivered.toString()]));
            return;
          }
          if (queue.length === 0) {
            await new Promise<void>((resolve) => {
              wakeup = resolve;
            });
            continue;
          }
          // The live path runs once per subscriber and entry (5,000 times an entry in bench:fanout): no await that
          // is not needed — a pause only for a coalesced stream, a refinement only for a stream that has one, and
          // `yield` awaits the message itself (an async generator's yield does).
          if (stream.coalesceMs) {
            await pause();
            if (cancelled || ending || reopening) continue;
          }
          const batch = queue.splice(0, queue.length).filter((r) => BigInt(r.seq) > (delivered ?? 0n));
          for (const row of toSend(stream.refine ? await stream.refine(batch) : batch)) {
            if (ending || reopening) break;
            yield message(row);
            delivered = BigInt(row.seq);
          }
        }
        // The follows changed: the same stream, opened again, from the last entry delivered.
        const next: OpenStream | true = reopening;
        stop();
        try {
          stream = next === true ? await deps.reopen(stream) : next;
        } catch (error) {
          end('FORBIDDEN', error instanceof Error ? error.message : 'The stream may no longer be opened');
          reopening = null;
          continue;
        }
        reopening = null;
        dropped = false;
        queue.length = 0;
        if (ending || cancelled) continue;
        listen();
      }
    } catch (error) {
      failed(error);
      if (!cancelled) yield deps.ended('INTERNAL_SERVER_ERROR', ending?.message ?? 'The stream failed', stream.codec.seal([(delivered ?? 0n).toString()]));
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
    interruptPause?.();
    signal();
    return finish(value);
  };
  return generator;
}
