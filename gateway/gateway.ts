import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { composeSupergraph } from '../schema/compose';
import type { SubgraphName } from '../lib/config';
import { REQUEST_ID_HEADER, signPrincipal, type Principal } from '../lib/principal';

/** What the gateway knows of a request: the authenticated caller and the id its logs carry. */
export interface GatewayContext {
  principal: Principal | null;
  requestId: string;
}

/** Forwards the caller to a subgraph as a signed header a client cannot forge. */
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

export function createGateway(urls: Record<SubgraphName, string>, secret: string): ApolloGateway {
  return new ApolloGateway({
    supergraphSdl: composeSupergraph(urls),
    buildService: ({ url }) => new SignedDataSource(url!, secret),
  });
}
