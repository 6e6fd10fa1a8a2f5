import { z } from 'zod/v4';

/**
 * Every environment variable Vigil reads, in one zod schema: its check, its default and what it is
 * for. lib/config.ts parses the environment with it (all problems reported at once, each naming its
 * variable) and builds the typed VigilConfig from the result; the README's Configuration table is
 * checked against these names (test/config.test.ts). An empty value counts as unset.
 */
const unset = (value: unknown) => (value === '' ? undefined : value);

/** A whole number ≥ 0 (a count, bytes, milliseconds; 0 often means "no limit"). */
const count = (fallback: number, description: string) =>
  z.preprocess(unset, z.coerce.number({ error: 'must be a whole number ≥ 0' }).int('must be a whole number ≥ 0').min(0, 'must be a whole number ≥ 0').max(Number.MAX_SAFE_INTEGER).default(fallback)).describe(description);
/** A whole number > 0. */
const positive = (fallback: number, description: string) =>
  z.preprocess(unset, z.coerce.number({ error: 'must be a whole number > 0' }).int('must be a whole number > 0').min(1, 'must be a whole number > 0').max(Number.MAX_SAFE_INTEGER).default(fallback)).describe(description);
const port = (description: string) => z.preprocess(unset, z.coerce.number({ error: 'must be a port number (0 – 65535)' }).int('must be a port number (0 – 65535)').min(0, 'must be a port number (0 – 65535)').max(65535, 'must be a port number (0 – 65535)').optional()).describe(description);
const text = (description: string) => z.preprocess(unset, z.string().optional()).describe(description);
const textOr = (fallback: string, description: string) => z.preprocess(unset, z.string().default(fallback)).describe(description);
/** One of `choices`, case-insensitive; `aliases` spell some of them otherwise. */
const choice = <T extends string>(choices: readonly [T, ...T[]], fallback: T, description: string, aliases: Record<string, T> = {}) =>
  z
    .preprocess((value) => {
      if (value === '' || value === undefined) return undefined;
      const lower = String(value).trim().toLowerCase();
      return aliases[lower] ?? lower;
    }, z.enum(choices, { error: `must be one of ${[...choices, ...Object.keys(aliases)].join(', ')}` }).default(fallback))
    .describe(description);
const url = (description: string) =>
  z
    .preprocess(unset, z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional())
    .describe(description);
const boolean = (description: string) => choice(['true', 'false'], 'false', description, { '1': 'true', yes: 'true', on: 'true', '0': 'false', no: 'false', off: 'false' });

const SUBGRAPH_VARIABLES = Object.fromEntries(
  ['ORGANIZATIONS', 'ALERTS', 'QUESTIONNAIRES', 'DOCUMENTS'].flatMap((name) => [
    [`${name}_PORT`, port(`the ${name.toLowerCase()} subgraph's port (default: from SUBGRAPH_BASE_PORT)`)],
    [`${name}_URL`, url(`where the gateway finds the ${name.toLowerCase()} subgraph; set = it runs elsewhere and this process does not start it`)],
  ]),
) as Record<`${'ORGANIZATIONS' | 'ALERTS' | 'QUESTIONNAIRES' | 'DOCUMENTS'}_${'PORT'}`, ReturnType<typeof port>> &
  Record<`${'ORGANIZATIONS' | 'ALERTS' | 'QUESTIONNAIRES' | 'DOCUMENTS'}_${'URL'}`, ReturnType<typeof url>>;

