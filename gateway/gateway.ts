import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { execute, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { composeSupergraph } from '../schema/compose';
import type { SubgraphName } from '../lib/config';
import { VigilError, isErrorCode } from '../lib/errors';
import { log } from '../lib/log';
import { REQUEST_ID_HEADER, signPrincipal, type Principal } from '../lib/principal';
import { createContext, formatError, type SubgraphDefinition, type SubgraphDeps } from '../subgraphs/server';

/** What the gateway knows of a request: the authenticated caller and the id its logs carry. */
export interface GatewayContext {
  principal: Principal | null;
  requestId: string;
}

/** Forwards the caller to a subgraph over HTTP as a signed header a client cannot forge. */
class SignedDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly secret: string,
  ) {
    super({ url });
  }

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const ctx = context as Partial<GatewayContext>;
    for (const [name, value] of Object.entries(signPrincipal(this.secret, ctx.principal ?? null))) request.http?.headers.set(name, value);
    if (ctx.requestId) request.http?.headers.set(REQUEST_ID_HEADER, ctx.requestId);
  }
}

const MAX_CACHED_DOCUMENTS = 1000;

/**
 * Runs a subgraph's operation against its schema in this process: no HTTP hop, no JSON round trip.
 * The principal needs no signature here (it never leaves the process); the subgraph sees the same
 * context, errors and logs as over HTTP.
 */
export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(
    private readonly definition: SubgraphDefinition,
    private readonly schema: GraphQLSchema,
    private readonly deps: SubgraphDeps,
  ) {}

  private document(query: string): DocumentNode {
    let document = this.documents.get(query);
    if (!document) {
      // Operations come from the query planner, so a bounded cache holds nearly all of them.
      if (this.documents.size >= MAX_CACHED_DOCUMENTS) this.documents.clear();
      document = parse(query);
      this.documents.set(query, document);
    }
    return document;
  }

  async process({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const ctx = context as Partial<GatewayContext>;
    const requestId = ctx.requestId ?? 'internal';
    const result = await execute({
      schema: this.schema,
      document: this.document(request.query!),
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: createContext(this.definition, this.deps, ctx.principal ?? null, requestId),
    });
    if (!result.errors) return { data: result.data };
    for (const error of result.errors) {
      const original = error.originalError ?? error;
      if (!(original instanceof VigilError) && !isErrorCode(error.extensions?.code)) {
        log.error('internal error', { service: `subgraph ${this.definition.name}`, requestId, error: original.stack ?? original.message });
      }
    }
    return { data: result.data, errors: result.errors.map((error) => formatError(error.toJSON(), error)) };
  }
}

export function createGateway(urls: Record<SubgraphName, string>, secret: string, inProcess: Partial<Record<SubgraphName, GraphQLDataSource>> = {}): ApolloGateway {
  return new ApolloGateway({
    supergraphSdl: composeSupergraph(urls),
    buildService: ({ name, url }) => inProcess[name as SubgraphName] ?? new SignedDataSource(url!, secret),
  });
}
