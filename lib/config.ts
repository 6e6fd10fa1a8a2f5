import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { trustProxySetting } from './request-origin';
import { s3Settings, type StorageSettings } from './storage';

export const SUBGRAPH_NAMES = ['organizations', 'alerts', 'questionnaires', 'documents'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];

/** Everything Vigil reads from the environment, in one typed object. */
export interface VigilConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; undefined selects the embedded PGlite database in dataDir. */
  databaseUrl?: string;
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
  /** VIGIL_PUBLIC_URL (e.g. https://vigil.example.com): the base of links in answers; unset = the request's own origin (lib/request-origin.ts). */
  publicUrl?: string;
  /** VIGIL_TRUST_PROXY as express's `trust proxy`: whose X-Forwarded-Proto/-Host/-For count (default: nobody's). */
  trustProxy: boolean | string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The scan scheduler (subgraphs/alerts/scheduler.ts): VIGIL_SCHEDULER=off disables it in this process. */
  scheduler: { enabled: boolean; intervalMs: number };
  /** What one request may ask for (gateway/cost-limits.ts, gateway/body-limits.ts, gateway/rate-limits.ts). */
  limits: RequestLimits;
  /** How many of a thing one owner may hold (checked where the thing is created). */
  quotas: Quotas;
  /** VIGIL_WORKERS: the job kinds this process runs (workers/): `all` (default), `none` = [], or a comma list. */
  workers: 'all' | string[];
  /** Webhook delivery (subgraphs/documents/webhooks.ts, workers/webhook-deliver.ts). */
  webhooks: WebhookSettings;
  /** Attachment bytes (lib/storage/): local disk under dataDir, or S3 when S3_BUCKET is set. */
  storage: StorageSettings;
  /** VIGIL_ATTACHMENT_MAX_BYTES, VIGIL_ATTACHMENT_URL_TTL_SECONDS, VIGIL_DOCUMENT_TTL_DAYS. */
  attachments: AttachmentLimits;
  /** Live subscriptions (gateway/subscriptions/, README "Live subscriptions"). */
  subscriptions: SubscriptionConfig;
  /** VIGIL_SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, how long in-flight requests and jobs get to finish. */
  shutdownTimeoutMs: number;
  /** VIGIL_METRICS_TOKEN: lets callers not on this machine read /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** VIGIL_CORS_ORIGINS: browser origins allowed to call the API cross-origin (none by default). */
  corsOrigins: string[];
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
  /** Webhooks delivered at once by one worker process (each one in order, one event at a time). */
  concurrency: number;
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

export interface SubscriptionConfig {
  /** VIGIL_SUBSCRIPTION_WAKE: what wakes the event tails: auto (redis when REDIS_URL is set, else postgres LISTEN, else in-process for the embedded database), redis, postgres, process. */
  wake: 'auto' | 'redis' | 'postgres' | 'process';
  /** VIGIL_SUBSCRIPTION_POLL_MS: safety-net poll of the event log (default 1000). */
  pollMs: number;
  /** VIGIL_SUBSCRIPTION_BUFFER: events waiting for one subscriber before it is ended as too slow (default 1000). */
  bufferLimit: number;
  /** VIGIL_SUBSCRIPTION_RECHECK_MS: how often connected API keys, memberships and follows are checked again (default 5000). */
  recheckMs: number;
  redisPrefix: string;
}

function subscriptionConfig(env: NodeJS.ProcessEnv): SubscriptionConfig {
  return {
    wake: envChoice(env, 'VIGIL_SUBSCRIPTION_WAKE', ['auto', 'redis', 'postgres', 'process'] as const, 'auto'),
    pollMs: envCount(env, 'VIGIL_SUBSCRIPTION_POLL_MS', 1000) || 1000,
    bufferLimit: envCount(env, 'VIGIL_SUBSCRIPTION_BUFFER', 1000) || 1000,
    recheckMs: envCount(env, 'VIGIL_SUBSCRIPTION_RECHECK_MS', 5000) || 5000,
    redisPrefix: env.VIGIL_SUBSCRIPTION_REDIS_PREFIX || 'vigil:sub:',
  };
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
    /** Estimated cost (gateway/cost-limits.ts): a paged list field costs its `size` times its selection. */
    maxCost: number;
  };
  /** Decompressed request body sizes, in bytes. */
  body: { jsonBytes: number; textBytes: number; findingsBytes: number };
  /** Requests per window; 0 disables that limit. Redis-backed when redisUrl is set. */
  rateLimit: { windowMs: number; perKey: number; perAddress: number; failedKeysPerAddress: number; redisUrl?: string; redisPrefix: string };
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

/** A non-negative integer setting (a count, bytes or milliseconds). */
function envCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) return problem(`${name} must be a whole number ≥ 0, got "${raw}"`, fallback);
  return value;
}

/** A setting with a closed set of values (case-insensitive; `aliases` map other spellings to one). */
function envChoice<T extends string>(env: NodeJS.ProcessEnv, name: string, choices: readonly T[], fallback: T, aliases: Record<string, T> = {}): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.trim().toLowerCase();
  const chosen = choices.find((choice) => choice === value) ?? aliases[value];
  if (chosen === undefined) return problem(`${name} must be one of ${[...choices, ...Object.keys(aliases)].join(', ')}, got "${raw}"`, fallback);
  return chosen;
}

