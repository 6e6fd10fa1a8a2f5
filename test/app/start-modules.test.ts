import { execFileSync } from 'node:child_process';
import path from 'node:path';

// What a start loads before it is ready (app/vigil.ts and what it imports), seen in a fresh Node
// process: Jest's own module registry would hide require.cache, which lib/apollo-internals/deferred-modules.ts uses.
const ROOT = path.join(__dirname, '..', '..');

function inFreshProcess<T>(script: string, env: Record<string, string> = {}): T {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as T;
}

/** `loaded(dir)`: how many files under dir the process has loaded, not counting a stand-in still in its entry file's place. */
const LOADED = `
  const { isProxy } = require('node:util').types;
  const loaded = (dir) => Object.keys(require.cache).filter((file) => file.includes(dir) && !isProxy(require.cache[file].exports)).length;
`;

describe('what a start loads', () => {
  it('loads neither the Redis client, the HTTP subgraph client, nor what @apollo/gateway and @apollo/server need only for features Vigil leaves off', () => {
    const loaded = inFreshProcess<Record<string, number>>(`
      require('./app/vigil');
      ${LOADED}
      const dirs = ['/ioredis/', '/undici/', '/@opentelemetry/sdk-metrics/', '/@opentelemetry/exporter-metrics-otlp-http/',
        '/@opentelemetry/resource-detector-aws/', '/@opentelemetry/resource-detector-gcp/', '/gcp-metadata/', '/@graphql-tools/schema/',
        '/@apollo/composition/', '/@apollo/gateway/'];
      console.log(JSON.stringify(Object.fromEntries(dirs.map((dir) => [dir, loaded(dir)]))));
    `);
    const { '/@apollo/gateway/': gateway, ...others } = loaded;
    expect(gateway).toBeGreaterThan(0);
    expect(others).toEqual(Object.fromEntries(Object.keys(others).map((dir) => [dir, 0])));
  }, 60_000);

  it("begins the embedded database's start (lib/embedded-start.ts) with nothing loaded but Node's built-ins and its own file", () => {
    const loaded = inFreshProcess<string[]>(`
      const before = new Set(Object.keys(require.cache));
      require('./lib/embedded-start');
      console.log(JSON.stringify(Object.keys(require.cache).filter((file) => !before.has(file)).map((file) => require('node:path').relative(process.cwd(), file))));
    `);
    expect(loaded).toEqual([path.join('lib', 'embedded-start.ts')]);
  }, 60_000);

  it('a deferred module, once read, is the real module with all its exports', () => {
    const result = inFreshProcess<Array<{ same: boolean; keys: number; replaced: boolean; kind: string }>>(`
      require('./gateway/gateway');
      const { deferredModuleFiles } = require('./lib/apollo-internals/deferred-modules');
      console.log(JSON.stringify(deferredModuleFiles().map((file) => {
        const standIn = require(file);
        const keys = Reflect.ownKeys(standIn);
        const real = require(file);
        return {
          same: keys.length === Reflect.ownKeys(real).length && keys.every((key) => standIn[key] === real[key] && key in standIn),
          keys: keys.length,
          replaced: real !== standIn && require.cache[file].exports === real,
          // A stand-in is an object: a module whose exports are a function could not be deferred this way.
          kind: typeof real,
        };
      })));
    `);
    expect(result).toHaveLength(9);
    for (const module of result) expect(module).toEqual({ same: true, keys: expect.any(Number), replaced: true, kind: 'object' });
    expect(Math.min(...result.map((module) => module.keys))).toBeGreaterThan(0);
  }, 60_000);

  it('a gateway with Apollo usage reporting on, and a server given type definitions, get the real modules they use', () => {
    const result = inFreshProcess<{ sdkMetricsFiles: number; answer: unknown }>(
      `
      require('./gateway/gateway');
      const { ApolloGateway } = require('@apollo/gateway');
      const { ApolloServer } = require('@apollo/server');
      const { composedSupergraph } = require('./schema/compose');
      new ApolloGateway({ supergraphSdl: composedSupergraph() });
      const server = new ApolloServer({ typeDefs: 'type Query { answer: Int }', resolvers: { Query: { answer: () => 42 } } });
      ${LOADED}
      server.executeOperation({ query: '{ answer }' }).then((response) => {
        console.log(JSON.stringify({ sdkMetricsFiles: loaded('/@opentelemetry/sdk-metrics/'), answer: response.body.singleResult.data.answer }));
        process.exit(0);
      });
    `,
      { APOLLO_TELEMETRY_DISABLED: 'false' },
    );
    expect(result.sdkMetricsFiles).toBeGreaterThan(1);
    expect(result.answer).toBe(42);
  }, 60_000);
});
