import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  print,
  type SelectionNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
  visit,
} from 'graphql';
import type { EventLogRow } from '../../lib/event-log';
import { enumName } from '../../lib/vocabulary';

/**
 * A subscription message is the subscriber's own selection, executed against the supergraph's
 * API schema over a value built here — except `AlertChange.alert`, whose subtree may reach every
 * subgraph (organization { name }, scanTarget { kind name }, ruleTitle): it is fetched through the
 * gateway as `Query.alert(id, organizationId, lang)` with the subscriber's own selection, so it
 * resolves — and is censored for a follower by the alerts subgraph — exactly as that query.
 */
export type RunQuery = (query: string, variables: Record<string, unknown>) => Promise<ExecutionResult>;

const LOCAL = Symbol('built by the gateway');

export interface PayloadPlan {
  /** The query fetching `alert` for an entry, or null when the selection does not ask for it. */
  alertQuery: { text: string; variableNames: string[] } | null;
  build(row: EventLogRow, cursor: string, fetched: ExecutionResult | null): Promise<ExecutionResult> | ExecutionResult;
}

/** Plans one subscription operation (validated against `schema`): done once per subscribe. */
export function planPayload(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): PayloadPlan {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  ) as OperationDefinitionNode;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const root = collectFields(operation.selectionSet, fragments)[0];
  // postureChanged's `posture` is fetched as Query.posture(organizationId) the same way (censored for a follower there).
  const fetchedField = FETCHED_FIELDS[root.name.value] ?? FETCHED_FIELDS.alertChanged;
  const alertFields = root.selectionSet ? collectFields(root.selectionSet, fragments).filter((f) => f.name.value === fetchedField.field) : [];
  const alertQuery = alertFields.length ? buildAlertQuery(operation, fragments, alertFields, fetchedField) : null;

  return {
    alertQuery,
    build(row, cursor, fetched) {
      const value = {
        [LOCAL]: true,
        cursor,
        seq: row.seq,
        // AlertChange.event spells the log's `AlertUpdated` as the AlertChangeEvent value `ALERT_UPDATED`.
        event: root.name.value === 'eventAppended' ? eventValue(row) : enumName(row.name),
      };
      const fieldResolver = (
        // biome-ignore lint/suspicious/noExplicitAny: a payload object of any selected type
        source: any,
        _args: unknown,
        _ctx: unknown,
        info: { fieldName: string; parentType: { name: string }; path: { key: string | number } },
      ) => {
        if (info.parentType.name === 'Subscription') return value;
        if (info.parentType.name === fetchedField.parent && info.fieldName === fetchedField.field)
          return (fetched?.data as Record<string, unknown> | null | undefined)?.[String(info.path.key)] ?? null;
        if (source?.[LOCAL]) return source[info.fieldName];
        return source?.[info.path.key];
      };
      const result = execute({ schema, document, operationName, variableValues: variables, fieldResolver: fieldResolver as never }) as ExecutionResult;
      if (fetched?.errors?.length) return { ...result, errors: [...fetched.errors, ...(result.errors ?? [])] };
      return result;
    },
  };
}

