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
          const { valueCompletion: _reported, ...extensions } = result.extensions ?? {};
          result.extensions = Object.keys(extensions).length ? extensions : undefined;
          result.errors = [...(result.errors ?? []), ...valueCompletionErrors(problems, contextValue.requestId)];
        },
      };
    },
  };
}

/**
 * Each value-completion problem logged and turned into a masked error: the one mapping for Apollo Server's
 * pipeline (above) and the REST routes that run their one fetch directly (gateway/rest/single-fetch-routes.ts).
 */
export function valueCompletionErrors(problems: ReadonlyArray<GraphQLFormattedError>, requestId: string | undefined): GraphQLFormattedError[] {
  for (const problem of problems) log.error('incomplete value', { service: 'gateway', requestId, path: problem.path, error: problem.message });
  return problems.map((p) => ({ message: 'Internal server error', path: p.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } }));
}
