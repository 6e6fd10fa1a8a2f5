import Module, { createRequire } from 'node:module';

/**
 * Modules that @apollo/gateway and @apollo/server require as they load but use only for features
 * Vigil leaves off — ~430 modules, 0.15–0.2 s of every start — with no option to leave them out:
 * - @apollo/gateway: the OpenTelemetry metrics SDK, its OTLP exporter and the resource detectors of
 *   four cloud providers, for the usage metrics it sends Apollo unless APOLLO_TELEMETRY_DISABLED is true
 *   (gateway/gateway.ts makes that the default); composition, for supergraph managers Vigil does not use;
 * - @apollo/server: @graphql-tools/schema, for a server given typeDefs and resolvers (Vigil's servers
 *   are given a schema or a gateway).
 * Each is put in the require cache, before the package that requires it loads, as a stand-in whose
 * first read of an export loads the real module (which then takes the stand-in's place in the cache):
 * the package gets the stand-in from its `require()`, and whoever reads from it sees the real exports.
 * Imported by each of our modules that imports @apollo/gateway or @apollo/server, before it.
 */
const DEFERRED: Record<string, string[]> = {
  '@apollo/gateway': [
    '@opentelemetry/sdk-metrics',
    '@opentelemetry/exporter-metrics-otlp-http',
    '@opentelemetry/resources',
    '@opentelemetry/resource-detector-alibaba-cloud',
    '@opentelemetry/resource-detector-aws',
    '@opentelemetry/resource-detector-azure',
    '@opentelemetry/resource-detector-gcp',
    // Composition, for the supergraph managers that compose at run time (Vigil hands it a supergraph;
    // schema/compose.ts composes, with the real module, only when its cached supergraph is stale): ~70 ms.
    '@apollo/composition',
  ],
  '@apollo/server': ['@graphql-tools/schema'],
};

/** The file each deferred module resolves to from the package that requires it: the file its `require()` loads. */
export function deferredModuleFiles(): string[] {
  return Object.entries(DEFERRED).flatMap(([from, names]) => {
    const requireFrom = createRequire(require.resolve(from));
    return names.map((name) => requireFrom.resolve(name));
  });
}

function deferredExports(file: string): object {
  let real: object | undefined;
  const load = (): object => {
    if (!real) {
      delete require.cache[file];
      real = require(file) as object;
    }
    return real;
  };
  return new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(load(), key),
      has: (_, key) => Reflect.has(load(), key),
      ownKeys: () => Reflect.ownKeys(load()),
      // Reported as configurable: a proxy may not claim a fixed property its own (empty) target lacks.
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
      getPrototypeOf: () => Reflect.getPrototypeOf(load()),
    },
  );
}

for (const file of deferredModuleFiles()) {
  // Already loaded (lib/tracing.ts loads @opentelemetry/resources when tracing is on): nothing to save.
  if (require.cache[file]) continue;
  const standIn = new Module(file);
  standIn.filename = file;
  standIn.exports = deferredExports(file);
  standIn.loaded = true;
  require.cache[file] = standIn;
}
