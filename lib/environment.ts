import { z } from 'zod/v4';

/**
 * Every environment variable Vigil reads, in one zod schema: its check, its default and what it is
 * for. lib/config.ts parses the environment with it (all problems reported at once, each naming its
 * variable) and builds the typed VigilConfig from the result; docs/configuration.md's table is generated
 * from it (`npm run docs:config`, checked by test/cli/configuration-docs.test.ts). An empty value counts as unset.
 */
const unset = (value: unknown) => (value === '' ? undefined : value);

/** A whole number ≥ 0 (a count, bytes, milliseconds; 0 often means "no limit"). */
const count = (fallback: number, description: string) =>
  z
    .preprocess(
      unset,
      z.coerce
        .number({ error: 'must be a whole number ≥ 0' })
        .int('must be a whole number ≥ 0')
        .min(0, 'must be a whole number ≥ 0')
        .max(Number.MAX_SAFE_INTEGER)
        .default(fallback),
    )
    .describe(description);
/** A whole number > 0. */
const positive = (fallback: number, description: string) =>
  z
    .preprocess(
      unset,
      z.coerce
        .number({ error: 'must be a whole number > 0' })
        .int('must be a whole number > 0')
        .min(1, 'must be a whole number > 0')
        .max(Number.MAX_SAFE_INTEGER)
        .default(fallback),
    )
    .describe(description);
const port = (description: string) =>
  z
    .preprocess(
      unset,
      z.coerce
        .number({ error: 'must be a port number (0 – 65535)' })
        .int('must be a port number (0 – 65535)')
        .min(0, 'must be a port number (0 – 65535)')
        .max(65535, 'must be a port number (0 – 65535)')
        .optional(),
    )
    .describe(description);
const text = (description: string) => z.preprocess(unset, z.string().optional()).describe(description);
const textOr = (fallback: string, description: string) => z.preprocess(unset, z.string().default(fallback)).describe(description);
/** One of `choices`, case-insensitive; `aliases` spell some of them otherwise. */
const choice = <T extends string>(choices: readonly [T, ...T[]], fallback: T, description: string, aliases: Record<string, T> = {}) =>
  z
    .preprocess(
      (value) => {
        if (value === '' || value === undefined) return undefined;
        const lower = String(value).trim().toLowerCase();
        return aliases[lower] ?? lower;
      },
      z.enum(choices, { error: `must be one of ${[...choices, ...Object.keys(aliases)].join(', ')}` }).default(fallback),
    )
    .describe(description);
const url = (description: string) =>
  z.preprocess(unset, z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional()).describe(description);
const boolean = (description: string) =>
  choice(['true', 'false'], 'false', description, { '1': 'true', yes: 'true', on: 'true', '0': 'false', no: 'false', off: 'false' });

/** How long something is kept: a whole number with a unit (`30m`, `12h`, `90d`) or `forever` (lib/config.ts reads it as milliseconds). */
const retention = (fallback: string, description: string) =>
  z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : String(value).trim().toLowerCase()),
      z
        .string()
        .regex(/^(forever|[1-9]\d{0,6}[mhd])$/, 'must be a duration such as 30m, 12h or 90d, or forever')
        .default(fallback),
    )
    .describe(description);

const SUBGRAPH_VARIABLES = Object.fromEntries(
  ['ORGANIZATIONS', 'ALERTS', 'QUESTIONNAIRES', 'DOCUMENTS'].flatMap((name) => [
    [`${name}_PORT`, port(`the ${name.toLowerCase()} subgraph's port (default: from SUBGRAPH_BASE_PORT)`)],
    [`${name}_URL`, url(`where the gateway finds the ${name.toLowerCase()} subgraph; set = it runs elsewhere and this process does not start it`)],
  ]),
) as Record<`${'ORGANIZATIONS' | 'ALERTS' | 'QUESTIONNAIRES' | 'DOCUMENTS'}_${'PORT'}`, ReturnType<typeof port>> &
  Record<`${'ORGANIZATIONS' | 'ALERTS' | 'QUESTIONNAIRES' | 'DOCUMENTS'}_${'URL'}`, ReturnType<typeof url>>;

