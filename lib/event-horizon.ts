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

export async function safeHorizon(pool: pg.Pool, stopped: () => boolean = () => false): Promise<bigint> {
  const { rows: seq } = await pool.query<{ v: string }>(`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS v FROM documents.events_seq_seq`);
  let pending = await inProgress(pool, null);
  while (pending.length && !stopped()) {
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
  /** Moves the horizon as far as the log allows; returns the new value. Concurrent calls share one read. */
  advance(): Promise<string>;
}

export function createEventHorizon(pool: pg.Pool): EventHorizon {
  let value = '0';
  let advancing: Promise<string> | null = null;
  return {
    get value() {
      return value;
    },
    advance() {
      advancing ??= safeHorizon(pool)
        .then((reached) => {
          if (reached > BigInt(value)) value = reached.toString();
          return value;
        })
        .finally(() => {
          advancing = null;
        });
      return advancing;
    },
  };
}

const horizons = new WeakMap<pg.Pool, EventHorizon>();

/** The horizon webhook delivery uses, one per database pool (the wake advances it, the delivery jobs read it). */
export function webhookEventHorizon(pool: pg.Pool): EventHorizon {
  let horizon = horizons.get(pool);
  if (!horizon) {
    horizon = createEventHorizon(pool);
    horizons.set(pool, horizon);
  }
  return horizon;
}