export const ENVIRONMENT = z.object({
  PORT: port('gateway port (default 4000)'),
  HOST: textOr('127.0.0.1', 'interface the servers listen on'),
  DATABASE_URL: text('PostgreSQL URL; unset = the embedded PGlite database in VIGIL_DATA_DIR/db'),
  VIGIL_DATA_DIR: textOr('.vigil', 'embedded database, generated secret, runtime file, local attachment bytes'),
  VIGIL_SECRET: text('signs what gateways pass to subgraphs and keys credential encryption; unset = generated into the data directory'),
  SUBGRAPH_BASE_PORT: port('subgraphs listen on consecutive ports from here (default PORT + 1; 0 = any free port)'),
  ...SUBGRAPH_VARIABLES,
  VIGIL_SUBGRAPH_TRANSPORT: choice(['in-process', 'http'], 'in-process', "how the gateway calls the subgraphs of its own process"),
  VIGIL_SCHEDULER: choice(['on', 'off'], 'on', 'the scan scheduler in this process', { true: 'on', yes: 'on', '1': 'on', false: 'off', no: 'off', '0': 'off' }),
  VIGIL_SCHEDULER_INTERVAL_MS: positive(10_000, 'how often the scheduler looks for due scans'),
  VIGIL_WORKERS: textOr('all', 'job kinds this process runs: all, none, or a comma list'),
  VIGIL_PUBLIC_URL: url('the address clients reach Vigil at: links are absolute under it'),
  VIGIL_TRUST_PROXY: text('whose X-Forwarded-* headers count: false, true, or proxy addresses/subnets'),
  LOG_LEVEL: choice(['debug', 'info', 'warn', 'error', 'silent'], 'info', 'which log lines are written'),
  VIGIL_GRAPHQL_MAX_TOKENS: count(5000, 'lexical tokens of a GraphQL document'),
  VIGIL_GRAPHQL_ANONYMOUS_MAX_TOKENS: count(2000, 'the same without an API key'),
  VIGIL_GRAPHQL_MAX_ALIASES: count(30, 'aliases per operation'),
  VIGIL_GRAPHQL_MAX_DEPTH: count(15, 'selection depth'),
  VIGIL_GRAPHQL_MAX_DIRECTIVES: count(50, 'directives per operation'),
  VIGIL_GRAPHQL_MAX_ROOT_FIELDS: count(20, 'root fields per operation'),
  VIGIL_GRAPHQL_MAX_COST: count(100_000, 'estimated cost per operation'),
  VIGIL_BODY_MAX_BYTES: count(5 * 1024 * 1024, 'JSON request bodies, decompressed'),
  VIGIL_FINDINGS_MAX_BYTES: count(256 * 1024 * 1024, 'a findings document, decompressed'),
  VIGIL_RATE_LIMIT_WINDOW_MS: positive(60_000, 'the rate-limit window'),
  VIGIL_RATE_LIMIT_PER_KEY: count(3000, 'requests per window per API key (0 = no limit)'),
  VIGIL_RATE_LIMIT_PER_ADDRESS: count(600, 'requests per window per address without a key (0 = no limit)'),
  VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS: count(60, 'requests with a key that does not authenticate, per window per address (0 = no limit)'),
  REDIS_URL: text('Redis: rate-limit counts and subscription fan-out shared by every gateway'),
  VIGIL_RATE_LIMIT_REDIS_PREFIX: textOr('vigil:rl:', 'prefix of the rate-limit keys in Redis'),
  VIGIL_HEADERS_TIMEOUT_MS: count(20_000, 'a client must send its request headers within this time'),
  VIGIL_REQUEST_TIMEOUT_MS: count(300_000, '… and its whole request'),
  VIGIL_KEEP_ALIVE_TIMEOUT_MS: count(5_000, 'an idle kept-alive connection closes after this time'),
  VIGIL_QUOTA_API_KEYS_PER_USER: count(100, 'live API keys one user may hold'),
  VIGIL_QUOTA_COMMENTS_PER_ALERT: count(1000, 'comments on one alert'),
  VIGIL_QUOTA_LABELS_PER_ALERT: count(50, 'labels on one alert'),
  VIGIL_QUOTA_PENDING_ACCESS_REQUESTS: count(20, 'pending access requests of one user or organization'),
  VIGIL_QUOTA_ORGANIZATIONS_PER_USER: count(50, 'organizations one user may administer'),
  VIGIL_WEBHOOK_ALLOW_HOSTS: text('host names exempt from the SSRF refusal of internal addresses'),
  VIGIL_WEBHOOK_POLL_MS: positive(250, 'how often webhooks behind the log are looked for'),
  VIGIL_WEBHOOK_TIMEOUT_MS: positive(10_000, 'a delivery without a complete answer after this long failed'),
  VIGIL_WEBHOOK_BACKOFF_MS: count(5_000, 'first retry delay'),
  VIGIL_WEBHOOK_BACKOFF_MAX_MS: count(3_600_000, 'longest retry delay'),
  VIGIL_WEBHOOK_DISABLE_AFTER_FAILURES: count(50, 'consecutive failures that disable a webhook (0 = never)'),
  VIGIL_WEBHOOK_DISABLE_AFTER_MS: count(3 * 24 * 3_600_000, 'failing this long disables a webhook (0 = never)'),
  VIGIL_WEBHOOK_CONCURRENCY: positive(4, 'jobs one worker process runs at once'),
  S3_BUCKET: text('attachment bytes in this S3 bucket; unset = local disk'),
  S3_ENDPOINT: url('an S3-compatible endpoint'),
  S3_REGION: textOr('us-east-1', "the bucket's region"),
  S3_ACCESS_KEY_ID: text('S3 credentials (unset = the AWS SDK default chain)'),
  S3_SECRET_ACCESS_KEY: text('S3 credentials'),
  S3_FORCE_PATH_STYLE: z.preprocess(unset, boolean('path-style bucket addressing (default true with S3_ENDPOINT)').optional()),
  VIGIL_ATTACHMENT_MAX_BYTES: count(104_857_600, 'the largest contentLength an attachment may declare'),
  VIGIL_ATTACHMENT_URL_TTL_SECONDS: count(900, 'how long upload and download URLs stay valid'),
  VIGIL_DOCUMENT_TTL_DAYS: count(7, 'how long a document and its file are kept'),
  VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS: count(60_000, 'how often expired documents and attachments are deleted'),
  VIGIL_SUBSCRIPTION_WAKE: choice(['auto', 'redis', 'postgres', 'process'], 'auto', 'what wakes the subscription event tails'),
  VIGIL_SUBSCRIPTION_POLL_MS: positive(1000, 'safety-net poll of the event log'),
  VIGIL_SUBSCRIPTION_BUFFER: positive(1000, 'events waiting for one subscriber before it is ended'),
  VIGIL_SUBSCRIPTION_RECHECK_MS: positive(5000, 'how often connected keys, memberships and follows are checked again'),
  VIGIL_SUBSCRIPTION_REDIS_PREFIX: textOr('vigil:sub:', 'Redis channel prefix'),
  VIGIL_SHUTDOWN_TIMEOUT_MS: count(30_000, 'how long in-flight requests and jobs get on SIGTERM/SIGINT'),
  VIGIL_METRICS_TOKEN: text('lets callers not on this machine read /metrics'),
  VIGIL_CORS_ORIGINS: text('browser origins allowed to call the API cross-origin'),
});

export type Environment = z.infer<typeof ENVIRONMENT>;

/** The variables the schema declares. */
export const ENVIRONMENT_VARIABLES: string[] = Object.keys(ENVIRONMENT.shape);
