import {
  assert,
  type CompositeType,
  ERRORS,
  type FieldSelection,
  isCompositeType,
  isCustomScalarType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isSubtype,
  type NamedType,
  type Operation,
  type Schema,
  type Selection,
  type SelectionSet,
  type Type,
  Variable,
} from '@apollo/federation-internals';
import type { GraphQLError } from 'graphql';

/**
 * The last step of @apollo/gateway's execution — shaping the subgraphs' merged answers into the
 * client's answer (resultShaping.ts's computeResponse) — with the same results, errors and thrown
 * assertions, and less work per value. The stock walk asks the operation's objects, through
 * @apollo/federation-internals' re-export getters, for every value of the answer: its @skip/@include
 * directives, response name, field type, `schema.type(__typename)`, subtyping; and allocates a result
 * object per value. Here the operation's selection sets are first turned into plain arrays (once per
 * operation object: a few hundred selections), type lookups and subtyping answers are kept per schema type,
 * and a value's result flags come back in two module variables. TestQuery (an 87.6 KB answer): the
 * stock walk was ~20% of the gateway's CPU under the benchmark's load (bench/README.md).
 *
 * Nothing here is shared between requests but what the schema and the operation alone decide (types, subtyping,
 * the compiled steps).
 */

/** A @skip/@include argument: absent, a literal, or a variable read at run time. */
type Condition = undefined | boolean | { variable: string; directive: unknown };

interface FieldStep {
  field: true;
  skip: Condition;
  include: Condition;
  name: string;
  /** The selection itself, for introspection fields (answered by the gateway's handler). */
  introspection: FieldSelection | undefined;
  typename: boolean;
  type: TypeStep;
  set: Step[] | undefined;
}
interface FragmentStep {
  field: false;
  skip: Condition;
  include: Condition;
  condition: CompositeType | undefined;
  set: Step[];
}
type Step = FieldStep | FragmentStep;

const NON_NULL = 0;
const LIST = 1;
const COMPOSITE = 2;
const LEAF = 3;
type TypeStep =
  | { kind: typeof NON_NULL; type: Type; of: TypeStep }
  | { kind: typeof LIST; type: Type; of: TypeStep }
  | { kind: typeof COMPOSITE; type: CompositeType }
  | { kind: typeof LEAF; type: Type; valid(value: unknown): boolean };

interface Context {
  schema: Schema;
  variables: Record<string, unknown>;
  errors: GraphQLError[];
  introspectionHandling(selection: FieldSelection): unknown;
}

const BUBBLE = true;
const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
const hasOwn = Object.prototype.hasOwnProperty;

const typeSteps = new WeakMap<Type, TypeStep>();
const typesByName = new WeakMap<Schema, Map<string, NamedType | undefined>>();
const subtypes = new WeakMap<object, Map<object, boolean>>();

function typeStep(schema: Schema, type: Type): TypeStep {
  let step = typeSteps.get(type);
  if (step) return step;
  if (isNonNullType(type)) step = { kind: NON_NULL, type, of: typeStep(schema, type.ofType) };
  else if (isListType(type)) step = { kind: LIST, type, of: typeStep(schema, type.ofType) };
  else if (isCompositeType(type)) step = { kind: COMPOSITE, type };
  else step = { kind: LEAF, type, valid: leafValidator(schema, type) };
  typeSteps.set(type, step);
  return step;
}

/** federation-internals' isValidLeafValue, its schema lookups done once per type. */
function leafValidator(schema: Schema, type: Type): (value: unknown) => boolean {
  if (isCustomScalarType(type)) return () => true;
  const isBoolean = type === schema.booleanType();
  const isIntOrId = type === schema.intType() || type === schema.idType();
  const isFloat = type === schema.floatType();
  const isEnum = isEnumType(type);
  const enumValues = isEnum ? new Set(type.values.map((v) => v.name)) : undefined;
  const isStringLike = !isBoolean && type !== schema.intType() && !isFloat;
  return (value) => {
    if (typeof value === 'boolean') return isBoolean;
    if (typeof value === 'number' && Number.isFinite(value)) return isIntOrId ? INTEGER.test(String(value)) : isFloat;
    if (typeof value === 'string') return enumValues ? enumValues.has(value) : isStringLike;
    return false;
  };
}

function typeNamed(schema: Schema, name: string): NamedType | undefined {
  let byName = typesByName.get(schema);
  if (!byName) {
    byName = new Map();
    typesByName.set(schema, byName);
  }
  if (byName.has(name)) return byName.get(name);
  const type = schema.type(name);
  byName.set(name, type);
  return type;
}

function subtype(of: CompositeType, type: NamedType): boolean {
  let answers = subtypes.get(of);
  if (!answers) {
    answers = new Map();
    subtypes.set(of, answers);
  }
  let answer = answers.get(type);
  if (answer === undefined) {
    answer = isSubtype(of, type);
    answers.set(type, answer);
  }
  return answer;
}

