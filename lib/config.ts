import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  /** VIGIL_PUBLIC_URL (e.g. https://vigil.example.com): the base of links in answers; unset = relative links. */
  publicUrl?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The scan scheduler (subgraphs/alerts/scheduler.ts): VIGIL_SCHEDULER=off disables it in this process. */
  scheduler: { enabled: boolean; intervalMs: number };
}

function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

function publicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`VIGIL_PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`VIGIL_PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  return url.toString().replace(/\/+$/, '');
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): VigilConfig {
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
  const logLevel = (env.LOG_LEVEL ?? 'info') as VigilConfig['logLevel'];
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    subgraphPorts,
    subgraphUrls,
    remoteSubgraphs,
    subgraphTransport: env.VIGIL_SUBGRAPH_TRANSPORT === 'http' ? 'http' : 'in-process',
    secret: loadSecret(env, dataDir),
    publicUrl: publicUrl(env.VIGIL_PUBLIC_URL),
    logLevel,
    scheduler: {
      enabled: !['off', 'false', '0', 'no'].includes((env.VIGIL_SCHEDULER ?? 'on').toLowerCase()),
      intervalMs: Number(env.VIGIL_SCHEDULER_INTERVAL_MS) > 0 ? Number(env.VIGIL_SCHEDULER_INTERVAL_MS) : 10_000,
    },
  };
}
