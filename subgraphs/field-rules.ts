import {
  defaultFieldResolver,
  type GraphQLField,
  type GraphQLInputType,
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
 * before anything is looked up), then any declared format; (2) the rule; (3) the resolver, with the
 * parsed arguments (ids in lower case). Object-level checks that need the object itself (an alert
 * named by id, an assessment's two sides) stay with the resolver's lookup, and the rule says so.
 *
 * A lookup (a Query field whose type is one nullable object, `alert(id:)`) answers null where its
 * resolver finds nothing the caller may see: NOT_FOUND from the resolver, the same for "not there"
 * and "not yours", so nothing leaks and the rest of the answer stays. The rule's NOT_FOUND (an
 * organization argument the caller may not see) is "not yours" too and answers null; its FORBIDDEN (a
 * member without the role the rule asks) stays an error.
 *
 * A mutation takes one input object (`updateMember(input: { organizationId, userId, roles })`): a rule
 * names an argument inside it by its path, `admin('input.organizationId')`, and so do `.ids()` and
 * `.parse()`; the `ID` fields of an argument named `input` are checked as UUIDs like `ID` arguments.
 * An `ID` argument that also takes a view's own id (the receiver's `received:<uuid>` copy of an
 * assessment) declares its format with `.keyed()`; the resolver reads which view the id names.
 */

/** The context a rule reads: the one visibility policy (lib/visibility.ts). */
export interface RuleContext {
  policy: Visibility;
}

/** Parses one argument (400 naming `field` when it is not well-formed) and returns its value. */
export type ArgumentFormat = (value: unknown, field: string) => unknown;

/** What a rule lets through, as the authorization matrix (test/subgraphs/authorization-matrix.test.ts) names it. */
export type Access = 'authenticated' | 'member' | 'admin' | 'viewer' | 'object';

export interface FieldRule {
  readonly access: Access;
  /** The argument holding the organization the rule is about (member, admin, viewer). */
  readonly organizationArgument?: string;
  /** For `object`: who may, checked where the object is read. */
  readonly reason?: string;
  /** The name a malformed `ID` argument is reported under, when it is not the argument's own. */
  readonly idNames: Readonly<Record<string, string>>;
  /** `ID` arguments checked by another format than a UUID (a view's id, `received:<uuid>`). */
  readonly idFormats: Readonly<Record<string, ArgumentFormat>>;
  /** Formats of other arguments, checked before the rule. */
  readonly formats: Readonly<Record<string, ArgumentFormat>>;
  check(args: Record<string, unknown>, ctx: RuleContext): void | Promise<void>;
  /** This rule, with `ID` arguments reported under other names (`{ id: 'scanTargetId' }`). */
  ids(names: Record<string, string>): FieldRule;
  /** This rule, with `ID` arguments that also take a view's id checked by `formats` instead of as UUIDs. */
  keyed(formats: Record<string, ArgumentFormat>): FieldRule;
  /** This rule, with argument formats checked before it (`{ email: valid.email }`). */
  parse(formats: Record<string, ArgumentFormat>): FieldRule;
}

type Check = FieldRule['check'];

function rule(access: Access, check: Check, extra: { organizationArgument?: string; reason?: string } = {}): FieldRule {
  const make = (idNames: Record<string, string>, formats: Record<string, ArgumentFormat>, idFormats: Record<string, ArgumentFormat>): FieldRule => ({
    access,
    ...extra,
    idNames,
    formats,
    idFormats,
    check,
    ids: (names) => make({ ...idNames, ...names }, formats, idFormats),
    keyed: (more) => make(idNames, formats, { ...idFormats, ...more }),
    parse: (more) => make(idNames, { ...formats, ...more }, idFormats),
  });
  return make({}, {}, {});
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

function idArgument(arg: { type: GraphQLInputType }): boolean {
  return getNamedType(arg.type).name === 'ID';
}

/** The value at `path` (`organizationId`, `input.organizationId`) of a field's arguments. */
export function argumentAt(args: Record<string, unknown>, path: string): unknown {
  let value: unknown = args;
  for (const key of path.split('.')) value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key];
  return value;
}

