import type { ApolloGateway, GraphQLDataSource } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { DocumentNode, ExecutionResult } from 'graphql';
import type { SubgraphName, VigilConfig } from '../lib/config';
import { formatError } from '../lib/graphql-errors';
import type { Principal } from '../lib/principal';
import { requestOrigin } from '../lib/request-origin';
import { armorValidationRules, operationCostLimit } from './cost-limits';
import type { RunResult } from './defer/delivery';
import { createGateway, type GatewayContext, type PlannedGateway } from './gateway';
import { checkGraphQLInput } from './graphql-input';
import { logInternalErrors } from './internal-errors';
import { graphqlMetrics } from './metrics';
import { singleFetchRoutes } from './rest/single-fetch-routes';
import type { Execute } from './rest/table';
import { serviceUnavailableStatus } from './service-unavailable';
import { reportValueCompletion } from './value-completion';

export interface GraphqlServersOptions {
  /** Where each subgraph answers, and those called in-process: the REST graph's gateway is built over the same. */
  urls: Record<SubgraphName, string>;
  localSubgraphs?: Partial<Record<SubgraphName, GraphQLDataSource>>;
  /** The public graph's gateway loaded beforehand (app/vigil.ts); else `gateway` is loaded by its server. */
  planned?: PlannedGateway;
}

/** The Apollo servers behind /graphql, the subscriptions, @defer's parts and the REST routes. */
export interface GraphqlServers {
  /** Runs one operation on the public graph, through the whole pipeline a request goes through (limits, plugins). */
  execute(query: string | DocumentNode, variables: Record<string, unknown>, contextValue: GatewayContext): Promise<RunResult>;
  /** The public graph's server, for Apollo's Express middleware on /graphql. */
  public: ApolloServer<GatewayContext>;
  /** Runs a REST route's operation on the REST graph. */
  executeRest: Execute;
  stop(): Promise<void>;
}

/** The REST graph's Apollo server, and the direct run of the route queries one subgraph answers (gateway/rest/single-fetch-routes.ts). */
interface RestServer {
  server: ApolloServer<GatewayContext>;
  singleFetch: ReturnType<typeof singleFetchRoutes>;
}

/**
 * The public graph's Apollo server, started here, and the REST graph's, started with the first REST request.
 * /graphql and the subscriptions serve the public graph; the REST routes run their operations on the REST
 * graph, which adds the fields marked @inaccessible (gateway/gateway.ts restSupergraph). `plugins` are added
 * to both (the subscriptions' publishing after a mutation).
 */
export async function startGraphqlServers(
  config: VigilConfig,
  options: GraphqlServersOptions,
  gateway: ApolloGateway,
  ...plugins: ApolloServerPlugin<GatewayContext>[]
): Promise<GraphqlServers> {
  const serverOptions = (graph: 'public' | 'rest', gateway: PlannedGateway['loaded']) => ({
    gateway,
    formatError,
    // The IDE on /graphql is Vigil's own (gateway/graphql-ide.ts: served locally, no CDN, no telemetry).
    // ── request limits: gateway/cost-limits.ts ──
    validationRules: armorValidationRules(config.limits.graphql),
    plugins: [
      graphqlMetrics(),
      ...plugins,
      operationCostLimit(config.limits.graphql),
      logInternalErrors(),
      serviceUnavailableStatus(),
      checkGraphQLInput(),
      reportValueCompletion(),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
    ],
    introspection: graph === 'public',
    allowBatchedHttpRequests: graph === 'public',
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  const apollo = new ApolloServer<GatewayContext>(serverOptions('public', options.planned?.loaded ?? gateway));
  await apollo.start();
  // The REST graph's server starts with the first REST request, not with the process: a second
  // ApolloGateway builds its own schemas and query planner (in a CPU profile of a start, the two
  // gateways' supergraph loading was 18% of it, half each), which a process serving only GraphQL, or
  // idle, never needs. A start that failed is tried again by the next request.
  let restApollo: Promise<RestServer> | undefined;
  const restServer = (): Promise<RestServer> => {
    restApollo ??= (async () => {
      const gateway = createGateway(options.urls, config.secret, options.localSubgraphs, 'rest');
      const server = new ApolloServer<GatewayContext>(serverOptions('rest', gateway));
      await server.start();
      return { server, singleFetch: singleFetchRoutes(gateway, config.limits.graphql) };
    })().catch((error) => {
      restApollo = undefined;
      throw error;
    });
    return restApollo;
  };

  return {
    public: apollo,
    async execute(query, variables, contextValue) {
      const response = await apollo.executeOperation({ query, variables }, { contextValue });
      const result = response.body.kind === 'single' ? (response.body.singleResult as ExecutionResult) : { errors: [] };
      return { result, status: response.http.status, headers: response.http.headers };
    },
    async executeRest(operation, variables, req, res) {
      const rest = await restServer();
      const contextValue: GatewayContext = {
        principal: res.locals.principal as Principal,
        requestId: res.locals.requestId as string,
        origin: requestOrigin(req),
      };
      const direct = rest.singleFetch(operation, variables, contextValue);
      if (direct) return direct;
      const response = await rest.server.executeOperation({ query: operation, variables }, { contextValue });
      if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
      return response.body.singleResult as Awaited<ReturnType<Execute>>;
    },
    async stop() {
      await Promise.all([
        apollo.stop(),
        restApollo?.then(
          (rest) => rest.server.stop(),
          () => undefined,
        ),
      ]);
    },
  };
}
