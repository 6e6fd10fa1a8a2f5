import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import pg from 'pg';
import type { VigilConfig } from './config';
import type { Database } from './db';
import { dependencyState } from './dependency-state';

/**
 * What wakes a gateway's event tail when the log grows. It carries no events (the durable log is
 * the truth, lib/event-tail.ts and webhook delivery read it): a lost or duplicated wake costs at most
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
  /** Calls `listener` at each wake; returns the way to stop. */
  onWake(listener: () => void): () => void;
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
    // Logged once per outage and shown as vigil_dependency_up{dependency="postgres-listen"}, not per reconnect attempt.
    const listenState = dependencyState('postgres-listen', 'live streams and webhooks are woken by polling until LISTEN is back');
    const connect = () => {
      const c = new pg.Client({ connectionString: options.databaseUrl });
      client = c;
      c.on('notification', wakeLocal);
      c.on('error', (error) => {
        if (!stopped) listenState.markDown(error);
      });
      c.on('end', () => {
        pgUp = false;
        if (stopped) return;
        listenState.markDown(new Error('LISTEN connection ended'));
        retry = setTimeout(connect, 1000);
      });
      c.connect()
        .then(() => c.query(`LISTEN ${PG_CHANNEL}`))
        .then(() => {
          pgUp = true;
          listenState.markUp();
          wakeLocal(); // events may have landed while we were not listening
        })
        .catch((error: Error) => {
          if (!stopped) listenState.markDown(error);
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
    const redisOptions = {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
      // As in lib/rate-limit-store.ts: a stop does not wait 2 s for a connection Redis never accepted.
      disconnectTimeout: 200,
    };
    // ioredis is loaded only in this mode: a process without Redis (the embedded default) never needs it.
    const { Redis: Client } = require('ioredis') as typeof import('ioredis');
    publisher = new Client(options.redisUrl, redisOptions);
    const subscriber = new Client(options.redisUrl, { ...redisOptions, enableOfflineQueue: true });
    publisher.on('error', () => undefined);
    // Logged once per outage and shown as vigil_dependency_up{dependency="redis-pubsub"}.
    const pubsubState = dependencyState('redis-pubsub', 'live streams and webhooks are woken by polling (250 ms) until Redis is back');
    let closing = false;
    subscriber.on('error', (error) => {
      if (!closing) pubsubState.markDown(error);
      redisUp = false;
    });
    subscriber.on('ready', () => {
      subscriber
        .subscribe(redisChannel)
        .then(() => {
          redisUp = true;
          pubsubState.markUp();
          wakeLocal();
        })
        .catch(() => undefined);
    });
    subscriber.on('close', () => {
      if (!closing) pubsubState.markDown(new Error('connection closed'));
      redisUp = false;
    });
    subscriber.on('message', wakeLocal);
    const pub = publisher;
    closers.push(async () => {
      closing = true;
      subscriber.disconnect();
      pub.disconnect();
    });
  }

  return {
    mode: options.mode,
    degraded: () => (options.mode === 'redis' ? !redisUp : options.mode === 'postgres' ? !pgUp : false),
    onWake: (listener) => {
      local.on('wake', listener);
      return () => local.off('wake', listener);
    },
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

/** The wake a process uses: VIGIL_SUBSCRIPTION_WAKE, or Redis when configured, else LISTEN on PostgreSQL, else in-process. */
export function wakeOptionsOf(config: VigilConfig, db: Database): WakeChannelOptions {
  const chosen = config.subscriptions.wake;
  // Behind a transaction pooler LISTEN cannot hold (the next statement may run on another server connection):
  // auto wakes through Redis, else in-process with the safety-net poll for other processes' writes;
  // `postgres` chosen explicitly listens on DATABASE_DIRECT_URL.
  const listens = db.mode === 'postgres' && !db.transactionPooled;
  const mode: WakeMode = chosen !== 'auto' ? chosen : config.redisUrl ? 'redis' : listens ? 'postgres' : 'process';
  return {
    mode,
    databaseUrl: db.mode === 'postgres' ? (db.transactionPooled ? db.directUrl : db.url) : undefined,
    redisUrl: config.redisUrl,
    redisPrefix: config.subscriptions.redisPrefix,
  };
}

const shared = new Map<string, { channel: WakeChannel; users: number }>();

/**
 * The process's one wake channel for these options, shared by every reader of the log in it (the
 * live tail, the webhook wake): one LISTEN connection or Redis subscription per process, whoever
 * consumes it. Each user closes its own handle; the channel closes with the last one.
 */
export function openSharedWakeChannel(options: WakeChannelOptions): WakeChannel {
  const key = JSON.stringify([options.mode, options.databaseUrl ?? null, options.redisUrl ?? null, options.redisPrefix]);
  let entry = shared.get(key);
  if (!entry) {
    entry = { channel: openWakeChannel(options), users: 0 };
    shared.set(key, entry);
  }
  entry.users++;
  const own = entry;
  const stops: Array<() => void> = [];
  let closed = false;
  return {
    mode: own.channel.mode,
    degraded: () => own.channel.degraded(),
    onWake(listener) {
      const stop = own.channel.onWake(listener);
      stops.push(stop);
      return stop;
    },
    publish: () => own.channel.publish(),
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of stops) stop();
      if (--own.users > 0) return;
      shared.delete(key);
      await own.channel.close();
    },
  };
}
