import type pg from 'pg';
import { eventHorizonOf } from './event-horizon';
import type { EventLogRow } from './event-log';
import { log } from './log';

/**
 * One reader of the durable event log (documents.events) per process, shared by all its live
 * subscriptions: each wake (lib/event-wake.ts) reads the new events of the organizations someone
 * listens to, once, up to the log's safe horizon (lib/event-horizon.ts: nothing is skipped while a
 * transaction holding a lower seq is still running), and hands each event to that organization's
 * listeners. A listener that throws is logged and passed over: one subscriber never holds the
 * tail, or any other subscriber, back.
 */
export type TailListener = (event: EventLogRow) => void;

const PAGE = 1000;

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
  /** Ends a wait for the horizon at close (a long transaction may hold it). */
  private readonly closing = new AbortController();
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
    this.closing.abort();
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

  /** The process's one horizon (lib/event-horizon.ts), shared with the webhook wake: one read per wake for both. */
  private async safeHorizon(): Promise<bigint> {
    return BigInt(await eventHorizonOf(this.pool).advance(this.closing.signal));
  }
}
