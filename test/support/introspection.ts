// The shapes of a GraphQL introspection answer that the schema-walking suites read (the authorization
// matrix and the hostile-input suite), and the two ways they name a type reference.

export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
export interface InputValue {
  name: string;
  type: TypeRef;
  defaultValue?: string | null;
}
export interface Field {
  name: string;
  args: InputValue[];
  type: TypeRef;
}
export interface FullType {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: InputValue[] | null;
  enumValues: Array<{ name: string }> | null;
}

/** The named type under any NON_NULL / LIST wrappers. */
export const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);

/** The reference as SDL writes it (`[ID!]!`). */
export const typeString = (ref: TypeRef): string =>
  ref.kind === 'NON_NULL' ? `${typeString(ref.ofType!)}!` : ref.kind === 'LIST' ? `[${typeString(ref.ofType!)}]` : ref.name!;