function eventValue(row: EventLogRow) {
  return {
    [LOCAL]: true,
    id: row.id,
    // The API schema's EventName enum spells the log's `AlertUpdated` as `ALERT_UPDATED`.
    name: enumName(row.name),
    source: row.source,
    version: row.version,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The fields of a selection set, through its fragments (the subscriber's types are the wrapper types: no type conditions to weigh). */
function collectFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, into: FieldNode[] = []): FieldNode[] {
  for (const selection of selectionSet.selections as readonly SelectionNode[]) {
    if (selection.kind === Kind.FIELD) into.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) collectFields(selection.selectionSet, fragments, into);
    else {
      const fragment = fragments.get(selection.name.value);
      if (fragment) collectFields(fragment.selectionSet, fragments, into);
    }
  }
  return into;
}

/** Which field of a message is fetched through the gateway, and as which Query field's arguments. */
interface FetchedField {
  parent: string;
  field: string;
  /** The query's own variables: name, type, non-null. */
  variables: Array<[string, string, boolean]>;
  /** The Query field's arguments, each a variable above. */
  arguments: Array<[string, string]>;
  /** The field's own argument passed on (`lang`). */
  passes: string[];
}
const ALERT_FETCH: FetchedField = {
  parent: 'AlertChange',
  field: 'alert',
  variables: [
    ['__alertId', 'ID', true],
    ['__organizationId', 'ID', false],
  ],
  arguments: [
    ['id', '__alertId'],
    ['organizationId', '__organizationId'],
  ],
  passes: ['lang'],
};
const FETCHED_FIELDS: Record<string, FetchedField> = {
  alertChanged: ALERT_FETCH,
  followingAlertChanged: ALERT_FETCH,
  postureChanged: {
    parent: 'PostureChange',
    field: 'posture',
    variables: [['__organizationId', 'ID', true]],
    arguments: [['organizationId', '__organizationId']],
    passes: [],
  },
};

/** `query($__alertId: ID!, $__organizationId: ID, <the variables it uses>) { <key>: alert(id:, organizationId:, lang:) { <selection> } ... }` (or `posture(organizationId:)`) */
function buildAlertQuery(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  alertFields: FieldNode[],
  fetched: FetchedField = ALERT_FETCH,
) {
  const byKey = new Map<string, FieldNode[]>();
  for (const field of alertFields) {
    const key = field.alias?.value ?? field.name.value;
    byKey.set(key, [...(byKey.get(key) ?? []), field]);
  }
  const variable = (name: string) => ({ kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } }) as const;
  const argument = (name: string, value: import('graphql').ValueNode): import('graphql').ArgumentNode => ({
    kind: Kind.ARGUMENT,
    name: { kind: Kind.NAME, value: name },
    value,
  });
  const selections: FieldNode[] = [...byKey].map(([key, fields]) => {
    const passed = (fields[0].arguments ?? []).filter((a) => fetched.passes.includes(a.name.value));
    return {
      kind: Kind.FIELD,
      alias: { kind: Kind.NAME, value: key },
      name: { kind: Kind.NAME, value: fetched.field },
      arguments: [...fetched.arguments.map(([name, from]) => argument(name, variable(from))), ...passed.map((a) => argument(a.name.value, a.value))],
      selectionSet: { kind: Kind.SELECTION_SET, selections: fields.flatMap((f) => f.selectionSet?.selections ?? []) },
    };
  });

  // Only the fragments and variables the new query uses (GraphQL refuses unused ones).
  const usedFragments = new Set<string>();
  const usedVariables = new Set<string>();
  const walk = (node: unknown) =>
    visit(node as DocumentNode, {
      FragmentSpread(spread) {
        if (usedFragments.has(spread.name.value)) return;
        usedFragments.add(spread.name.value);
        const fragment = fragments.get(spread.name.value);
        if (fragment) walk(fragment);
      },
      Variable(v) {
        usedVariables.add(v.name.value);
      },
    });
  for (const selection of selections) walk(selection);
  const ownDefinitions: VariableDefinitionNode[] = (operation.variableDefinitions ?? []).filter((d) => usedVariables.has(d.variable.name.value));
  const definition = (name: string, type: string, nonNull: boolean): VariableDefinitionNode => {
    const named = { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: type } } as const;
    return { kind: Kind.VARIABLE_DEFINITION, variable: variable(name), type: nonNull ? { kind: Kind.NON_NULL_TYPE, type: named } : named };
  };
  const document: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: 'query' as never,
        name: { kind: Kind.NAME, value: 'SubscriptionAlert' },
        variableDefinitions: [...fetched.variables.map(([name, type, nonNull]) => definition(name, type, nonNull)), ...ownDefinitions],
        selectionSet: { kind: Kind.SELECTION_SET, selections },
      },
      ...[...usedFragments].map((name) => fragments.get(name)).filter((f): f is FragmentDefinitionNode => f !== undefined),
    ],
  };
  return { text: print(document), variableNames: ownDefinitions.map((d) => d.variable.name.value) };
}