/** The variables by concern, in the order docs/configuration.md shows them (one table per section). */
const PROCESSES = {
  PORT: port('gateway port (GraphQL at /graphql, REST routes, /healthz, /readyz, /openapi.json); unset = 4000'),
  HOST: textOr('127.0.0.1', 'interface the servers listen on'),
  DATABASE_URL: text('PostgreSQL URL; unset = the embedded PGlite database in VIGIL_DATA_DIR/db'),
  VIGIL_DATABASE_POOLING: choice(
    ['session', 'transaction'],
    'session',
    'transaction when DATABASE_URL is PgBouncer in pool_mode=transaction: no named prepared statements, no LISTEN (the subscription wake uses ' +
      'Redis, else the poll), migrations over DATABASE_DIRECT_URL (docs/operations.md#pgbouncer)',
  ),
  VIGIL_DATABASE_CONNECT_TIMEOUT_MS: positive(
    5_000,
    'a new PostgreSQL connection not made within this fails (the request answers 503): a silent database is found this fast (was 30 s)',
  ),
  VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: count(
    30_000,
    'PostgreSQL cancels a request statement running longer (the request answers 503, the connection stays usable); 0 = no limit. Migrations and ' +
      "a scan's reconcile lift it for their own session; behind VIGIL_DATABASE_POOLING=transaction set it on the role instead",
  ),
  VIGIL_DATABASE_QUERY_TIMEOUT_MS: z
    .preprocess(
      unset,
      z.coerce
        .number({ error: 'must be a whole number ≥ 0' })
        .int('must be a whole number ≥ 0')
        .min(0, 'must be a whole number ≥ 0')
        .max(2_147_483_647, 'must be at most 2147483647 (a Node timer)')
        .optional(),
    )
    .describe(
      'a statement whose answer has not come within this (measured by Vigil, not PostgreSQL) fails with 503 and its connection is destroyed: a ' +
        'database gone silent mid-statement (frozen server, dropped packets). Unset = VIGIL_DATABASE_STATEMENT_TIMEOUT_MS + 5000 (35 s; none when ' +
        'that is 0), so a statement PostgreSQL would cancel itself is never cut here; lower both to find a silent database sooner. 0 = none. ' +
        "Migrations and a scan's reconcile lift it with the statement timeout",
    ),
  VIGIL_DATABASE_PROBE_TIMEOUT_MS: count(
    2_500,
    'finds a silent database without cutting long statements: once a statement has waited 1 s for its answer, Vigil asks the database ' +
      '`SELECT 1` on a new connection (behind VIGIL_DATABASE_POOLING=transaction: over DATABASE_DIRECT_URL); no answer within this and the ' +
      'connections whose statements were waiting are destroyed, and requests answer 503 at once until a probe (every 0.25 s) is answered again. ' +
      'A silent database is so found within 1 s + this + 0.1 s (3.6 s). 0 = no probe (then only VIGIL_DATABASE_QUERY_TIMEOUT_MS finds it)',
  ),
  DATABASE_DIRECT_URL: text(
    'PostgreSQL itself, not the pooler: migrations (a session lock) and VIGIL_SUBSCRIPTION_WAKE=postgres; required with VIGIL_DATABASE_POOLING=transaction',
  ),
  VIGIL_DATA_DIR: textOr('.vigil', 'embedded database, generated secret, runtime file, local attachment bytes'),
  VIGIL_SECRET: text(
    'signs the principal the gateway passes to subgraphs and keys credential encryption, cursors and signed URLs; set the same value in every ' +
      'process of a deployment; unset = generated into VIGIL_DATA_DIR/secret',
  ),
  VIGIL_ROUTER_SECRET: z
    .preprocess(unset, z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional())
    .describe(
      "lets a router other than Vigil's gateway (Apollo Router, Cosmo, Hive Gateway) call the subgraphs: it sends x-vigil-router-secret: <this> or " +
        "signs with Hive Gateway's hmacSignature using it, and forwards the client's Authorization; also the credential for fetching _service { sdl } " +
        "(docs/own-router.md); unset = only Vigil's gateway",
    ),
  SUBGRAPH_BASE_PORT: port('subgraphs listen on consecutive ports from here (default PORT + 1; 0 = any free port)'),
  ...SUBGRAPH_VARIABLES,
  VIGIL_SUBGRAPH_TRANSPORT: choice(
    ['in-process', 'http'],
    'in-process',
    'how the gateway calls the subgraphs of its own process: in-process (direct execution) or http (the signed HTTP path other gateways use)',
  ),
  VIGIL_PUBLIC_URL: url(
    'the address clients reach Vigil at (e.g. https://vigil.example.com): links in answers (attachment URLs, OAuth consent, Oracle Terraform ' +
      "script) are absolute under it; unset = absolute under the request's own origin (Host, or the forwarded headers of a trusted proxy)",
  ),
  VIGIL_TRUST_PROXY: text(
    "whose X-Forwarded-Proto / -Host / -For count (express's trust proxy): false nobody's (unset); true always (only behind a proxy that overwrites " +
      'them); or a comma list of proxy addresses / subnets (10.0.0.1,10.1.0.0/16, loopback, uniquelocal). A Host that is not a bare host[:port] never ' +
      'reaches a link',
  ),
  LOG_LEVEL: choice(['debug', 'info', 'warn', 'error', 'silent'], 'info', 'which log lines are written (JSON lines on stderr)'),
};

