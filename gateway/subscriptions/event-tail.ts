import type pg from 'pg';
import type { EventLogRow } from '../../lib/event-log';
import { log } from '../../lib/log';

/**
 * One reader of the durable event log (documents.events) per gateway, shared by all its
 * subscriptions: each wake reads the new events of the organizations someone listens to, once,
 * and hands each event to that organization's listeners.
 *
 * No gap: `seq` is drawn at insert but transactions commit in any order, so "everything above the
 * last seq I saw" would skip a seq held by a transaction still running. The tail only moves its
 * position to a *safe horizon*:
 *   1. V = the sequence's last value (every seq <= V has been drawn);
 *   2. then the transactions in progress in this database (pg_stat_activity.backend_xid): any
 *      transaction that drew a seq <= V and has not committed is among them, because each
 *      log-writing statement takes its transaction id before its first row draws a seq (trigger,
 *      migration 20261128100000), and a transaction leaves that list when it becomes visible;
 *   3. wait until none of those is still in progress, polling every 10 ms;
 *   4. read (position, V] — now final — in seq order, hand it out, position = V.
 * The price: a long transaction in Vigil's database (a reconciliation of 100,000 alerts) delays
 * live delivery until it ends; nothing is skipped. The embedded database runs one transaction at
 * a time, so there the wait is empty.
 */
export type TailListener = (event: EventLogRow) => void

const PAGE = 1000;
const IN_PROGRESS_POLL_MS = 10;

export class EventTail {
  /** The safe horizon: every event with seq <= position has been read (or was before the tail started). */
  position = 0n;
  private listeners = new Map<string, Set<TailListener>>();
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private requested = 0;
  private waiters: Array<{ generation: number; resolve: () => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  /** Events read per second, for the bench: counted by the subscriptions, not here. */

  constructor(
    private readonly pool: pg.Pool,
    private readonly pollMs: () => number,
  ) {}

  async start(): Promise<void> {
    this.position = await this.safeHorizon();
    const schedule = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        this.wake();
        schedule();
      }, this.pollMs());
      this.timer.unref();
    };
    schedule();
  }

  /** Listen to the events of `organizationIds`; returns the way to stop. */
  listen(organizationIds: readonly string[], listener: TailListener): () => void {
    for (const id of organizationIds) {
      let set = this.listeners.get(id);
      if (!set) {
        set = new Set();
        this.listeners.set(id, set);
      }
      set.add(listener);
    }
    return () => {
      for (const id of organizationIds) {
        const set = this.listeners.get(id);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(id);
      }
    };
  }

  /** Resolves once a read that started after this call has finished (listeners added before it are served from its horizon on). */
  settled(): Promise<void> {
    const generation = ++this.requested;
    const done = new Promise<void>((resolve) => this.waiters.push({ generation, resolve }));
    this.wake();
    return done;
  }

  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.readLoop().finally(() => {
      this.running = null;
      // A wake that came after the loop's last check but before this: read again now, not at the next poll.
      if (this.again) this.wake();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }

  private async readLoop(): Promise<void> {
    do {
      this.again = false;
      const generation = this.requested;
      try {
        await this.readOnce();
      } catch (error) {
        if (this.closed) return;
        log.warn('subscriptions: reading the event log failed; retrying at the next wake', { error: (error as Error).message });
        await new Promise((resolve) => setTimeout(resolve, 200));
        this.again = true;
        continue;
      }
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.generation > generation) return true;
        waiter.resolve();
        return false;
      });
    } while (this.again && !this.closed);
  }

  private async readOnce(): Promise<void> {
    const horizon = await this.safeHorizon();
    if (horizon <= this.position) return;
    const organizations = [...this.listeners.keys()];
    let after = this.position;
    while (organizations.length && after < horizon) {
      const { rows } = await this.pool.query<EventLogRow>(
        `SELECT id, seq::text AS seq, "organizationId", name, source, version, data, metadata, "createdAt"
           FROM documents.events
          WHERE seq > $1::bigint AND seq <= $2::bigint AND "organizationId" = ANY($3::uuid[])
          ORDER BY events.seq LIMIT ${PAGE}`,
        [after.toString(), horizon.toString(), organizations],
      );
      for (const row of rows) {
        for (const listener of this.listeners.get(row.organizationId) ?? []) {
          // A listener ends its own subscriber on failure; one that throws anyway never holds the others back.
          try {
            listener(row);
          } catch (error) {
            log.error('subscriptions: a listener threw; the tail goes on', { error: (error as Error).message });
          }
        }
      }
      if (rows.length < PAGE) break;
      after = BigInt(rows[rows.length - 1].seq);
    }
    this.position = horizon;
  }

  /** Steps 1–3 above: the highest seq below which the log can no longer change. */
  private async safeHorizon(): Promise<bigint> {
    const { rows: seq } = await this.pool.query<{ v: string }>(`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS v FROM documents.events_seq_seq`);
    let pending = await this.inProgress(null);
    while (pending.length && !this.closed) {
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
      pending = await this.inProgress(pending);
    }
    return BigInt(seq[0].v);
  }

  /**
   * Transaction ids in progress in this database (of `among` when given). pg_stat_activity rather
   * than the snapshot's xip: xip lists the whole cluster, and one long transaction of another
   * database (a report, a migration) would hold every live stream back until it ends. Needs the
   * service's role to see its own sessions' backend_xid (it always does: they are its own).
   */
  private async inProgress(among: string[] | null): Promise<string[]> {
    const { rows } = await this.pool.query<{ x: string }>(
      `SELECT backend_xid::text AS x FROM pg_stat_activity
        WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()
          AND ($1::text[] IS NULL OR backend_xid::text = ANY($1::text[]))`,
      [among],
    );
    return rows.map((r) => r.x);
  }
}
