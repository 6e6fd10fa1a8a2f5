import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { type DocumentNode, execute, type GraphQLSchema, parse } from 'graphql';
import { logUnexpectedError } from '../lib/error-log';
import { isErrorCode, VigilError } from '../lib/errors';
import { formatError } from '../lib/graphql-errors';
import type { Principal } from '../lib/principal';
import { createContext, type SubgraphDefinition, type SubgraphDeps } from './server';

/** What the gateway passes along with each subgraph operation (gateway/gateway.ts GatewayContext). */
interface CallerContext {
  principal?: Principal | null;
  requestId?: string;
  origin?: string;
}

const MAX_CACHED_DOCUMENTS = 1000;

/**
 * Runs a subgraph's operation against its schema in this process: no HTTP hop, no JSON round trip.
 * The principal needs no signature here (it never leaves the process); the subgraph sees the same
 * context, errors and logs as over HTTP.
 */
export class InProcessDataSource implements GraphQLDataSource<CallerContext> {
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

  async process({ request, context }: GraphQLDataSourceProcessOptions<CallerContext>) {
    const ctx = context as CallerContext;
    const requestId = ctx.requestId ?? 'internal';
    const result = await execute({
      schema: this.schema,
      document: this.document(request.query!),
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: createContext(this.definition, this.deps, ctx.principal ?? null, requestId, ctx.origin),
    });
    if (!result.errors) return { data: result.data };
    for (const error of result.errors) {
      const original = error.originalError ?? error;
      if (!(original instanceof VigilError) && !isErrorCode(error.extensions?.code)) {
        logUnexpectedError(`subgraph ${this.definition.name}`, requestId, original);
      }
    }
    return { data: result.data, errors: result.errors.map((error) => formatError(error.toJSON(), error)) };
  }
}