const MB = 1024 * 1024;

function requestLimits(env: NodeJS.ProcessEnv): RequestLimits {
  return {
    graphql: {
      maxTokens: envCount(env, 'VIGIL_GRAPHQL_MAX_TOKENS', 5000),
      anonymousMaxTokens: envCount(env, 'VIGIL_GRAPHQL_ANONYMOUS_MAX_TOKENS', 2000),
      maxAliases: envCount(env, 'VIGIL_GRAPHQL_MAX_ALIASES', 30),
      maxDepth: envCount(env, 'VIGIL_GRAPHQL_MAX_DEPTH', 15),
      maxDirectives: envCount(env, 'VIGIL_GRAPHQL_MAX_DIRECTIVES', 50),
      maxRootFields: envCount(env, 'VIGIL_GRAPHQL_MAX_ROOT_FIELDS', 20),
      maxCost: envCount(env, 'VIGIL_GRAPHQL_MAX_COST', 100_000),
    },
    body: {
      jsonBytes: envCount(env, 'VIGIL_BODY_MAX_BYTES', 5 * MB),
      textBytes: 1 * MB,
      findingsBytes: envCount(env, 'VIGIL_FINDINGS_MAX_BYTES', 256 * MB),
    },
    rateLimit: {
      windowMs: envCount(env, 'VIGIL_RATE_LIMIT_WINDOW_MS', 60_000) || 60_000,
      perKey: envCount(env, 'VIGIL_RATE_LIMIT_PER_KEY', 3000),
      perAddress: envCount(env, 'VIGIL_RATE_LIMIT_PER_ADDRESS', 600),
      failedKeysPerAddress: envCount(env, 'VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS', 60),
      redisUrl: env.REDIS_URL || undefined,
      redisPrefix: env.VIGIL_RATE_LIMIT_REDIS_PREFIX || 'vigil:rl:',
    },
    timeouts: {
      headersMs: envCount(env, 'VIGIL_HEADERS_TIMEOUT_MS', 20_000),
      requestMs: envCount(env, 'VIGIL_REQUEST_TIMEOUT_MS', 300_000),
      keepAliveMs: envCount(env, 'VIGIL_KEEP_ALIVE_TIMEOUT_MS', 5_000),
    },
  };
}

function quotas(env: NodeJS.ProcessEnv): Quotas {
  return {
    apiKeysPerUser: envCount(env, 'VIGIL_QUOTA_API_KEYS_PER_USER', DEFAULT_QUOTAS.apiKeysPerUser),
    commentsPerAlert: envCount(env, 'VIGIL_QUOTA_COMMENTS_PER_ALERT', DEFAULT_QUOTAS.commentsPerAlert),
    labelsPerAlert: envCount(env, 'VIGIL_QUOTA_LABELS_PER_ALERT', DEFAULT_QUOTAS.labelsPerAlert),
    pendingAccessRequests: envCount(env, 'VIGIL_QUOTA_PENDING_ACCESS_REQUESTS', DEFAULT_QUOTAS.pendingAccessRequests),
    organizationsPerUser: envCount(env, 'VIGIL_QUOTA_ORGANIZATIONS_PER_USER', DEFAULT_QUOTAS.organizationsPerUser),
  };
}

function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) return problem(`${name} must be a port number (0 – 65535), got "${raw}"`, fallback);
  return value;
}

function publicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return problem(`VIGIL_PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`, undefined);
  return url.toString().replace(/\/+$/, '');
}

/** `https://a.example,http://localhost:3000`: each an origin (scheme, host, optional port; no path). */
function corsOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      problem(`VIGIL_CORS_ORIGINS must be a comma-separated list of origins such as https://app.example.com (no path, no trailing slash), got "${origin}"`, null);
    }
  }
  return origins;
}

function workerKinds(raw: string | undefined): 'all' | string[] {
  const value = (raw ?? 'all').trim();
  if (value === '' || value.toLowerCase() === 'all') return 'all';
  if (value.toLowerCase() === 'none') return [];
  return value.split(',').map((kind) => kind.trim()).filter(Boolean);
}

