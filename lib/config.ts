import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT, ENVIRONMENT_VARIABLES, type Environment } from './environment';
import { SCAN_JOB_KINDS } from './jobs/kinds';
import { log } from './log';
import { trustProxySetting } from './request-origin';
import type { StorageSettings } from './storage';

export const SUBGRAPH_NAMES = ['organizations', 'alerts', 'questionnaires', 'documents'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];

/** Everything Vigil reads from the environment, in one typed object. */
export interface VigilConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; undefined selects the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  /** VIGIL_DATABASE_POOLING: `transaction` when databaseUrl is PgBouncer in transaction mode (lib/db-pooling.ts). */
  databasePooling: 'session' | 'transaction';
  /** DATABASE_DIRECT_URL: PostgreSQL itself, for migrations and LISTEN behind a transaction pooler. */
  databaseDirectUrl?: string;
  /** VIGIL_DATABASE_CONNECT_TIMEOUT_MS: how long a new database connection may take (lib/db.ts). */
  databaseConnectTimeoutMs: number;
  /** VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer (0: none; lib/db.ts). */
  databaseStatementTimeoutMs: number;
  /** VIGIL_DATABASE_QUERY_TIMEOUT_MS: how long a statement's answer may take client side (undefined: statement timeout + 5 s; lib/db.ts). */
  databaseQueryTimeoutMs?: number;
  /** VIGIL_DATABASE_PROBE_TIMEOUT_MS: the liveness probe's limit, which finds a silent database (0: no probe; lib/db-liveness.ts). */
  databaseProbeTimeoutMs: number;
  dataDir: string;
  /** Where the gateway finds each subgraph; in `npm start` they run in the same process. */
  subgraphUrls: Record<SubgraphName, string>;
  subgraphPorts: Record<SubgraphName, number>;
  /** Subgraphs given by `<NAME>_URL`: run elsewhere, so `npm start` does not start them itself. */
  remoteSubgraphs: SubgraphName[];
  /** How the gateway calls the subgraphs of its own process: directly (default) or over signed HTTP. */
  subgraphTransport: 'in-process' | 'http';
  /** Signs the principal the gateway passes to subgraphs and keys credential encryption. */
  secret: string;
  /** VIGIL_ROUTER_SECRET: another router may call the subgraphs with it (subgraphs/router-auth.ts); undefined = off. */
  routerSecret?: string;
  /** VIGIL_PUBLIC_URL (e.g. https://vigil.example.com): the base of links in answers; unset = the request's own origin (lib/request-origin.ts). */
  publicUrl?: string;
  /** VIGIL_TRUST_PROXY as express's `trust proxy`: whose X-Forwarded-Proto/-Host/-For count (default: nobody's). */
  trustProxy: boolean | string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * The scan scheduler (subgraphs/alerts/scans/scheduler.ts): on in a process whose VIGIL_WORKERS runs
   * `scan.schedule` (and the deprecated VIGIL_SCHEDULER is not off).
   */
  scheduler: { enabled: boolean; intervalMs: number };
  /** What one request may ask for (gateway/cost-limits.ts, gateway/body-limits.ts, lib/rate-limits.ts). */
  limits: RequestLimits;
  /** How many of a thing one owner may hold (checked where the thing is created). */
  quotas: Quotas;
  /**
   * VIGIL_WORKERS: the job kinds this process runs (workers/): `all` (default), `none` = [], or a comma
   * list; the scan kinds left out of a list when the deprecated VIGIL_SCHEDULER is off (of `all`:
   * `scheduler.enabled` false says so).
   */
  workers: 'all' | string[];
  /** VIGIL_JOB_CONCURRENCY (formerly VIGIL_WEBHOOK_CONCURRENCY): jobs of any kind this process's runner runs at once. */
  jobConcurrency: number;
  /** REDIS_URL: shared by the rate-limit counts (lib/rate-limits.ts) and the subscription wake-ups (lib/event-wake.ts); unset = per process. */
  redisUrl?: string;
  /** Webhook delivery (subgraphs/documents/webhooks.ts, workers/webhook-deliver.ts). */
  webhooks: WebhookSettings;
  /** Attachment bytes (lib/storage/): local disk under dataDir, or S3 when S3_BUCKET is set. */
  storage: StorageSettings;
  /** VIGIL_ATTACHMENT_MAX_BYTES, VIGIL_ATTACHMENT_URL_TTL_SECONDS, VIGIL_DOCUMENT_TTL_DAYS. */
  attachments: AttachmentLimits;
  /** Live subscriptions (gateway/subscriptions/, docs/subscriptions.md). */
  subscriptions: SubscriptionConfig;
  /** VIGIL_RETENTION_*: how long the growing logs are kept (the retention.purge job, lib/retention.ts). */
  retention: RetentionSettings;
  /** VIGIL_SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, how long in-flight requests and jobs get to finish. */
  shutdownTimeoutMs: number;
  /** VIGIL_METRICS_TOKEN: lets callers not on this machine read /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** VIGIL_CORS_ORIGINS: browser origins allowed to call the API cross-origin (none by default). */
  corsOrigins: string[];
  /** VIGIL_TRUSTED_DOCUMENTS(_ONLY): trusted document manifests (gateway/trusted-documents.ts) and whether only they run. */
  trustedDocuments: { path?: string; only: boolean };
}

