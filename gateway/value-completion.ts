import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { log } from '../lib/log';
import type { GatewayContext } from './gateway';

/**
 * When a non-null field of an entity comes back null, @apollo/gateway nulls its parent and reports
 * it only under `extensions.valueCompletion`, with no `errors`: a client would see missing data and
 * no error (and a REST row an empty answer). Such entries become ordinary (masked) errors.
 */
export function reportValueCompletion(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }: GraphQLRequestContextWillSendResponse<GatewayContext>) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const problems = result.extensions?.valueCompletion as ReadonlyArray<GraphQLFormattedError> | undefined;
          if (!problems?.length) return;
          for (const problem of problems)
            log.error('incomplete value', { service: 'gateway', requestId: contextValue.requestId, path: problem.path, error: problem.message });
          const { valueCompletion: _reported, ...extensions } = result.extensions ?? {};
          result.extensions = Object.keys(extensions).length ? extensions : undefined;
          result.errors = [
            ...(result.errors ?? []),
            ...problems.map((p) => ({ message: 'Internal server error', path: p.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } })),
          ];
        },
      };
    },
  };
}