/** `args` with the value at `path` replaced (the objects along the path copied, the caller's left as they are). */
function withArgumentAt(args: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [key, ...rest] = path.split('.');
  if (!rest.length) return { ...args, [key]: value };
  const inner = args[key];
  if (inner === null || typeof inner !== 'object') return args;
  return { ...args, [key]: withArgumentAt(inner as Record<string, unknown>, rest.join('.'), value) };
}

/** The type of the argument (or input field) at `path`, or undefined when the field has none there. */
function argumentType(field: GraphQLField<unknown, unknown>, path: string): GraphQLInputType | undefined {
  const [name, ...rest] = path.split('.');
  let type: GraphQLInputType | undefined = field.args.find((arg) => arg.name === name)?.type;
  for (const key of rest) {
    const named = type && getNamedType(type);
    type = named && isInputObjectType(named) ? named.getFields()[key]?.type : undefined;
  }
  return type;
}

/** The `ID` arguments of a field, and the `ID` fields of its `input` object, as paths. */
function idPaths(field: GraphQLField<unknown, unknown>): Array<{ path: string; type: GraphQLInputType }> {
  const paths: Array<{ path: string; type: GraphQLInputType }> = [];
  for (const arg of field.args) {
    if (idArgument(arg)) paths.push({ path: arg.name, type: arg.type });
    const named = getNamedType(arg.type);
    if (arg.name === 'input' && isInputObjectType(named)) {
      for (const inner of Object.values(named.getFields())) if (idArgument(inner)) paths.push({ path: `input.${inner.name}`, type: inner.type });
    }
  }
  return paths;
}

function uuidFormat(list: boolean): ArgumentFormat {
  return list ? (value, field) => valid.uuids(value as unknown[] | null, field) : (value, field) => valid.uuid(value, field);
}

function listType(argType: GraphQLInputType): boolean {
  const type = isNonNullType(argType) ? argType.ofType : argType;
  return isListType(type);
}

/** The argument parser of one field: ids first (in declaration order), then the declared formats. */
function argumentParser(field: GraphQLField<unknown, unknown>, fieldRule: FieldRule, coordinate: string) {
  const steps: Array<{ name: string; reportAs: string; format: ArgumentFormat; skipNull: boolean }> = [];
  const leaf = (path: string) => path.slice(path.lastIndexOf('.') + 1);
  const ids = idPaths(field);
  for (const { path, type } of ids)
    steps.push({
      name: path,
      reportAs: fieldRule.idNames[path] ?? leaf(path),
      format: fieldRule.idFormats[path] ?? uuidFormat(listType(type)),
      skipNull: true,
    });
  for (const name of [...Object.keys(fieldRule.idNames), ...Object.keys(fieldRule.idFormats)]) {
    if (!ids.some(({ path }) => path === name)) throw new Error(`${coordinate}: the rule names ID argument ${name}, which the field does not have`);
  }
  for (const [name, format] of Object.entries(fieldRule.formats)) {
    if (!argumentType(field, name)) throw new Error(`${coordinate}: the rule gives a format for argument ${name}, which the field does not have`);
    steps.push({ name, reportAs: leaf(name), format, skipNull: false });
  }
  if (fieldRule.organizationArgument && !argumentType(field, fieldRule.organizationArgument)) {
    throw new Error(`${coordinate}: the rule reads argument ${fieldRule.organizationArgument}, which the field does not have`);
  }
  if (!steps.length) return null;
  return (args: Record<string, unknown>): Record<string, unknown> => {
    let parsed = { ...args };
    for (const step of steps) {
      const value = argumentAt(args, step.name);
      if (step.skipNull && (value === null || value === undefined)) continue;
      parsed = withArgumentAt(parsed, step.name, step.format(value, step.reportAs));
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
        if (!lookup) {
          await fieldRule.check(parsed, context as RuleContext);
          return resolve(source, parsed, context, info);
        }
        try {
          await fieldRule.check(parsed, context as RuleContext);
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