export interface WebhookSettings {
  /** VIGIL_WEBHOOK_ALLOW_HOSTS: host names (as written in the URL, lower case) exempt from the SSRF address check. */
  allowHosts: string[];
  /** How often the worker looks for webhooks behind the event log (one query). */
  pollMs: number;
  /** A delivery without a complete answer after this long is a failure. */
  timeoutMs: number;
  /** Retry n after a failure waits backoffMs × 2^(n-1), at most backoffMaxMs, with ±50 % jitter. */
  backoffMs: number;
  backoffMaxMs: number;
  /** Disabled after this many consecutive failed attempts (0: never by count)… */
  disableAfterFailures: number;
  /** …or after failing without a success for this long (0: never by time). */
  disableAfterMs: number;
}

export interface AttachmentLimits {
  /** The largest contentLength an attachment may declare (an export's file is not bound by it). */
  maxBytes: number;
  /** How long an upload or download URL stays valid. */
  urlTtlSeconds: number;
  /** How long a document (export) and its file are kept. */
  documentTtlDays: number;
  /** How often expired documents and attachments are deleted (the documents.expire job). */
  cleanupIntervalMs: number;
}

/** Milliseconds each log is kept; null = forever. Expired documents and their files: VIGIL_DOCUMENT_TTL_DAYS (documents.expire). */
export interface RetentionSettings {
  eventsMs: number | null;
  alertHistoryMs: number | null;
  webhookDeliveriesMs: number | null;
  /** How often retention.purge is enqueued. */
  intervalMs: number;
}

export interface SubscriptionConfig {
  /**
   * VIGIL_SUBSCRIPTION_WAKE: what wakes the event tails: auto (redis when REDIS_URL is set, else postgres LISTEN, else in-process
   * for the embedded database), redis, postgres, process.
   */
  wake: 'auto' | 'redis' | 'postgres' | 'process';
  /** VIGIL_SUBSCRIPTION_POLL_MS: safety-net poll of the event log (default 1000). */
  pollMs: number;
  /** VIGIL_SUBSCRIPTION_BUFFER: events waiting for one subscriber before it is ended as too slow (default 1000). */
  bufferLimit: number;
  /** VIGIL_SUBSCRIPTION_RECHECK_MS: how often connected API keys, memberships and follows are checked again (default 5000). */
  recheckMs: number;
  redisPrefix: string;
}

export interface RequestLimits {
  graphql: {
    maxTokens: number;
    /** A caller without a key may only introspect: a smaller document suffices. */
    anonymousMaxTokens: number;
    maxAliases: number;
    maxDepth: number;
    maxDirectives: number;
    maxRootFields: number;
    /** Operations in one batched POST /graphql (gateway/batching.ts). */
    maxBatch: number;
    /** Estimated cost (gateway/cost-limits.ts): a paged list field costs its `size` times its selection. */
    maxCost: number;
  };
  /** Decompressed request body sizes, in bytes. */
  body: { jsonBytes: number; textBytes: number; findingsBytes: number };
  /** Requests per window; 0 disables that limit. Counted in Redis when REDIS_URL (`VigilConfig.redisUrl`) is set. */
  rateLimit: { windowMs: number; perKey: number; perAddress: number; failedKeysPerAddress: number; redisPrefix: string };
  /** node:http server timeouts (slow clients), in milliseconds. */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
}

