// Before @apollo/gateway: what it loads for features Vigil leaves off waits until used.
import '../lib/apollo-internals/deferred-modules';
import { ApolloGateway, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { parse, print, visit } from 'graphql';
import { installPlanExecution } from '../lib/apollo-internals/plan-execution';
import { installPlanMerging } from '../lib/apollo-internals/plan-merging';
import { installResultShaping } from '../lib/apollo-internals/result-shaping';
import { SubgraphTransport } from '../lib/apollo-internals/subgraph-transport';
import type { SubgraphName } from '../lib/config';
import { type Principal, REQUEST_ID_HEADER, signPrincipal } from '../lib/principal';
import { composedSupergraph } from '../schema/compose';
import { timedDataSource } from './metrics';

/** What the gateway knows of a request: the authenticated caller, the id its logs carry, where the client reached it. */
export interface GatewayContext {
  principal: Principal | null;
  requestId: string;
  /** `http(s)://host[:port]` of the request (lib/request-origin.ts), for links when VIGIL_PUBLIC_URL is unset. */
  origin?: string;
}

/**
 * Calls a subgraph over HTTP (lib/apollo-internals/subgraph-transport.ts: pooled keep-alive connections, the
 * fetches a request's plan starts together merged into one call), forwarding the caller as a signed
 * header a client cannot forge, bound to the exact operation and variables sent.
 */
function signedTransport(url: string, secret: string): SubgraphTransport {
  return new SubgraphTransport({
    url,
    headers(request, context) {
      const ctx = (context ?? {}) as Partial<GatewayContext>;
      const headers = signPrincipal(secret, ctx.principal ?? null, { query: request.query, variables: request.variables }, Date.now(), ctx.origin);
      if (ctx.requestId) headers[REQUEST_ID_HEADER] = ctx.requestId;
      return headers;
    },
  });
}

/**
 * The supergraph the REST routes run against: the public one with the fields and types marked
 * `@inaccessible` in the subgraphs made reachable. Those are the REST layer's plumbing (page-numbered
 * lists, the alert records as one JSON text): the public schema (introspection, GraphiQL, any
 * router composing the subgraphs) never shows them, and the REST routes still ask for them in one query.
 */
export function restSupergraph(supergraphSdl: string): string {
  return print(visit(parse(supergraphSdl), { Directive: (node) => (node.name.value === 'inaccessible' ? null : undefined) }));
}

/**
 * @apollo/gateway reports usage metrics to Apollo (usage-reporting.api.apollographql.com, hourly) unless
 * told not to, after probing for a cloud provider's metadata service (AWS, GCP, Azure, Alibaba) at each
 * gateway's start: a self-hosted service sends nothing to a third party by default, and an offline one
 * does not probe. APOLLO_TELEMETRY_DISABLED=false in the environment turns Apollo's reporting back on.
 */
process.env.APOLLO_TELEMETRY_DISABLED ??= 'true';

/**
 * The gateway over the subgraphs: `graph: 'public'` serves /graphql and subscriptions; `graph: 'rest'`
 * the REST routes (restSupergraph). Both plan over the same subgraphs and data sources.
 */
export function createGateway(
  urls: Record<SubgraphName, string>,
  secret: string,
  inProcess: Partial<Record<SubgraphName, GraphQLDataSource>> = {},
  graph: 'public' | 'rest' = 'public',
): ApolloGateway {
  // The supergraph's subgraph URLs are composition's defaults: each subgraph is reached at urls[name].
  const supergraph = composedSupergraph();
  return gatewayOver(graph === 'rest' ? restSupergraph(supergraph) : supergraph, (name) => subgraphSource({ urls, inProcess }, name, secret));
}

function gatewayOver(supergraphSdl: string, source: (name: SubgraphName) => GraphQLDataSource): ApolloGateway {
  installResultShaping();
  // The plan walked without per-request operation building, trace objects and spans (lib/apollo-internals/plan-execution.ts).
  installPlanExecution();
  const gateway = new ApolloGateway({ supergraphSdl, buildService: ({ name }) => timedDataSource(name, source(name as SubgraphName)) });
  // An early entity fetch joins a later one to the same subgraph at the same path (lib/apollo-internals/plan-merging.ts).
  installPlanMerging(gateway);
  return gateway;
}

/** Where the gateway reaches each subgraph: known once the subgraphs run (app/vigil.ts). */
export interface SubgraphSources {
  urls: Record<SubgraphName, string>;
  inProcess: Partial<Record<SubgraphName, GraphQLDataSource>>;
}

/** A subgraph of this process is called directly, any other over HTTP. */
function subgraphSource({ urls, inProcess }: SubgraphSources, name: SubgraphName, secret: string): GraphQLDataSource {
  return inProcess[name] ?? signedTransport(urls[name], secret);
}

/** What ApolloServer runs its operations through. */
type GatewayInterface = ApolloServerOptionsWithGateway<GatewayContext>['gateway'];

/** The public graph's gateway, loaded before its subgraphs run (planGateway). */
export interface PlannedGateway {
  gateway: ApolloGateway;
  /** What ApolloServer gets instead of `gateway`: the same gateway, its load already done. */
  loaded: GatewayInterface;
}

/**
 * Loads the public graph's gateway — the supergraph, its API schema and the query planner, ~0.3 s of CPU —
 * before the subgraphs it calls run, so that the work overlaps the database's opening (app/vigil.ts);
 * each subgraph call waits for `sources`. ApolloServer then starts on the loaded gateway (`loaded`).
 */
export async function planGateway(sources: Promise<SubgraphSources>, secret: string): Promise<PlannedGateway> {
  const source = (name: SubgraphName): GraphQLDataSource => {
    const late = sources.then((known) => subgraphSource(known, name, secret));
    late.catch(() => undefined); // a start that fails before the subgraphs run never calls one
    return { process: async (options: GraphQLDataSourceProcessOptions) => (await late).process(options) };
  };
  const gateway = gatewayOver(composedSupergraph(), source);
  const result = await gateway.load();
  const loaded: GatewayInterface = {
    load: async () => result,
    // ApolloServer asks for the schema before it loads: the gateway has it already.
    onSchemaLoadOrUpdate(callback) {
      if (gateway.schema) callback({ apiSchema: gateway.schema, coreSupergraphSdl: composedSupergraph() });
      return gateway.onSchemaLoadOrUpdate(callback);
    },
    stop: () => gateway.stop(),
  };
  return { gateway, loaded };
}