const BACKGROUND_JOBS = {
  VIGIL_WORKERS: textOr(
    'all',
    'which background job kinds this process runs (docs/background-jobs.md): all, none, or a comma list such as jobs.purge; the scan scheduler runs ' +
      'where scan.schedule is listed; an unknown kind fails start-up',
  ),
  VIGIL_JOB_CONCURRENCY: positive(
    4,
    "jobs this process's job runner runs at once, of every kind it runs (webhooks delivered in parallel, each in order; exports; scans)",
  ),
  VIGIL_SCHEDULER_INTERVAL_MS: positive(10_000, 'how often a process running scan.schedule asks for a scheduler pass (due scans queued)'),
  VIGIL_SCHEDULER: z
    .preprocess((value) => {
      if (value === '' || value === undefined) return undefined;
      const lower = String(value).trim().toLowerCase();
      return ({ true: 'on', yes: 'on', '1': 'on', false: 'off', no: 'off', '0': 'off' } as Record<string, string>)[lower] ?? lower;
    }, z.enum(['on', 'off'], { error: 'must be one of on, off, true, yes, 1, false, no, 0' }).optional())
    .describe(
      'deprecated (a warning is logged): off = leave scan.schedule and scan.run out of VIGIL_WORKERS, which now says alone whether this process ' +
        'schedules and runs scans; on changes nothing',
    ),
  VIGIL_WEBHOOK_CONCURRENCY: z
    .preprocess(
      unset,
      z.coerce
        .number({ error: 'must be a whole number > 0' })
        .int('must be a whole number > 0')
        .min(1, 'must be a whole number > 0')
        .max(Number.MAX_SAFE_INTEGER)
        .optional(),
    )
    .describe('deprecated (a warning is logged): the old name of VIGIL_JOB_CONCURRENCY, read when that is unset'),
};

const REDIS = {
  REDIS_URL: text(
    'Redis shared by every gateway process: the rate-limit counts (VIGIL_RATE_LIMIT_*) and the subscription wake-ups (VIGIL_SUBSCRIPTION_WAKE); ' +
      'unset = both in memory, per process',
  ),
};

