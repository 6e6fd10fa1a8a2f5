import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';

/** The one Apollo Client of the console: normalized cache configured here once; queries over HTTP, subscriptions over graphql-ws. */
export function makeClient(key: string): ApolloClient {
  const http = new HttpLink({ uri: '/graphql', headers: { authorization: `Bearer ${key}` } });
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  const ws = new GraphQLWsLink(createClient({ url: wsUrl, connectionParams: { authorization: `Bearer ${key}` } }));
  const link = ApolloLink.split(
    ({ query }) => {
      const d = getMainDefinition(query);
      return d.kind === 'OperationDefinition' && d.operation === 'subscription';
    },
    ws,
    http,
  );
  return new ApolloClient({
    link,
    cache: new InMemoryCache({
      typePolicies: {
        Posture: { keyFields: ['organizationId', 'view'] },
        Query: { fields: { alerts: { keyArgs: ['organizationId', 'filter', 'order', 'sort', 'after'] } } },
      },
    }),
  });
}
