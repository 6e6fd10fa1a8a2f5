import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import type { RequestLimits } from '../lib/config';

export { useTokenLimit } from '../lib/document-tokens';

type GraphQLLimits = RequestLimits['graphql'];

/**
 * What one GraphQL operation may ask for, checked before it runs. Measured before these limits: an
 * anonymous "introspection-only" document of 150,000 aliases (2.7 MB) held the event loop ~2 s in
 * parsing and validation; 1,000 aliases of `alerts(size: 1000)` ran 25–30 s and held every database
 * connection.
 *
 *  - tokens: counted by the lexer before anything is parsed (`useTokenLimit`), stopping at the limit;
 *  - aliases, depth, directives: graphql-armor's validation rules (`armorValidationRules`);
 *  - root fields and cost: `operationCostLimit`, which sees the variables (a page `size` is usually one).
 */

/** Arguments that set how many items a list field returns. */
const PAGE_SIZE_ARGUMENTS = new Set(['size', 'pageSize', 'first', 'last', 'limit']);
/** A page-size argument left out costs as its largest default (scans: 100). */
const UNSPECIFIED_PAGE_SIZE = 100;

/** graphql-armor's alias, depth and directive limits, reported as validation errors (HTTP 400, code BAD_REQUEST). */
export function armorValidationRules(limits: GraphQLLimits): ValidationRule[] {
  const report = (setting: string) => [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(`${error.message.replace(/^Syntax Error: /, '')} (${setting})`)),
  ];
  const rejection = (setting: string) => ({ exposeLimits: true, propagateOnRejection: false, onReject: report(setting) });
  const armor = new ApolloArmor({
    maxAliases: { enabled: limits.maxAliases > 0, n: limits.maxAliases, ...rejection('VIGIL_GRAPHQL_MAX_ALIASES') },
    maxDepth: { enabled: limits.maxDepth > 0, n: limits.maxDepth, ignoreIntrospection: true, ...rejection('VIGIL_GRAPHQL_MAX_DEPTH') },
    maxDirectives: { enabled: limits.maxDirectives > 0, n: limits.maxDirectives, ...rejection('VIGIL_GRAPHQL_MAX_DIRECTIVES') },
    // Tokens are counted before parsing (useTokenLimit); armor's cost ignores `size` and variables,
    // so operationCostLimit estimates cost; field suggestions stay (the schema is public).
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  });
  return armor.protect().validationRules;
}

function pageSize(value: ValueNode | undefined, variables: Record<string, unknown>, defaults: Record<string, unknown>): number {
  let size: unknown;
  if (value?.kind === Kind.INT) size = Number(value.value);
  else if (value?.kind === Kind.VARIABLE) size = variables[value.name.value] ?? defaults[value.name.value];
  return typeof size === 'number' && Number.isFinite(size) && size > 0 ? size : UNSPECIFIED_PAGE_SIZE;
}

/**
 * The estimated cost of a selection: each field costs 1 plus its selection, and a field with a page
 * size argument costs that size times as much (`alerts(size: 1000) { id title }` = 1000 × 3).
 * Introspection fields cost 1: they read the schema, not the database.
 */
export function selectionCost(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  defaults: Record<string, unknown> = {},
  visiting: Set<string> = new Set(),
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) {
        cost += 1;
        continue;
      }
      let fieldCost = 1 + (selection.selectionSet ? selectionCost(selection.selectionSet, fragments, variables, defaults, visiting) : 0);
      const sizeArgument = selection.arguments?.find((argument) => PAGE_SIZE_ARGUMENTS.has(argument.name.value));
      const paged = sizeArgument || (selection.selectionSet && selection.arguments?.some((a) => a.name.value === 'cursor' || a.name.value === 'page'));
      if (paged) fieldCost *= pageSize(sizeArgument?.value, variables, defaults);
      cost += fieldCost;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionCost(selection.selectionSet, fragments, variables, defaults, visiting);
    } else {
      const fragment = fragments[selection.name.value];
      if (!fragment || visiting.has(fragment.name.value)) continue;
      visiting.add(fragment.name.value);
      cost += selectionCost(fragment.selectionSet, fragments, variables, defaults, visiting);
      visiting.delete(fragment.name.value);
    }
  }
  return cost;
}

/** The root fields an operation selects, fragments included. */
function rootFieldCount(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, visiting = new Set<string>()): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value.startsWith('__') ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, fragments, visiting);
    else if (fragments[selection.name.value] && !visiting.has(selection.name.value)) {
      visiting.add(selection.name.value);
      count += rootFieldCount(fragments[selection.name.value].selectionSet, fragments, visiting);
      visiting.delete(selection.name.value);
    }
  }
  return count;
}

function refusal(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
}

/** Why `operation` is refused — too many root fields or too high an estimated cost — or undefined when it may run. */
export function costRefusal(
  limits: GraphQLLimits,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const rootFields = rootFieldCount(operation.selectionSet, fragments);
  if (limits.maxRootFields > 0 && rootFields > limits.maxRootFields) {
    return refusal(`The operation selects ${rootFields} root fields, more than the limit of ${limits.maxRootFields} (VIGIL_GRAPHQL_MAX_ROOT_FIELDS)`);
  }
  const defaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue?.kind === Kind.INT) defaults[definition.variable.name.value] = Number(definition.defaultValue.value);
  }
  const cost = selectionCost(operation.selectionSet, fragments, variables, defaults);
  if (limits.maxCost > 0 && cost > limits.maxCost) {
    return refusal(
      `The operation's estimated cost is ${cost}, more than the limit of ${limits.maxCost} (VIGIL_GRAPHQL_MAX_COST): ` +
        'a paged field costs its size times its selection; ask for fewer or smaller pages',
    );
  }
  return undefined;
}

/** Refuses an operation with too many root fields or too high an estimated cost, once its variables are known and before it runs. */
export function operationCostLimit(limits: GraphQLLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          if (!operation) return;
          const refused = costRefusal(limits, document, operation, request.variables ?? {});
          if (refused) throw refused;
        },
      };
    },
  };
}