const REQUEST_LIMITS = {
  VIGIL_GRAPHQL_MAX_TOKENS: count(5000, 'lexical tokens a GraphQL document may have, counted before it is parsed (400 beyond)'),
  VIGIL_GRAPHQL_ANONYMOUS_MAX_TOKENS: count(2000, 'the same without an API key (only introspection is allowed then)'),
  VIGIL_GRAPHQL_MAX_ALIASES: count(30, 'aliases per operation'),
  VIGIL_GRAPHQL_MAX_DEPTH: count(15, 'selection depth'),
  VIGIL_GRAPHQL_MAX_DIRECTIVES: count(50, 'directives per operation'),
  VIGIL_GRAPHQL_MAX_ROOT_FIELDS: count(20, 'root fields per operation'),
  VIGIL_GRAPHQL_MAX_BATCH: count(10, 'operations in one batched POST /graphql (a JSON array, as BatchHttpLink sends it); 400 beyond'),
  VIGIL_GRAPHQL_MAX_COST: count(
    100_000,
    'estimated cost per operation: each field costs 1 plus its selection, a paged field (size, pageSize; 100 when left out) its size times that',
  ),
  VIGIL_BODY_MAX_BYTES: count(5 * 1024 * 1024, 'JSON request bodies, decompressed (text/plain bodies: 1 MB); 413 beyond'),
  VIGIL_FINDINGS_MAX_BYTES: count(
    256 * 1024 * 1024,
    'a findings document (POST …/findings), decompressed; read only for an ADMIN of the organization posting to a live scan target',
  ),
  VIGIL_RATE_LIMIT_WINDOW_MS: positive(60_000, 'the rate-limit window'),
  VIGIL_RATE_LIMIT_PER_KEY: count(3000, 'requests per window per API key (0 = no limit)'),
  VIGIL_RATE_LIMIT_PER_ADDRESS: count(600, 'requests per window per address without a key (0 = no limit)'),
  VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS: count(
    60,
    'requests per window per address whose API key does not authenticate (401 up to it, 429 past it; a valid key from that address is not held ' +
      'back); 0 = no limit',
  ),
  VIGIL_RATE_LIMIT_REDIS_PREFIX: textOr('vigil:rl:', 'prefix of the rate-limit keys in Redis'),
  VIGIL_HEADERS_TIMEOUT_MS: count(
    20_000,
    'a client must send its request headers within this time (408 and disconnect otherwise); gateway and subgraph servers',
  ),
  VIGIL_REQUEST_TIMEOUT_MS: count(300_000, '… and its whole request (a large findings upload included) within this time'),
  VIGIL_KEEP_ALIVE_TIMEOUT_MS: count(5_000, 'an idle kept-alive connection closes after this time'),
};

const QUOTAS = {
  VIGIL_QUOTA_API_KEYS_PER_USER: count(100, 'live API keys one user may hold'),
  VIGIL_QUOTA_COMMENTS_PER_ALERT: count(1000, 'comments on one alert'),
  VIGIL_QUOTA_LABELS_PER_ALERT: count(50, 'labels on one alert'),
  VIGIL_QUOTA_PENDING_ACCESS_REQUESTS: count(
    20,
    'pending access requests of one user (POST /me/invites/requests), and pending follower requests one organization has sent',
  ),
  VIGIL_QUOTA_ORGANIZATIONS_PER_USER: count(50, 'organizations one user may administer'),
};

const WEBHOOKS = {
  VIGIL_WEBHOOK_ALLOW_HOSTS: text(
    'comma list of host names (as written in webhook URLs, e.g. 127.0.0.1,localhost) exempt from the SSRF refusal of internal addresses',
  ),
  VIGIL_WEBHOOK_POLL_MS: positive(250, 'how often webhooks behind the log are looked for'),
  VIGIL_WEBHOOK_TIMEOUT_MS: positive(10_000, 'a delivery without a complete answer after this long failed'),
  VIGIL_WEBHOOK_BACKOFF_MS: count(5_000, 'retry n after a failure waits this × 2^(n-1), ±50 % jitter'),
  VIGIL_WEBHOOK_BACKOFF_MAX_MS: count(3_600_000, '… at most this'),
  VIGIL_WEBHOOK_DISABLE_AFTER_FAILURES: count(50, 'consecutive failures that disable a webhook (0 = never)'),
  VIGIL_WEBHOOK_DISABLE_AFTER_MS: count(3 * 24 * 3_600_000, 'failing this long disables a webhook (0 = never)'),
};

const ATTACHMENTS = {
  S3_BUCKET: text('attachment bytes in this S3 bucket; unset = local disk'),
  S3_ENDPOINT: url('an S3-compatible endpoint (MinIO: http://127.0.0.1:9000); unset = AWS'),
  S3_REGION: textOr('us-east-1', "the bucket's region"),
  S3_ACCESS_KEY_ID: text('S3 credentials (unset = the AWS SDK default chain)'),
  S3_SECRET_ACCESS_KEY: text('S3 credentials'),
  S3_FORCE_PATH_STYLE: z.preprocess(unset, boolean('path-style bucket addressing (default true with S3_ENDPOINT)').optional()),
  VIGIL_ATTACHMENT_MAX_BYTES: count(104_857_600, 'the largest contentLength an attachment may declare'),
  VIGIL_ATTACHMENT_URL_TTL_SECONDS: count(900, 'how long upload and download URLs stay valid'),
  VIGIL_DOCUMENT_TTL_DAYS: count(7, 'how long a document and its file are kept'),
  VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS: count(
    60_000,
    'how often a worker process enqueues documents.expire (expired documents and attachments, with their bytes)',
  ),
};