export interface Quotas {
  apiKeysPerUser: number;
  commentsPerAlert: number;
  labelsPerAlert: number;
  /** Pending access requests (invite requests and follow requests) one user may have open. */
  pendingAccessRequests: number;
  /** Organizations one user may have created. */
  organizationsPerUser: number;
}

export const DEFAULT_QUOTAS: Quotas = { apiKeysPerUser: 100, commentsPerAlert: 1000, labelsPerAlert: 50, pendingAccessRequests: 20, organizationsPerUser: 50 };

/** Every problem of the environment at once, each naming its variable: start-up stops on it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the whole configuration from `env` through the one schema of lib/environment.ts: every value
 * checked (numbers, choices, URLs, and below: proxies, origins, job kinds), every problem reported at
 * once as a ConfigError naming its variable — a `VIGIL_*` variable the schema does not declare (a
 * typo) is one of them.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): VigilConfig {
  const problems: string[] = [];
  const parsed = ENVIRONMENT.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name} ${issue.message}, got "${env[name]}"`);
    }
  }
  for (const name of Object.keys(env)) {
    if (name.startsWith('VIGIL_') && !KNOWN.has(name)) problems.push(`${name} is not a Vigil setting (see docs/configuration.md)`);
  }
  if (!parsed.success) throw new ConfigError(problems);
  const check = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };
  const config = configOf(parsed.data, check, env);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

const KNOWN = new Set(ENVIRONMENT_VARIABLES);

type Check = <T>(read: () => T, fallback: T) => T;

/** Deprecated names still read: each is warned about once per process, when set. */
const warned = new Set<string>();
function deprecated(name: string, instead: string): void {
  if (warned.has(name)) return;
  warned.add(name);
  log.warn(`${name} is deprecated: ${instead} (docs/configuration.md)`, { variable: name });
}

