import type pg from 'pg';

/**
 * How far the event log is final: every seq ≤ `value` is committed or will never exist.
 *
 * `seq` comes from a sequence, taken when an event is inserted; transactions commit in another
 * order. A reader that moves a stored position to the newest seq it sees can skip an event whose
 * transaction took a lower seq and committed a moment later (test/webhooks.test.ts, ten concurrent
 * writers, lost events before this). Webhook delivery therefore reads no further than this horizon:
 * the end of the unbroken run of seqs. A hole in the run is an event still in flight — wait — or a
 * seq that will never come (a rolled-back transaction, the sequence's look-ahead lost in a crash).
 * A hole is declared dead once every transaction that was running when it was first seen has
 * ended (the database's snapshot xmin has passed that snapshot's xmax) and GAP_SETTLE_MS went by
 * (a transaction takes its seq a moment before its transaction id). Cost: a long transaction that
 * writes events (a large scan's ingestion) holds the horizon, and so every webhook, until it
 * commits. Advancing is one statement over the seq index (≤ BATCH rows).
 */
const BATCH = 10_000;
const GAP_SETTLE_MS = 1_000;

export interface EventHorizon {
  /** All seqs up to here are final (text, as pg returns bigint). */
  readonly value: string;
  /** Moves the horizon as far as the log allows; returns the new value. */
  advance(): Promise<string>;
}

interface Probe {
  xmin: string;
  xmax: string;
  seqs: string[] | null;
}

export function createEventHorizon(pool: pg.Pool, start: () => Promise<string>): EventHorizon {
  let value: string | null = null;
  let hole: { after: string; xmax: bigint; seenAt: number } | null = null;
  let advancing: Promise<string> | null = null;

  async function step(): Promise<string> {
    let reached: string = value ?? (await start());
    for (;;) {
      const { rows } = await pool.query<Probe>(
        `SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax,
                (SELECT array_agg(seq::text ORDER BY seq) FROM (SELECT seq FROM documents.events WHERE seq > $1::bigint ORDER BY seq LIMIT ${BATCH}) x) AS seqs
           FROM pg_current_snapshot() s`,
        [reached],
      );
      const { xmin, xmax, seqs } = rows[0];
      let current: bigint = BigInt(reached);
      let stopped = false;
      for (const text of seqs ?? []) {
        const seq = BigInt(text);
        if (seq === current + 1n) {
          current = seq;
          continue;
        }
        // A hole after `current`: in flight, or never coming.
        const key = current.toString();
        const seen = hole?.after === key && hole ? hole : { after: key, xmax: BigInt(xmax), seenAt: Date.now() };
        hole = seen;
        if (BigInt(xmin) >= seen.xmax && Date.now() - seen.seenAt >= GAP_SETTLE_MS) {
          hole = null;
          current = seq;
          continue;
        }
        stopped = true;
        break;
      }
      reached = current.toString();
      value = reached;
      if (stopped || (seqs ?? []).length < BATCH) return reached;
    }
  }

  return {
    get value() {
      return value ?? '0';
    },
    advance() {
      advancing ??= step().finally(() => {
        advancing = null;
      });
      return advancing;
    },
  };
}

const horizons = new WeakMap<pg.Pool, EventHorizon>();

/**
 * The horizon webhook delivery uses, one per database pool (the wake-up poller advances it, the
 * delivery jobs read it). It starts at the oldest position of an enabled webhook (or the newest
 * event when there is none): nothing below that is read again.
 */
export function webhookEventHorizon(pool: pg.Pool): EventHorizon {
  let horizon = horizons.get(pool);
  if (!horizon) {
    horizon = createEventHorizon(pool, async () => {
      const { rows } = await pool.query<{ start: string }>(
        `SELECT coalesce((SELECT min("cursorSeq") FROM documents.webhooks WHERE enabled), (SELECT max(seq) FROM documents.events), 0)::text AS start`,
      );
      return rows[0].start;
    });
    horizons.set(pool, horizon);
  }
  return horizon;
}