const SUBSCRIPTIONS = {
  VIGIL_SUBSCRIPTION_WAKE: choice(
    ['auto', 'redis', 'postgres', 'process'],
    'auto',
    'what wakes the subscription event tails: redis (REDIS_URL), postgres (LISTEN/NOTIFY), process (embedded database), auto = the first that applies',
  ),
  VIGIL_SUBSCRIPTION_POLL_MS: positive(1000, 'safety-net poll of the event log'),
  VIGIL_SUBSCRIPTION_BUFFER: positive(1000, 'events waiting for one subscriber before it is ended'),
  VIGIL_SUBSCRIPTION_RECHECK_MS: positive(5000, 'how often connected keys, memberships and follows are checked again'),
  VIGIL_SUBSCRIPTION_REDIS_PREFIX: textOr('vigil:sub:', 'Redis channel prefix'),
};

const RETENTION = {
  VIGIL_RETENTION_EVENTS: retention(
    '90d',
    'how long event log entries are kept (GET …/events, eventAppended, follower streams, webhooks read it); a cursor older than what was purged ' +
      'answers CURSOR_EXPIRED (docs/operations.md#retention); 30m, 12h, 90d or forever',
  ),
  VIGIL_RETENTION_ALERT_HISTORY: retention('365d', "how long an alert's history entries (alertHistory, GET …/history) are kept; forever = never purged"),
  VIGIL_RETENTION_WEBHOOK_DELIVERIES: retention('30d', 'how long the webhook delivery log (one row per attempt) is kept; forever = never purged'),
  VIGIL_RETENTION_INTERVAL_MS: positive(300_000, 'how often a worker process enqueues retention.purge (batched deletes of what is past its retention)'),
};

const OPERATIONS = {
  VIGIL_SHUTDOWN_TIMEOUT_MS: count(
    30_000,
    'on SIGTERM/SIGINT, how long in-flight requests and running jobs get to finish before they are cut (jobs are given back); the process is ended ' +
      '15 s after this if it has not stopped',
  ),
  VIGIL_METRICS_TOKEN: text('/metrics answers callers on this machine; with this set, also anyone sending Authorization: Bearer <token>'),
  VIGIL_TRUSTED_DOCUMENTS: text(
    "a manifest file, or a directory of them, of trusted GraphQL documents: Apollo's persisted query manifest or GraphQL Codegen's persisted documents; re-read when changed",
  ),
  VIGIL_TRUSTED_DOCUMENTS_ONLY: text(
    "on = every key runs only trusted documents (the manifests and the console's own) on /graphql, SSE and graphql-ws; others are refused with PERSISTED_QUERY_NOT_IN_LIST. Unset: only keys restricted by their own or their organization's trustedDocumentsOnly (docs/api.md)",
  ),
  VIGIL_CORS_ORIGINS: text('comma list of browser origins (https://app.example.com) allowed to call the API from their pages; unset = CORS off'),
};

export const ENVIRONMENT_SECTIONS = [
  { title: 'Processes, ports and addresses', variables: PROCESSES },
  { title: 'Background jobs', variables: BACKGROUND_JOBS },
  { title: 'Redis', variables: REDIS },
  { title: 'Request limits and rate limits', variables: REQUEST_LIMITS },
  { title: 'Quotas', variables: QUOTAS },
  { title: 'Webhooks', variables: WEBHOOKS },
  { title: 'Attachments and documents', variables: ATTACHMENTS },
  { title: 'Live subscriptions', variables: SUBSCRIPTIONS },
  { title: 'Retention', variables: RETENTION },
  { title: 'Operations', variables: OPERATIONS },
] as const;

export const ENVIRONMENT = z.object({
  ...PROCESSES,
  ...BACKGROUND_JOBS,
  ...REDIS,
  ...REQUEST_LIMITS,
  ...QUOTAS,
  ...WEBHOOKS,
  ...ATTACHMENTS,
  ...SUBSCRIPTIONS,
  ...RETENTION,
  ...OPERATIONS,
});

export type Environment = z.infer<typeof ENVIRONMENT>;

/** The variables the schema declares. */
export const ENVIRONMENT_VARIABLES: string[] = Object.keys(ENVIRONMENT.shape);
