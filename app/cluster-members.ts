import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What `npm run start:cluster` checks before it starts its members, and how it restarts them.
 * Without the database every member would fail at start and be started again at once, forever
 * (issue 22: 145 restarts in 60 s and "cluster up" in the log); now the cluster refuses to start
 * with one line naming what is missing, and a member that keeps exiting is started again after a
 * growing pause.
 */
const CHECK_TIMEOUT_MS = 5_000;

/** `host:port` of a URL, without its credentials or path (for a message a person reads). */
function where(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return 'an unparsable URL';
  }
}

/** The reason the members could not run (database unreachable, Redis unreachable when REDIS_URL is set), or null. */
export async function missingDependency(databaseUrl: string, redisUrl: string | undefined): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    return `the database of DATABASE_URL (${where(databaseUrl)}) cannot be reached: ${describe(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  if (redisUrl) {
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CHECK_TIMEOUT_MS,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      return `Redis of REDIS_URL (${where(redisUrl)}) cannot be reached: ${describe(error)}`;
    } finally {
      redis.disconnect();
    }
  }
  return null;
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string; errors?: Array<{ code?: string }> };
  // Node reports a refused dual-stack connect as an AggregateError with an empty message.
  return e?.message || e?.code || e?.errors?.[0]?.code || String(error);
}

/** A member that ran at least this long before exiting starts its next life with no pause history. */
export const STEADY_AFTER_MS = 30_000;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

/** The pause before starting a member again, after `failures` exits in a row (1 for the first): 1 s, 2 s, 4 s … 30 s. */
export function restartDelayMs(failures: number): number {
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, failures - 1));
}