function configOf(e: Environment, check: Check, env: NodeJS.ProcessEnv): VigilConfig {
  const port = e.PORT ?? 4000;
  let workers = workerKinds(e.VIGIL_WORKERS);
  if (e.VIGIL_SCHEDULER) {
    deprecated('VIGIL_SCHEDULER', 'VIGIL_WORKERS alone says which job kinds run here; to run no scans, list the kinds without scan.schedule and scan.run');
    if (e.VIGIL_SCHEDULER === 'off' && workers !== 'all') workers = workers.filter((kind) => !(SCAN_JOB_KINDS as readonly string[]).includes(kind));
  }
  let jobConcurrency = e.VIGIL_JOB_CONCURRENCY;
  if (e.VIGIL_WEBHOOK_CONCURRENCY !== undefined) {
    deprecated('VIGIL_WEBHOOK_CONCURRENCY', 'it is the concurrency of all jobs, VIGIL_JOB_CONCURRENCY, which wins when both are set');
    if (!env.VIGIL_JOB_CONCURRENCY) jobConcurrency = e.VIGIL_WEBHOOK_CONCURRENCY;
  }
  const dataDir = path.resolve(e.VIGIL_DATA_DIR);
  const basePort = e.SUBGRAPH_BASE_PORT ?? port + 1;
  const subgraphPorts = {} as Record<SubgraphName, number>;
  const subgraphUrls = {} as Record<SubgraphName, string>;
  SUBGRAPH_NAMES.forEach((name, i) => {
    const key = name.toUpperCase() as Uppercase<SubgraphName>;
    // Port 0 (tests) lets the system pick a free port for every subgraph.
    subgraphPorts[name] = e[`${key}_PORT`] ?? (basePort === 0 ? 0 : basePort + i);
    subgraphUrls[name] = e[`${key}_URL`] ?? `http://127.0.0.1:${subgraphPorts[name]}/graphql`;
  });
  const secret = loadSecret(e.VIGIL_SECRET, dataDir);
  return {
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePooling: e.VIGIL_DATABASE_POOLING,
    databaseConnectTimeoutMs: e.VIGIL_DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.VIGIL_DATABASE_STATEMENT_TIMEOUT_MS,
    databaseQueryTimeoutMs: e.VIGIL_DATABASE_QUERY_TIMEOUT_MS,
    databaseProbeTimeoutMs: e.VIGIL_DATABASE_PROBE_TIMEOUT_MS,
    databaseDirectUrl: check(() => {
      if (e.VIGIL_DATABASE_POOLING === 'transaction' && e.DATABASE_URL && !e.DATABASE_DIRECT_URL)
        throw new Error('VIGIL_DATABASE_POOLING=transaction needs DATABASE_DIRECT_URL (PostgreSQL itself: migrations hold a session lock)');
      return e.DATABASE_DIRECT_URL;
    }, undefined),
    dataDir,
    subgraphPorts,
    subgraphUrls,
    remoteSubgraphs: SUBGRAPH_NAMES.filter((name) => !!e[`${name.toUpperCase() as Uppercase<SubgraphName>}_URL`]),
    subgraphTransport: e.VIGIL_SUBGRAPH_TRANSPORT,
    secret,
    routerSecret: e.VIGIL_ROUTER_SECRET,
    publicUrl: e.VIGIL_PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: check(() => trustProxySetting(e.VIGIL_TRUST_PROXY), false),
    logLevel: e.LOG_LEVEL,
    scheduler: { enabled: e.VIGIL_SCHEDULER !== 'off' && (workers === 'all' || workers.includes('scan.schedule')), intervalMs: e.VIGIL_SCHEDULER_INTERVAL_MS },
    limits: {
      graphql: {
        maxTokens: e.VIGIL_GRAPHQL_MAX_TOKENS,
        anonymousMaxTokens: e.VIGIL_GRAPHQL_ANONYMOUS_MAX_TOKENS,
        maxAliases: e.VIGIL_GRAPHQL_MAX_ALIASES,
        maxDepth: e.VIGIL_GRAPHQL_MAX_DEPTH,
        maxDirectives: e.VIGIL_GRAPHQL_MAX_DIRECTIVES,
        maxRootFields: e.VIGIL_GRAPHQL_MAX_ROOT_FIELDS,
        maxBatch: e.VIGIL_GRAPHQL_MAX_BATCH,
        maxCost: e.VIGIL_GRAPHQL_MAX_COST,
      },
      body: { jsonBytes: e.VIGIL_BODY_MAX_BYTES, textBytes: 1024 * 1024, findingsBytes: e.VIGIL_FINDINGS_MAX_BYTES },
      rateLimit: {
        windowMs: e.VIGIL_RATE_LIMIT_WINDOW_MS,
        perKey: e.VIGIL_RATE_LIMIT_PER_KEY,
        perAddress: e.VIGIL_RATE_LIMIT_PER_ADDRESS,
        failedKeysPerAddress: e.VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS,
        redisPrefix: e.VIGIL_RATE_LIMIT_REDIS_PREFIX,
      },
      timeouts: { headersMs: e.VIGIL_HEADERS_TIMEOUT_MS, requestMs: e.VIGIL_REQUEST_TIMEOUT_MS, keepAliveMs: e.VIGIL_KEEP_ALIVE_TIMEOUT_MS },
    },
    quotas: {
      apiKeysPerUser: e.VIGIL_QUOTA_API_KEYS_PER_USER,
      commentsPerAlert: e.VIGIL_QUOTA_COMMENTS_PER_ALERT,
      labelsPerAlert: e.VIGIL_QUOTA_LABELS_PER_ALERT,
      pendingAccessRequests: e.VIGIL_QUOTA_PENDING_ACCESS_REQUESTS,
      organizationsPerUser: e.VIGIL_QUOTA_ORGANIZATIONS_PER_USER,
    },
    workers,
    jobConcurrency,
    redisUrl: e.REDIS_URL,
    webhooks: webhookSettingsOf(e),
    storage: {
      dataDir,
      secret,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? 'true' : 'false')) === 'true',
          }
        : undefined,
    },
    attachments: {
      maxBytes: e.VIGIL_ATTACHMENT_MAX_BYTES,
      urlTtlSeconds: e.VIGIL_ATTACHMENT_URL_TTL_SECONDS,
      documentTtlDays: e.VIGIL_DOCUMENT_TTL_DAYS,
      cleanupIntervalMs: Math.max(100, e.VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS),
    },
    subscriptions: {
      wake: e.VIGIL_SUBSCRIPTION_WAKE,
      pollMs: e.VIGIL_SUBSCRIPTION_POLL_MS,
      bufferLimit: e.VIGIL_SUBSCRIPTION_BUFFER,
      recheckMs: e.VIGIL_SUBSCRIPTION_RECHECK_MS,
      redisPrefix: e.VIGIL_SUBSCRIPTION_REDIS_PREFIX,
    },
    retention: retentionSettingsOf(e),
    shutdownTimeoutMs: e.VIGIL_SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.VIGIL_METRICS_TOKEN,
    corsOrigins: check(() => corsOrigins(e.VIGIL_CORS_ORIGINS), []),
    trustedDocuments: { path: e.VIGIL_TRUSTED_DOCUMENTS, only: e.VIGIL_TRUSTED_DOCUMENTS_ONLY === 'on' },
  };
}

