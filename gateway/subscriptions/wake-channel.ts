import { EventEmitter } from 'node:events';
import pg from 'pg';
import Redis from 'ioredis';
import { log } from '../../lib/log';

/**
 * What wakes a gateway's event tail when the log grows. It carries no events (the durable log is
 * the truth, gateway/subscriptions/event-tail.ts reads it): a lost or duplicated wake costs at most
 * one poll interval or one empty read, never a missed event.
 *
 * - `postgres`: LISTEN on channel `vigil_events` over a dedicated connection (not from the pool: a
 *   pooled connection would lose the LISTEN when returned). Every writer of the log notifies in
 *   the same transaction (trigger of migration 20261128100000), delivered at commit.
 * - `redis`: SUBSCRIBE to `<prefix>events`. A gateway publishes after each GraphQL/REST mutation it
 *   served (its commit is done when the answer is); writers outside any gateway's operations (the
 *   scheduler, workers) are picked up by the poll. When Redis is down the channel reports
 *   `degraded` and the tail polls at its fast interval (250 ms) until Redis is back.
 * - `process`: in-process only (the embedded single-process mode: PGlite's socket does not carry
 *   LISTEN across connections); the gateway wakes its own tail after each operation.
 * In every mode the tail also polls (VIGIL_SUBSCRIPTION_POLL_MS, default 1 s) as a safety net.
 */
export type WakeMode = 'redis' | 'postgres' | 'process';

export interface WakeChannel {
  readonly mode: WakeMode;
  /** True while the chosen channel is not connected (the tail then polls at its fast interval). */
  degraded(): boolean;
  onWake(listener: () => void): void;
  /** Something in this process may have appended to the log (after its commit). */
  publish(): void;
  close(): Promise<void>;
}

export interface WakeChannelOptions {
  mode: WakeMode;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
}

const PG_CHANNEL = 'vigil_events';

export function openWakeChannel(options: WakeChannelOptions): WakeChannel {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const wakeLocal = () => local.emit('wake');
  const closers: Array<() => Promise<void>> = [];
  let pgUp = false;
  let redisUp = false;

  if (options.databaseUrl && options.mode === 'postgres') {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = () => {
      const c = new pg.Client({ connectionString: options.databaseUrl });
      client = c;
      c.on('notification', wakeLocal);
      c.on('error', (error) => {
        log.warn('subscriptions: LISTEN connection lost', { error: error.message });
      });
      c.on('end', () => {
        pgUp = false;
        if (!stopped) retry = setTimeout(connect, 1000);
      });
      c.connect()
        .then(() => c.query(`LISTEN ${PG_CHANNEL}`))
        .then(() => {
          pgUp = true;
          wakeLocal(); // events may have landed while we were not listening
        })
        .catch((error: Error) => {
          log.warn('subscriptions: LISTEN failed', { error: error.message });
          c.end().catch(() => undefined);
        });
    };
    connect();
    closers.push(async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    });
  }

  const redisChannel = `${options.redisPrefix}events`;
  let publisher: Redis | null = null;
  if (options.mode === 'redis' && options.redisUrl) {
    // Commands fail fast while Redis is down (no offline queue): a publish is dropped, the poll covers it.
    const redisOptions = { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times: number) => Math.min(times * 200, 2000) };
    publisher = new Redis(options.redisUrl, redisOptions);
    const subscriber = new Redis(options.redisUrl, { ...redisOptions, enableOfflineQueue: true });
    publisher.on('error', () => undefined);
    subscriber.on('error', (error) => {
      if (redisUp) log.warn('subscriptions: Redis lost; waking by PostgreSQL LISTEN (if any) and polling', { error: error.message });
      redisUp = false;
    });
    subscriber.on('ready', () => {
      subscriber
        .subscribe(redisChannel)
        .then(() => {
          redisUp = true;
          wakeLocal();
        })
        .catch(() => undefined);
    });
    subscriber.on('close', () => {
      redisUp = false;
    });
    subscriber.on('message', wakeLocal);
    const pub = publisher;
    closers.push(async () => {
      subscriber.disconnect();
      pub.disconnect();
    });
  }

  return {
    mode: options.mode,
    degraded: () => (options.mode === 'redis' ? !redisUp : options.mode === 'postgres' ? !pgUp : false),
    onWake: (listener) => local.on('wake', listener),
    publish() {
      wakeLocal();
      if (options.mode === 'redis' && redisUp) publisher?.publish(redisChannel, '').catch(() => undefined);
    },
    async close() {
      local.removeAllListeners();
      for (const close of closers) await close();
    },
  };
}
