import type { ApolloGateway } from '@apollo/gateway';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { planSingleFetch, runSingleFetch, type SingleFetch } from '../../lib/apollo-internals/single-fetch';
import type { RequestLimits } from '../../lib/config';
import { logUnexpectedError } from '../../lib/error-log';
import { formatError } from '../../lib/graphql-errors';
import { graphqlDuration, graphqlErrors } from '../../lib/metrics';
import { NUL_CHARACTER_MESSAGE, pathOfNulCharacter } from '../../lib/validate';
import { costRefusal } from '../cost-limits';
import type { GatewayContext } from '../gateway';
import { valueCompletionErrors } from '../value-completion';
import type { ExecutionResult } from './table';

/** Route operations are a fixed set (~90 texts); the bound only guards against a caller building texts. */
const MAX_PLANS = 500;

/**
 * A REST route's query answered by one subgraph (the alert pages, most lookups and lists) runs its one
 * fetch directly (lib/apollo-internals/single-fetch.ts), with what the REST graph's Apollo Server
 * would do around it for such a query: the cost limit (gateway/cost-limits.ts), the NUL rule on
 * variables (gateway/graphql-input.ts), value completion reported as an error
 * (gateway/value-completion.ts), the gateway's internal errors logged (gateway/internal-errors.ts), the
 * operation's metrics (gateway/metrics.ts) and formatError. Mutations and queries planned over several
 * subgraphs take the whole pipeline (`undefined` here). The subgraph enforces its permissions either way.
 *
 * What it saves on `bench:alerts`' page of 100 (in one process run, alternated): see bench/README.md.
 */
export function singleFetchRoutes(gateway: ApolloGateway, limits: RequestLimits['graphql']) {
  const plans = new Map<string, SingleFetch | null>();
  const planFor = (operation: string): SingleFetch | null => {
    let plan = plans.get(operation);
    if (plan === undefined) {
      if (plans.size >= MAX_PLANS) plans.clear();
      plan = planSingleFetch(gateway, operation);
      plans.set(operation, plan);
    }
    return plan;
  };

  const run = async (plan: SingleFetch, variables: Record<string, unknown>, context: GatewayContext): Promise<ExecutionResult> => {
    const started = process.hrtime.bigint();
    const first = plan.definition.selectionSet.selections[0];
    const labels = { type: 'query', field: first?.kind === 'Field' ? first.name.value : 'unknown' };
    let errors: GraphQLError[] = [];
    // Value-completion problems come after the errors, as reportValueCompletion appends them in Apollo Server's
    // pipeline (REST answers the first error: a subgraph's FORBIDDEN must not become a 500).
    let incomplete: GraphQLFormattedError[] = [];
    let data: Record<string, unknown> | null | undefined;
    try {
      const refused = refusedInput(plan, variables, limits);
      if (refused) errors = [refused];
      else {
        const result = await runSingleFetch(gateway, plan, variables, context).catch((error: unknown) => ({
          errors: [error as GraphQLError],
          data: undefined,
          valueCompletion: undefined,
        }));
        data = result.data;
        errors = result.errors ?? [];
        if (result.valueCompletion?.length) incomplete = valueCompletionErrors(result.valueCompletion, context.requestId);
      }
      for (const error of errors) {
        const code = error.extensions?.code;
        graphqlErrors.inc({ code: String(code ?? 'INTERNAL_SERVER_ERROR') });
        if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) logUnexpectedError('gateway', context.requestId, error.originalError ?? error);
      }
      const reported = [
        ...errors.map((error) => formatError(error instanceof GraphQLError ? error.toJSON() : { message: String((error as Error)?.message) }, error)),
        ...incomplete,
      ];
      return reported.length ? { data, errors: reported } : { data };
    } finally {
      graphqlDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };

  /** The route's query run as one fetch, or undefined when it is not one (the caller runs the whole pipeline). */
  return (operation: string, variables: Record<string, unknown>, context: GatewayContext): Promise<ExecutionResult> | undefined => {
    const plan = planFor(operation);
    return plan ? run(plan, variables, context) : undefined;
  };
}

/** The request checks Apollo Server's plugins make before a query runs: a NUL in a variable, the cost limit. */
function refusedInput(plan: SingleFetch, variables: Record<string, unknown>, limits: RequestLimits['graphql']): GraphQLError | undefined {
  for (const [name, value] of Object.entries(variables)) {
    const nul = pathOfNulCharacter(value);
    if (nul) {
      const field = [name, ...nul].join('.');
      return new GraphQLError(`Variable "$${field}" ${NUL_CHARACTER_MESSAGE}`, { extensions: { code: 'BAD_USER_INPUT', field } });
    }
  }
  return costRefusal(limits, plan.document, plan.definition, variables);
}