/** Retention as VIGIL_RETENTION_* in `env` say (default: the schema's defaults). */
export function retentionSettings(env: NodeJS.ProcessEnv = {}): RetentionSettings {
  return retentionSettingsOf(ENVIRONMENT.parse(env));
}

function retentionSettingsOf(e: Environment): RetentionSettings {
  return {
    eventsMs: retentionMs(e.VIGIL_RETENTION_EVENTS),
    alertHistoryMs: retentionMs(e.VIGIL_RETENTION_ALERT_HISTORY),
    webhookDeliveriesMs: retentionMs(e.VIGIL_RETENTION_WEBHOOK_DELIVERIES),
    intervalMs: e.VIGIL_RETENTION_INTERVAL_MS,
  };
}

/** A checked retention value (`30m`, `12h`, `90d`, `forever`) in milliseconds; null = forever. */
export function retentionMs(value: string): number | null {
  if (value === 'forever') return null;
  return Number(value.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[value.slice(-1) as 'm' | 'h' | 'd'];
}

function webhookSettingsOf(e: Environment): WebhookSettings {
  return {
    allowHosts: (e.VIGIL_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, '$1'),
      )
      .filter(Boolean),
    pollMs: e.VIGIL_WEBHOOK_POLL_MS,
    timeoutMs: e.VIGIL_WEBHOOK_TIMEOUT_MS,
    backoffMs: e.VIGIL_WEBHOOK_BACKOFF_MS,
    backoffMaxMs: e.VIGIL_WEBHOOK_BACKOFF_MAX_MS,
    disableAfterFailures: e.VIGIL_WEBHOOK_DISABLE_AFTER_FAILURES,
    disableAfterMs: e.VIGIL_WEBHOOK_DISABLE_AFTER_MS,
  };
}

/** The webhook settings of `env` (the defaults for none), checked by the schema. */
export function webhookSettings(env: NodeJS.ProcessEnv = {}): WebhookSettings {
  return webhookSettingsOf(ENVIRONMENT.parse(env));
}

/** `https://a.example,http://localhost:3000`: each an origin (scheme, host, optional port; no path). */
function corsOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(
        `VIGIL_CORS_ORIGINS must be a comma-separated list of origins such as https://app.example.com (no path, no trailing slash), got "${origin}"`,
      );
    }
  }
  return origins;
}

function workerKinds(raw: string): 'all' | string[] {
  const value = raw.trim();
  if (value === '' || value.toLowerCase() === 'all') return 'all';
  if (value.toLowerCase() === 'none') return [];
  return value
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
}

/** The secret comes from VIGIL_SECRET, or is made once and kept in the data directory. */
function loadSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