function condition(schema: Schema, selection: Selection, directive: 'skip' | 'include'): Condition {
  const applied = selection.element.appliedDirectivesOf(directive === 'skip' ? schema.skipDirective() : schema.includeDirective())[0];
  if (!applied) return undefined;
  const value = applied.arguments().if;
  return value instanceof Variable ? { variable: value.name, directive: applied } : Boolean(value);
}

function compile(schema: Schema, set: SelectionSet, memo: Map<SelectionSet, Step[]>): Step[] {
  let steps = memo.get(set);
  if (steps) return steps;
  steps = [];
  memo.set(set, steps);
  for (const selection of set.selections()) {
    const skip = condition(schema, selection, 'skip');
    const include = condition(schema, selection, 'include');
    if (selection.kind === 'FieldSelection') {
      const field = selection.element;
      steps.push({
        field: true,
        skip,
        include,
        name: field.responseName(),
        introspection: field.definition.isSchemaIntrospectionField() ? selection : undefined,
        typename: field.name === '__typename',
        type: typeStep(schema, field.definition.type as Type),
        set: selection.selectionSet ? compile(schema, selection.selectionSet, memo) : undefined,
      });
    } else {
      steps.push({ field: false, skip, include, condition: selection.element.typeCondition, set: compile(schema, selection.selectionSet, memo) });
    }
  }
  return steps;
}

function conditionValue(value: Condition, variables: Record<string, unknown>): boolean {
  if (typeof value !== 'object') return value as boolean;
  const actual = variables[value.variable];
  assert(actual !== undefined && typeof actual === 'boolean', () => `Unexpected value ${actual} for variable $${value.variable} of ${value.directive}`);
  return actual;
}

function skipped(step: Step, variables: Record<string, unknown>): boolean {
  return (step.skip !== undefined && conditionValue(step.skip, variables)) || (step.include !== undefined && !conditionValue(step.include, variables));
}

function describe(path: Array<string | number>, type: Type, parentType: CompositeType): string {
  const last = path[path.length - 1];
  assert(last !== undefined, 'Should not have been called on an empty path');
  return typeof last === 'string' ? `field ${parentType}.${last}` : `array element of type ${type} at index ${last}`;
}

type Data = Record<string, unknown>;

/**
 * The answer's objects are ordinary objects, not the stock step's `Object.create(null)`: V8 keeps a
 * null-prototype object as a hash table, slower to fill and to serialise than an object with a hidden
 * class. So keys are read as own properties only, and an alias named `__proto__` is defined, not set.
 */
function put(output: Data, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(output, name, { value, enumerable: true, writable: true, configurable: true });
  else output[name] = value;
}

function applySet(input: Data, steps: Step[], output: Data, context: Context, path: Array<string | number>, parentType: CompositeType): boolean {
  for (const step of steps) {
    if ((step.skip !== undefined || step.include !== undefined) && skipped(step, context.variables)) continue;
    if (step.field) {
      const name = step.name;
      const outputValue = hasOwn.call(output, name) ? output[name] : undefined;
      if (step.introspection) {
        if (outputValue === undefined) put(output, name, context.introspectionHandling(step.introspection));
        continue;
      }
      let inputValue = (hasOwn.call(input, name) ? input[name] : undefined) ?? null;
      if (step.typename) {
        if (outputValue === undefined) {
          if (inputValue === null && name !== '__typename') inputValue = input.__typename ?? null;
          const type = typeof inputValue === 'string' ? (typeNamed(context.schema, inputValue) ?? parentType) : parentType;
          if (!isObjectType(type)) return BUBBLE;
          put(output, name, type.name);
        }
        continue;
      }
      path.push(name);
      put(output, name, update(outputValue, step.type, inputValue, step.set, path, context, parentType));
      path.pop();
      if (invalid) return BUBBLE;
    } else {
      const typename = input.__typename;
      assert(!typename || typeof typename === 'string', () => `Got unexpected value for __typename: ${typename}`);
      const applies =
        !step.condition ||
        (typename
          ? (() => {
              const type = typeNamed(context.schema, typename as string);
              return !!type && subtype(step.condition, type);
            })()
          : subtype(step.condition, parentType));
      if (applies && applySet(input, step.set, output, context, path, step.condition ?? parentType) === BUBBLE) return BUBBLE;
    }
  }
  return !BUBBLE;
}

/** What update() found besides its value: the value nulls its parent (invalid), an error was recorded on the way. */
let invalid = false;
let hasErrors = false;

