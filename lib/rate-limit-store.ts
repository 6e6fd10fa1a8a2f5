import { type IncrementResponse, MemoryStore, type Options, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import { type DependencyState, dependencyState } from './dependency-state';

/**
 * The rate limits' shared count in Redis, and what happens without it: while Redis is not connected
 * every limit is counted in this process (a MemoryStore per limit) — decided at once from the
 * client's state, never by waiting for a command to fail — and the outage is logged once and shown
 * as `vigil_dependency_up{dependency="redis"} 0`. Measured before (issue 28): with the client's
 * offline queue on, each request waited behind ioredis' reconnect back-off (3.4–10.2 s per request
 * for the whole outage). Now commands are never queued (enableOfflineQueue false), a command that
 * gets no answer gives up after COMMAND_TIMEOUT_MS, and the client retries the connection at most
 * RECONNECT_MAX_MS apart, so the shared count is back within about a second of Redis.
 */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
const RECONNECT_MAX_MS = 1_000;
/** After a command failed on a connection that still looks open (a hung Redis), the next try this much later. */
const RETRY_AFTER_FAILURE_MS = 1_000;

export interface RedisRateLimitStores {
  /** A store for one limit (its keys under `<prefix><name>:`). */
  store(name: string): Store;
  /** Redis reachable (1) or the limits per process (0). */
  readonly state: DependencyState;
  close(): Promise<void>;
}

export function redisRateLimitStores(redisUrl: string, prefix: string): RedisRateLimitStores {
  const redis = new Redis(redisUrl, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
    // disconnect() ends the socket and destroys it if it is still open this much later; on a connection that
    // was refused (Redis down) the socket is already gone, and ioredis' default 2 s timer kept a stopping
    // process alive that long for nothing.
    disconnectTimeout: 200,
  });
  const state = dependencyState('redis', 'rate limits counted per process', true);
  const connection: Connection = { generation: 0, failedAt: 0 };
  redis.on('ready', () => {
    connection.generation++;
    connection.failedAt = 0;
    state.markUp();
  });
  redis.on('error', (error) => state.markDown(error));
  redis.on('close', () => state.markDown(new Error('connection closed')));
  const stores: FallbackStore[] = [];
  return {
    store(name) {
      const store = new FallbackStore(redis, `${prefix}${name}:`, state, connection);
      stores.push(store);
      return store;
    },
    state,
    async close() {
      for (const store of stores) store.shutdown();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

interface Connection {
  /** Counts the client's 'ready' events: scripts are loaded again on each new connection. */
  generation: number;
  /** When a command last failed (0: not since the connection was made). */
  failedAt: number;
}

class FallbackStore implements Store {
  private readonly memory = new MemoryStore();
  private readonly shared: RedisStore;
  private options?: Options;
  /** The connection (ready-count) the shared store's scripts were loaded on. */
  private loadedFor = -1;
  private loading?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly state: DependencyState,
    private readonly connection: Connection,
  ) {
    this.shared = new RedisStore({ prefix, sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply> });
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
  }

  /** The shared store when Redis is connected and its scripts are loaded on this connection; else null. */
  private async redisStore(): Promise<RedisStore | null> {
    if (this.redis.status !== 'ready' || !this.options) return null;
    if (this.connection.failedAt && Date.now() - this.connection.failedAt < RETRY_AFTER_FAILURE_MS) return null;
    if (this.loadedFor !== this.connection.generation) {
      const generation = this.connection.generation;
      this.loading ??= this.shared.init(this.options).then(
        () => {
          this.loadedFor = generation;
        },
        (error) => this.failed(error),
      );
      await this.loading.finally(() => {
        this.loading = undefined;
      });
      if (this.loadedFor !== generation) return null;
    }
    return this.shared;
  }

  private async either<T>(shared: (store: RedisStore) => Promise<T>, local: () => Promise<T> | T): Promise<T> {
    const store = await this.redisStore();
    if (store) {
      try {
        const result = await shared(store);
        this.connection.failedAt = 0;
        this.state.markUp();
        return result;
      } catch (error) {
        this.failed(error);
      }
    }
    return local();
  }

  private failed(error: unknown): void {
    this.connection.failedAt = Date.now();
    this.state.markDown(error);
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.either(
      (store) => store.increment(key),
      () => this.memory.increment(key),
    );
  }

  async decrement(key: string): Promise<void> {
    await this.either(
      (store) => store.decrement(key),
      () => this.memory.decrement(key),
    );
  }

  async resetKey(key: string): Promise<void> {
    await Promise.all([
      this.memory.resetKey(key),
      this.either(
        (store) => store.resetKey(key),
        () => undefined,
      ),
    ]);
  }

  get(key: string) {
    return this.either(
      (store) => store.get(key),
      () => this.memory.get(key),
    );
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}
