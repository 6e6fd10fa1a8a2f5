import {
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  type InlineFragmentNode,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  valueFromAST,
  visit,
} from 'graphql';
import { GraphQLDeferDirective } from './directive';

/**
 * A query with @defer split into operations @apollo/gateway runs as any other (each planned over the
 * subgraphs on its own, so the first does not wait for the deferred fragments' subgraph calls):
 *  - `primary`: the query without its deferred fragments (a selection set they leave empty keeps `__typename`);
 *  - one `deferred` operation per deferred fragment: the fields leading to it (aliases, arguments,
 *    @skip/@include and the fragments on the way kept) with the fragment's selections at the end, rooted at
 *    Query; its answer at `path` is the fragment's `data`.
 * A fragment is deferred when its @defer's `if` is true (a literal or a variable) and the fields leading
 * to it are no list: under a list each item would need its own operation, so it is answered with the rest
 * (the spec lets a server do so). A @defer inside a deferred fragment is delivered with it, and so is any
 * past the first MAX_DEFERRED_PARTS (in document order). Named fragments are inlined (the same
 * selections); every operation keeps only the variables it uses.
 */

/**
 * Deferred fragments one query may split into: each is an operation of its own (one HTTP request counts once
 * in the key's budget) that fetches again the fields leading to it; past this many, fragments come with the
 * first part. Each part still meets the cost limit alone, and the whole query before splitting.
 */
export const MAX_DEFERRED_PARTS = 10;
export interface DeferredPart {
  /** Response keys from the root to the object the fragment's fields belong to. */
  path: string[];
  label?: string;
  document: DocumentNode;
  variableNames: string[];
}

export interface SplitQuery {
  primary: DocumentNode;
  primaryVariableNames: string[];
  deferred: DeferredPart[];
}

type Step = { field: FieldNode } | { fragment: InlineFragmentNode };

const selectionSet = (selections: readonly SelectionNode[]): SelectionSetNode => ({ kind: Kind.SELECTION_SET, selections });
const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/** The @defer of a fragment if it defers (`if` true), its label; null when it has none or `if` is false. */
function deferOf(directives: readonly DirectiveNode[] | undefined, variables: Record<string, unknown>): { label?: string } | null {
  const directive = directives?.find((d) => d.name.value === 'defer');
  if (!directive) return null;
  const argument = (name: 'if' | 'label') => {
    const node = directive.arguments?.find((a) => a.name.value === name)?.value;
    const definition = GraphQLDeferDirective.args.find((a) => a.name === name)!;
    return node ? valueFromAST(node, definition.type, variables) : definition.defaultValue;
  };
  if (argument('if') === false) return null;
  const label = argument('label');
  return typeof label === 'string' ? { label } : {};
}

const withoutDefer = (directives: readonly DirectiveNode[] | undefined) => directives?.filter((d) => d.name.value !== 'defer');

/** Whether `document`'s operation has a @defer, in it or in a fragment it may use (a cheap look before splitting). */
export function hasDefer(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'defer') found = true;
    },
  });
  return found;
}

export function splitDeferred(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  /** The operation's variables, coerced. */
  variables: Record<string, unknown>,
): SplitQuery {
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const deferred: Array<{ path: string[]; label?: string; chain: Step[]; fragment: InlineFragmentNode }> = [];

  /** `set` of `parent` with its deferred fragments taken out (recorded in `deferred`) and named fragments inlined. */
  const walk = (
    set: SelectionSetNode,
    parent: GraphQLCompositeType,
    chain: Step[],
    path: string[],
    underList: boolean,
    inDeferred: boolean,
  ): SelectionSetNode => {
    const out: SelectionNode[] = [];
    for (const original of set.selections) {
      let selection: SelectionNode = original;
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment) continue;
        selection = {
          kind: Kind.INLINE_FRAGMENT,
          typeCondition: fragment.typeCondition,
          directives: selection.directives,
          selectionSet: fragment.selectionSet,
        };
      }
      if (selection.kind === Kind.FIELD) {
        if (!selection.selectionSet) {
          out.push(selection);
          continue;
        }
        const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
        if (!definition) {
          out.push(selection);
          continue;
        }
        const type = getNamedType(definition.type);
        if (!isCompositeType(type)) {
          out.push(selection);
          continue;
        }
        const list = isListType(getNullableType(definition.type));
        const key = selection.alias?.value ?? selection.name.value;
        out.push({
          ...selection,
          selectionSet: walk(selection.selectionSet, type, [...chain, { field: selection }], [...path, key], underList || list, inDeferred),
        });
        continue;
      }
      const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
      const fragmentType = condition && isCompositeType(condition) ? condition : parent;
      const defer = deferOf(selection.directives, variables);
      const plain: InlineFragmentNode = { ...selection, directives: withoutDefer(selection.directives) };
      if (defer && !underList && !inDeferred && deferred.length < MAX_DEFERRED_PARTS) {
        deferred.push({
          path,
          label: defer.label,
          chain,
          fragment: { ...plain, selectionSet: walk(selection.selectionSet, fragmentType, [], [], false, true) },
        });
        continue;
      }
      out.push({ ...plain, selectionSet: walk(selection.selectionSet, fragmentType, [...chain, { fragment: plain }], path, underList, inDeferred) });
    }
    return selectionSet(out.length ? out : [TYPENAME]);
  };

  const root = schema.getRootType(operation.operation);
  if (!root) throw new Error(`no ${operation.operation} type`);
  const primarySet = walk(operation.selectionSet, root, [], [], false, false);
  const rooted = (selections: SelectionSetNode) => operationDocument(operation, selections);
  return {
    ...rooted(primarySet),
    deferred: deferred.map(({ path, label, chain, fragment }) => {
      let selection: SelectionNode = fragment;
      for (const step of [...chain].reverse()) {
        selection =
          'field' in step ? { ...step.field, selectionSet: selectionSet([selection]) } : { ...step.fragment, selectionSet: selectionSet([selection]) };
      }
      const { primary, primaryVariableNames } = rooted(selectionSet([selection]));
      return { path, ...(label !== undefined ? { label } : {}), document: primary, variableNames: primaryVariableNames };
    }),
  };
}

/** The operation with `selections`, only the variables they use declared, no fragment definitions (all inlined). */
function operationDocument(operation: OperationDefinitionNode, selections: SelectionSetNode): { primary: DocumentNode; primaryVariableNames: string[] } {
  const used = new Set<string>();
  visit(selections, {
    Variable(node) {
      used.add(node.name.value);
    },
  });
  const variableDefinitions = (operation.variableDefinitions ?? []).filter((d) => used.has(d.variable.name.value));
  return {
    primary: { kind: Kind.DOCUMENT, definitions: [{ ...operation, variableDefinitions, selectionSet: selections }] },
    primaryVariableNames: variableDefinitions.map((d) => d.variable.name.value),
  };
}
