import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { composeSupergraph } from '../schema/compose';
import { timedDataSource } from './metrics';
import type { SubgraphName } from '../lib/config';
import { REQUEST_ID_HEADER, signPrincipal, type Principal } from '../lib/principal';

/** What the gateway knows of a request: the authenticated caller, the id its logs carry, where the client reached it. */
export interface GatewayContext {
  principal: Principal | null;
  requestId: string;
  /** `http(s)://host[:port]` of the request (lib/request-origin.ts), for links when VIGIL_PUBLIC_URL is unset. */
  origin?: string;
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
    for (const [name, value] of Object.entries(signPrincipal(this.secret, ctx.principal ?? null, { query: request.query, variables: request.variables }, Date.now(), ctx.origin))) request.http?.headers.set(name, value);
    if (ctx.requestId) request.http?.headers.set(REQUEST_ID_HEADER, ctx.requestId);
  }
}

export function createGateway(urls: Record<SubgraphName, string>, secret: string, inProcess: Partial<Record<SubgraphName, GraphQLDataSource>> = {}): ApolloGateway {
  return new ApolloGateway({
    supergraphSdl: composeSupergraph(urls),
    buildService: ({ name, url }) => timedDataSource(name, inProcess[name as SubgraphName] ?? new SignedDataSource(url!, secret)),
  });
}
