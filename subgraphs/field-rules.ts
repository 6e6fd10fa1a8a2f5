import {
  defaultFieldResolver,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { VigilError } from '../lib/errors';
import * as valid from '../lib/validate';
import type { Visibility } from '../lib/visibility';

/**
 * Who may call each root field, declared once per subgraph (`subgraphs/<name>/permissions.ts`) and
 * applied once when the subgraph's schema is built (`guardRootFields`), in the shape of
 * prisma-examples' graphql-auth `permissions/index.ts`. Deny by default: a Query or Mutation field
 * without a rule, or a rule for a field the SDL does not have, stops the build, so a new field
 * cannot ship unguarded.
 *
 * One call runs: (1) the argument formats, every `ID` argument a UUID (400 `<name> must be a UUID`,
 * before anything is looked up) — also the `ID` fields of an input object argument (a mutation's
 * `input`), reported under the field's name — then any declared format; (2) the rule; (3) the resolver, with the
 * parsed arguments (ids in lower case). Object-level checks that need the object itself (an alert
 * named by id, an assessment's two sides) stay with the resolver's lookup, and the rule says so.
 *
 * A lookup (a Query field whose type is one nullable object, `alert(id:)`) answers null where its
 * resolver finds nothing the caller may see: NOT_FOUND from the resolver, the same for "not there"
 * and "not yours", so nothing leaks and the rest of the answer stays. The rule's own refusals (an
 * organization argument the caller is not a member of) stay errors.
 */

/** The context a rule reads: the one visibility policy (lib/visibility.ts). */
export interface RuleContext {
  policy: Visibility;
}

/** Parses one argument (400 naming `field` when it is not well-formed) and returns its value. */
export type ArgumentFormat = (value: unknown, field: string) => unknown;

/** What a rule lets through, as the authorization matrix (test/authorization-matrix.test.ts) names it. */
export type Access = 'authenticated' | 'member' | 'admin' | 'viewer' | 'object';

export interface FieldRule {
  readonly access: Access;
  /**
   * The argument holding the organization the rule is about (member, admin, viewer); `input.organizationId`
   * names a field of an input object argument.
   */
  readonly organizationArgument?: string;
  /** For `object`: who may, checked where the object is read. */
  readonly reason?: string;
  /** The name a malformed `ID` argument (or `input.field`) is reported under, when it is not its own. */
  readonly idNames: Readonly<Record<string, string>>;
  /** Formats of other arguments, checked before the rule. */
  readonly formats: Readonly<Record<string, ArgumentFormat>>;
  check(args: Record<string, unknown>, ctx: RuleContext): void | Promise<void>;
  /** This rule, with `ID` arguments reported under other names (`{ id: 'scanTargetId' }`). */
  ids(names: Record<string, string>): FieldRule;
  /** This rule, with argument formats checked before it (`{ email: valid.email }`). */
  parse(formats: Record<string, ArgumentFormat>): FieldRule;
}

type Check = FieldRule['check'];

/** The value at `path` of the arguments: `organizationId`, or `input.organizationId` for an input object's field. */
export function argumentAt(args: Record<string, unknown>, path: string): unknown {
  let value: unknown = args;
  for (const step of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined;
  return value;
}

function rule(access: Access, check: Check, extra: { organizationArgument?: string; reason?: string } = {}): FieldRule {
  const make = (idNames: Record<string, string>, formats: Record<string, ArgumentFormat>): FieldRule => ({
    access,
    ...extra,
    idNames,
    formats,
    check,
    ids: (names) => make({ ...idNames, ...names }, formats),
    parse: (more) => make(idNames, { ...formats, ...more }),
  });
  return make({}, {});
}

/** Any caller the gateway authenticated: the caller's own account, or a catalog the same for everyone. */
export const authenticated: FieldRule = rule('authenticated', (_, ctx) => {
  void ctx.policy.userId;
});

/** Members of the organization in `argument` (any role): reads, and the few writes every member makes. */
export const member = (argument: string): FieldRule =>
  rule('member', (args, ctx) => ctx.policy.requireMember(argumentAt(args, argument) as string), { organizationArgument: argument });

/** ADMIN members of the organization in `argument`: configuration and every change to its data. */
export const admin = (argument: string): FieldRule =>
  rule('admin', (args, ctx) => ctx.policy.requireAdmin(argumentAt(args, argument) as string), { organizationArgument: argument });

/** Members of the organization in `argument`, or members of an organization that follows it. */
export const viewer = (argument: string): FieldRule =>
  rule('viewer', async (args, ctx) => void (await ctx.policy.requireView(argumentAt(args, argument) as string)), { organizationArgument: argument });

/**
 * Decided on the object the arguments name, where it is read (its organization's members, its
 * owner): `reason` says who, and the resolver asks the policy. The caller must be authenticated.
 */
export const byObject = (reason: string): FieldRule =>
  rule(
    'object',
    (_, ctx) => {
      void ctx.policy.userId;
    },
    { reason },
  );

/** The rules of one subgraph: type name → field name → rule. */
export type FieldRules = Record<'Query' | 'Mutation', Record<string, FieldRule>>;

const GUARDED_TYPES = ['Query', 'Mutation'] as const;

/** Federation's own entry points (`_entities`, `_service`): entity references check the policy themselves. */
const isFederationField = (name: string) => name.startsWith('_');

function idArgument(arg: GraphQLArgument | GraphQLInputField): boolean {
  return getNamedType(arg.type).name === 'ID';
}

/** The fields of an input object argument (`input`), or none. */
function inputFields(arg: GraphQLArgument): GraphQLInputField[] {
  const type = getNamedType(arg.type);
  return !listType(arg) && isInputObjectType(type) ? Object.values(type.getFields()) : [];
}

/** Whether `path` (`organizationId`, `input.organizationId`) names an argument, or a field of an input object argument. */
function hasArgument(field: GraphQLField<unknown, unknown>, path: string, ids = false): boolean {
  const [name, inner, ...rest] = path.split('.');
  const arg = field.args.find((a) => a.name === name);
  if (!arg || rest.length) return false;
  if (inner === undefined) return !ids || idArgument(arg);
  const found = inputFields(arg).find((f) => f.name === inner);
  return Boolean(found && (!ids || idArgument(found)));
}

function uuidFormat(list: boolean): ArgumentFormat {
  return list ? (value, field) => valid.uuids(value as unknown[] | null, field) : (value, field) => valid.uuid(value, field);
}

function listType(arg: GraphQLArgument | GraphQLInputField): boolean {
  const type = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
  return isListType(type);
}

/** The argument parser of one field: ids first (in declaration order), then the declared formats. */
function argumentParser(field: GraphQLField<unknown, unknown>, fieldRule: FieldRule, coordinate: string) {
  const steps: Array<{ name: string; inner?: string; reportAs: string; format: ArgumentFormat; skipNull: boolean }> = [];
  for (const arg of field.args) {
    if (idArgument(arg)) steps.push({ name: arg.name, reportAs: fieldRule.idNames[arg.name] ?? arg.name, format: uuidFormat(listType(arg)), skipNull: true });
    for (const inner of inputFields(arg).filter(idArgument)) {
      const reportAs = fieldRule.idNames[`${arg.name}.${inner.name}`] ?? inner.name;
      steps.push({ name: arg.name, inner: inner.name, reportAs, format: uuidFormat(listType(inner)), skipNull: true });
    }
  }
  for (const name of Object.keys(fieldRule.idNames)) {
    if (!hasArgument(field, name, true)) throw new Error(`${coordinate}: the rule names ID argument ${name}, which the field does not have`);
  }
  for (const [name, format] of Object.entries(fieldRule.formats)) {
    if (!field.args.some((arg) => arg.name === name))
      throw new Error(`${coordinate}: the rule gives a format for argument ${name}, which the field does not have`);
    steps.push({ name, reportAs: name, format, skipNull: false });
  }
  if (fieldRule.organizationArgument && !hasArgument(field, fieldRule.organizationArgument)) {
    throw new Error(`${coordinate}: the rule reads argument ${fieldRule.organizationArgument}, which the field does not have`);
  }
  if (!steps.length) return null;
  return (args: Record<string, unknown>): Record<string, unknown> => {
    const parsed = { ...args };
    for (const step of steps) {
      const outer = args[step.name] as Record<string, unknown> | null | undefined;
      const value = step.inner === undefined ? outer : outer?.[step.inner];
      if (step.skipNull && (value === null || value === undefined)) continue;
      if (step.inner === undefined) parsed[step.name] = step.format(value, step.reportAs);
      else parsed[step.name] = { ...(parsed[step.name] as Record<string, unknown>), [step.inner]: step.format(value, step.reportAs) };
    }
    return parsed;
  };
}

/**
 * Wraps every Query and Mutation resolver of `schema` with its rule from `rules` (the schema is
 * changed in place and returned). Throws, naming them, when a field has no rule or a rule no field.
 */
export function guardRootFields(schema: GraphQLSchema, rules: FieldRules, subgraph: string): GraphQLSchema {
  const problems: string[] = [];
  for (const typeName of GUARDED_TYPES) {
    const type = typeName === 'Query' ? schema.getQueryType() : schema.getMutationType();
    const fields = type ? type.getFields() : {};
    const declared = rules[typeName] ?? {};
    for (const name of Object.keys(declared)) if (!fields[name]) problems.push(`${typeName}.${name} has a rule but no field`);
    for (const [name, field] of Object.entries(fields)) {
      if (isFederationField(name)) continue;
      const fieldRule = declared[name];
      if (!fieldRule) {
        problems.push(`${typeName}.${name} has no rule`);
        continue;
      }
      const coordinate = `${typeName}.${name}`;
      const parse = argumentParser(field, fieldRule, coordinate);
      const resolve = field.resolve ?? defaultFieldResolver;
      const lookup = typeName === 'Query' && !isNonNullType(field.type) && !isListType(field.type);
      field.resolve = async (source, args, context, info) => {
        const parsed = parse ? parse(args) : args;
        await fieldRule.check(parsed, context as RuleContext);
        if (!lookup) return resolve(source, parsed, context, info);
        try {
          return await resolve(source, parsed, context, info);
        } catch (error) {
          if (error instanceof VigilError && error.code === 'NOT_FOUND') return null;
          throw error;
        }
      };
    }
  }
  if (problems.length)
    throw new Error(
      `subgraph ${subgraph}: deny by default, every root field needs exactly one rule (subgraphs/${subgraph}/permissions.ts):\n- ${problems.join('\n- ')}`,
    );
  return schema;
}