export function webhookSettings(env: NodeJS.ProcessEnv = {}): WebhookSettings {
  return {
    allowHosts: (env.VIGIL_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
      .filter(Boolean),
    pollMs: envCount(env, 'VIGIL_WEBHOOK_POLL_MS', 250) || 250,
    timeoutMs: envCount(env, 'VIGIL_WEBHOOK_TIMEOUT_MS', 10_000) || 10_000,
    backoffMs: envCount(env, 'VIGIL_WEBHOOK_BACKOFF_MS', 5_000),
    backoffMaxMs: envCount(env, 'VIGIL_WEBHOOK_BACKOFF_MAX_MS', 3_600_000),
    disableAfterFailures: envCount(env, 'VIGIL_WEBHOOK_DISABLE_AFTER_FAILURES', 50),
    disableAfterMs: envCount(env, 'VIGIL_WEBHOOK_DISABLE_AFTER_MS', 3 * 24 * 3_600_000),
    concurrency: envCount(env, 'VIGIL_WEBHOOK_CONCURRENCY', 4) || 1,
  };
}

/** The secret comes from VIGIL_SECRET, or is made once and kept in the data directory. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.VIGIL_SECRET) return env.VIGIL_SECRET;
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Every problem of the environment at once, each naming its variable: start-up stops on it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Problems found by the loadConfig under way (it is synchronous); outside it, a problem throws. */
let collecting: string[] | null = null;

function problem<T>(message: string, fallback: T): T {
  if (!collecting) throw new Error(message);
  collecting.push(message);
  return fallback;
}

function checked<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    return problem((error as Error).message, fallback);
  }
}

/**
 * Reads the whole configuration from `env`. Every setting is checked (numbers, closed choices,
 * URLs, proxies, job kinds); all problems are collected and reported together as one ConfigError
 * naming each variable, and a `VIGIL_*` variable Vigil does not know (a typo) is one of them.
 * `readVariables` (tests) receives the names of every variable read.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, readVariables?: Set<string>): VigilConfig {
  const read = new Set<string>();
  const watched = new Proxy(env, {
    get(target, name, receiver) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name, receiver);
    },
  });
  const outer = collecting;
  collecting = [];
  try {
    const config = readConfig(watched);
    for (const name of Object.keys(env)) {
      if (name.startsWith('VIGIL_') && !read.has(name) && !OPTIONAL_READS.has(name)) collecting.push(`${name} is not a Vigil setting (see the README's Configuration table)`);
    }
    if (collecting.length) throw new ConfigError(collecting);
    for (const name of read) readVariables?.add(name);
    return config;
  } finally {
    collecting = outer;
  }
}

/** Settings read only in some configurations (e.g. the S3 ones without S3_BUCKET): known, never "unknown". */
const OPTIONAL_READS = new Set<string>([]);

function readConfig(env: NodeJS.ProcessEnv): VigilConfig {
  const port = envInt(env, 'PORT', 4000);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(env.VIGIL_DATA_DIR ?? '.vigil');
  const basePort = envInt(env, 'SUBGRAPH_BASE_PORT', port + 1);
  const subgraphPorts = {} as Record<SubgraphName, number>;
  const subgraphUrls = {} as Record<SubgraphName, string>;
  SUBGRAPH_NAMES.forEach((name, i) => {
    const key = name.toUpperCase();
    // Port 0 (tests) lets the system pick a free port for every subgraph.
    subgraphPorts[name] = envInt(env, `${key}_PORT`, basePort === 0 ? 0 : basePort + i);
    subgraphUrls[name] = env[`${key}_URL`] ?? `http://127.0.0.1:${subgraphPorts[name]}/graphql`;
  });
  const remoteSubgraphs = SUBGRAPH_NAMES.filter((name) => !!env[`${name.toUpperCase()}_URL`]);
  const logLevel = envChoice(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info');
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    subgraphPorts,
    subgraphUrls,
    remoteSubgraphs,
    subgraphTransport: envChoice(env, 'VIGIL_SUBGRAPH_TRANSPORT', ['in-process', 'http'] as const, 'in-process'),
    secret: loadSecret(env, dataDir),
    publicUrl: publicUrl(env.VIGIL_PUBLIC_URL),
    trustProxy: checked(() => trustProxySetting(env.VIGIL_TRUST_PROXY), false),
    logLevel,
    scheduler: {
      enabled: envChoice(env, 'VIGIL_SCHEDULER', ['on', 'off'] as const, 'on', { true: 'on', yes: 'on', '1': 'on', false: 'off', no: 'off', '0': 'off' }) === 'on',
      intervalMs: envCount(env, 'VIGIL_SCHEDULER_INTERVAL_MS', 10_000) || problem('VIGIL_SCHEDULER_INTERVAL_MS must be more than 0', 10_000),
    },
    limits: requestLimits(env),
    quotas: quotas(env),
    workers: workerKinds(env.VIGIL_WORKERS),
    webhooks: webhookSettings(env),
    storage: { dataDir, secret: loadSecret(env, dataDir), s3: s3Settings(env) },
    attachments: {
      maxBytes: envCount(env, 'VIGIL_ATTACHMENT_MAX_BYTES', 104_857_600),
      urlTtlSeconds: envCount(env, 'VIGIL_ATTACHMENT_URL_TTL_SECONDS', 900),
      documentTtlDays: envCount(env, 'VIGIL_DOCUMENT_TTL_DAYS', 7),
      cleanupIntervalMs: Math.max(100, envCount(env, 'VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS', 60_000)),
    },
    subscriptions: subscriptionConfig(env),
    shutdownTimeoutMs: envCount(env, 'VIGIL_SHUTDOWN_TIMEOUT_MS', 30_000),
    metricsToken: env.VIGIL_METRICS_TOKEN || undefined,
    corsOrigins: corsOrigins(env.VIGIL_CORS_ORIGINS),
  };
}
