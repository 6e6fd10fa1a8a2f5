import type pg from 'pg';

/**
 * How far the event log is final: every seq ≤ the horizon is committed or will never exist. The one
 * answer for every reader that keeps a position in the log — the live tail (lib/event-tail.ts) and
 * webhook delivery (workers/webhook-*.ts).
 *
 * `seq` is drawn at insert but transactions commit in any order, so "everything up to the highest
 * seq I see" would skip a seq held by a transaction still running (test/subgraphs/documents/webhooks.test.ts, ten
 * concurrent writers). The horizon is found in three steps:
 *   1. V = the sequence's last value (every seq ≤ V has been drawn);
 *   2. the transactions in progress in this database (pg_stat_activity.backend_xid): any transaction
 *      that drew a seq ≤ V and has not committed is among them, because each log-writing statement
 *      takes its transaction id before its first row draws a seq (trigger, migration
 *      20261128100000), and a transaction leaves that list when it becomes visible;
 *   3. wait until none of *those* is still in progress (later ones do not matter), polling every
 *      10 ms; V is then final.
 * A rolled-back transaction leaves a hole that is final at once (no settle delay). The price: a long
 * transaction in Vigil's database (a reconciliation of 100,000 alerts) holds the horizon until it
 * ends; nothing is skipped. The embedded database runs one transaction at a time: the wait is empty.
 */
const IN_PROGRESS_POLL_MS = 10;

/** The final seq, or null when `stopped` said to give up before it was known. */
export async function safeHorizon(pool: pg.Pool, stopped: () => boolean = () => false): Promise<bigint | null> {
  const { rows: seq } = await pool.query<{ v: string }>(`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS v FROM documents.events_seq_seq`);
  let pending = await inProgress(pool, null);
  while (pending.length) {
    if (stopped()) return null;
    await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
    pending = await inProgress(pool, pending);
  }
  return BigInt(seq[0].v);
}

/**
 * Transaction ids in progress in this database (of `among` when given). pg_stat_activity rather
 * than the snapshot's xip: xip lists the whole cluster, and one long transaction of another
 * database (a report, a migration) would hold every reader back until it ends. Needs the service's
 * role to see its own sessions' backend_xid (it always does: they are its own).
 */
async function inProgress(pool: pg.Pool, among: string[] | null): Promise<string[]> {
  const { rows } = await pool.query<{ x: string }>(
    `SELECT backend_xid::text AS x FROM pg_stat_activity
      WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()
        AND ($1::text[] IS NULL OR backend_xid::text = ANY($1::text[]))`,
    [among],
  );
  return rows.map((r) => r.x);
}

export interface EventHorizon {
  /** All seqs up to here are final (text, as pg returns bigint). */
  readonly value: string;
  /** Reads of the log's end started so far (for tests: one per wake, whoever asks). */
  readonly reads: number;
  /**
   * Moves the horizon as far as the log allows and returns the new value. The answer comes from a
   * read that starts after this call, so it covers every commit the caller has seen (a NOTIFY, its
   * own write); calls made before that read starts share it. `signal` stops the caller's wait (the
   * answer is then the current value, final but perhaps not the newest); the read goes on for others.
   */
  advance(signal?: AbortSignal): Promise<string>;
}

/**
 * One horizon per database pool, shared by every reader in the process: the live tail and the webhook
 * wake are both called by one wake (lib/event-wake.ts emits to its listeners in one turn), so they ask
 * in the same turn and share one read — before, each NOTIFY cost two (2 to 4 statements each, more while
 * a transaction holds the horizon; issue 38). The read starts in a microtask after the first call so
 * the calls of that turn join it; a call made while a read is out waits for the next, which starts when
 * that one ends and serves every call made meanwhile: at most one read out, one queued.
 */
export function createEventHorizon(pool: pg.Pool): EventHorizon {
  let value = '0';
  let reads = 0;
  /** The read that has not started yet: calls join it. */
  let queued: Promise<string> | null = null;
  /** The read under way (it may have read the sequence already: calls no longer join it). */
  let running: Promise<string> | null = null;

  const read = async (): Promise<string> => {
    reads++;
    // Gives up only when the pool is closing (no reader is left to answer).
    const reached = await safeHorizon(pool, () => (pool as pg.Pool & { ending?: boolean }).ending === true);
    if (reached !== null && reached > BigInt(value)) value = reached.toString();
    return value;
  };
  const queue = (): Promise<string> => {
    const next: Promise<string> = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        // Starts here: from now on a call waits for the next read.
        queued = null;
        const started = read();
        running = started;
        return started.finally(() => {
          if (running === started) running = null;
        });
      });
    queued = next;
    return next;
  };

  return {
    get value() {
      return value;
    },
    get reads() {
      return reads;
    },
    advance(signal) {
      const answer = queued ?? queue();
      if (!signal) return answer;
      if (signal.aborted) return Promise.resolve(value);
      return new Promise<string>((resolve, reject) => {
        const stop = () => resolve(value);
        signal.addEventListener('abort', stop, { once: true });
        answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
      });
    },
  };
}

const horizons = new WeakMap<pg.Pool, EventHorizon>();

/** The process's horizon for this database pool: the wake, the delivery jobs and the live tail read and advance the same one. */
export function eventHorizonOf(pool: pg.Pool): EventHorizon {
  let horizon = horizons.get(pool);
  if (!horizon) {
    horizon = createEventHorizon(pool);
    horizons.set(pool, horizon);
  }
  return horizon;
}