function update(
  outputValue: unknown,
  type: TypeStep,
  inputValue: unknown,
  set: Step[] | undefined,
  path: Array<string | number>,
  context: Context,
  parentType: CompositeType,
): unknown {
  invalid = false;
  hasErrors = false;
  if (outputValue === null || (outputValue !== undefined && !set)) return outputValue;
  if (type.kind === NON_NULL) {
    const updated = update(outputValue, type.of, inputValue, set, path, context, parentType);
    if (updated === null) {
      if (!hasErrors) {
        context.errors.push(
          ERRORS.INVALID_GRAPHQL.err(`Cannot return null for non-nullable ${describe(path, type.of.type, parentType)}.`, { path: Array.from(path) }),
        );
      }
      invalid = true;
      hasErrors = true;
      return updated;
    }
    invalid = false;
    hasErrors = false;
    return updated;
  }
  if (inputValue === null) return null;
  if (type.kind === LIST) {
    assert(Array.isArray(inputValue), () => `Invalid non-list value ${inputValue} returned by subgraph for list type ${type.type}`);
    assert(
      outputValue === undefined || Array.isArray(outputValue),
      () => `Invalid non-list value ${outputValue} returned by subgraph for list type ${type.type}`,
    );
    const input = inputValue as unknown[];
    const output = outputValue as unknown[] | undefined;
    const length = output === undefined ? input.length : output.length;
    assert(input.length === length, () => `[${input}].length (${input.length}) !== [${output}].length (${length})`);
    const updated = new Array(length);
    let nullify = false;
    let errors = false;
    for (let i = 0; i < length; i++) {
      path.push(i);
      updated[i] = update(output === undefined ? undefined : output[i], type.of, input[i], set, path, context, parentType);
      path.pop();
      nullify ||= invalid;
      errors ||= hasErrors;
    }
    invalid = false;
    hasErrors = errors;
    return nullify ? null : updated;
  }
  if (type.kind === COMPOSITE) {
    assert(set, () => `Invalid empty selection set for composite type ${type.type}`);
    assert(typeof inputValue === 'object', () => `Invalid non-object value ${inputValue} returned by subgraph for composite type ${type.type}`);
    assert(
      outputValue === undefined || typeof outputValue === 'object',
      () => `Invalid non-object value ${inputValue} returned by subgraph for composite type ${type.type}`,
    );
    const input = inputValue as Data;
    const inputTypename = input.__typename;
    assert(inputTypename === undefined || typeof inputTypename === 'string', () => `Invalid non-string value ${inputTypename} for __typename at ${path}`);
    let objectType: CompositeType = type.type;
    if (inputTypename) {
      const named = typeNamed(context.schema, inputTypename as string);
      if (!named || !isCompositeType(named)) {
        context.errors.push(
          ERRORS.INVALID_GRAPHQL.err(`Invalid __typename found for object at ${describe(path, type.type, parentType)}.`, { path: Array.from(path) }),
        );
        invalid = false;
        hasErrors = true;
        return null;
      }
      objectType = named;
    }
    const output = outputValue === undefined ? {} : (outputValue as Data);
    const bubbled = applySet(input, set, output, context, path, objectType);
    invalid = false;
    hasErrors = bubbled;
    return bubbled ? null : output;
  }
  assert(outputValue === undefined, () => `Excepted output to be undefined but got ${type.type} for type ${type.type}`);
  const valid = type.valid(inputValue);
  if (!valid) context.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid value found for ${describe(path, type.type, parentType)}.`, { path: Array.from(path) }));
  invalid = false;
  hasErrors = !valid;
  return valid ? inputValue : null;
}

/**
 * The operation's steps and its variables' defaults, kept per Operation object: they depend on the operation and
 * its schema alone, and the executor (plan-execution.ts) and the REST single-fetch path build an operation once
 * per parsed document, so a repeated operation is compiled once, not at each request.
 */
const compiled = new WeakMap<Operation, { steps: Step[]; defaults: Record<string, unknown> }>();

function compiledOperation(schema: Schema, operation: Operation) {
  let known = compiled.get(operation);
  if (!known) {
    known = { steps: compile(schema, operation.selectionSet, new Map()), defaults: operation.collectDefaultedVariableValues() };
    compiled.set(operation, known);
  }
  return known;
}
const compiledSteps = (schema: Schema, operation: Operation) => compiledOperation(schema, operation).steps;
const defaultedVariables = (operation: Operation) => compiledOperation(operation.schema(), operation).defaults;

/** The same contract as @apollo/gateway's computeResponse (dist/resultShaping). */
export function computeResponse({
  operation,
  variables,
  input,
  introspectionHandling,
}: {
  operation: Operation;
  variables?: Record<string, unknown>;
  input: Record<string, unknown> | null | undefined;
  introspectionHandling: (selection: FieldSelection) => unknown;
}): { data: Record<string, unknown> | null | undefined; errors: GraphQLError[] } {
  if (!input) return { data: input, errors: [] };
  const schema = operation.schema();
  const context: Context = {
    schema,
    variables: { __proto__: null, ...defaultedVariables(operation), ...variables },
    errors: [],
    introspectionHandling,
  };
  const data: Data = {};
  const steps = compiledSteps(schema, operation);
  const bubbled = applySet(input, steps, data, context, [], schema.schemaDefinition.rootType(operation.rootKind) as CompositeType);
  return { data: bubbled ? null : data, errors: context.errors };
}

/**
 * Makes @apollo/gateway's executor shape answers with computeResponse above. The executor calls
 * its module's export at each request (`resultShaping_1.computeResponse(…)`), so replacing the export
 * is enough; test/lib/apollo-internals/result-shaping.test.ts checks that the two agree and that the gateway uses this one.
 */
export function installResultShaping(): void {
  const stock = require('@apollo/gateway/dist/resultShaping') as { computeResponse: unknown };
  stock.computeResponse = computeResponse;
}
