import { buildSchema, operationFromDocument } from '@apollo/federation-internals';
import { parse } from 'graphql';
import { computeResponse } from '../../../lib/apollo-internals/result-shaping';

/**
 * lib/apollo-internals/result-shaping.ts replaces @apollo/gateway's last execution step (shaping the subgraphs'
 * merged answers into the client's answer). A client must see exactly what the stock step gives:
 * the same data, the same errors with the same paths, the same failures — for well-formed answers and
 * for subgraphs answering nonsense (nulls in non-null fields, wrong __typename, wrong scalar kinds).
 */
const stock = (require('@apollo/gateway/dist/resultShaping') as { computeResponse: typeof computeResponse }).computeResponse;

const schema = buildSchema(`
  type Query { node(id: ID!): Node  nodes: [Node!]!  search: [Result]  me: User!  count: Int  ratio: Float  flag: Boolean  color: Color }
  interface Node { id: ID! }
  type User implements Node { id: ID!  name: String!  friends: [User]  age: Int  color: Color }
  type Product implements Node { id: ID!  title: String  price: Float!  tags: [String!] }
  union Result = User | Product
  enum Color { RED GREEN }
  scalar JSON
`);

const OPERATION = `
  query Q($withAge: Boolean!, $skipTags: Boolean = false) {
    me { id name alias: name age @include(if: $withAge) friends { id name ...UserBits } }
    nodes { __typename id ... on User { name friends { id } } ... on Product { title price tags @skip(if: $skipTags) } }
    search { t: __typename ... on Node { id } ... on Product { price } ...UserBits }
    node(id: "1") { id ... on User { color } }
    count ratio flag color constructor: count toString: flag __proto__: me { id }
    again: me { name @skip(if: true) id }
  }
  fragment UserBits on User { name age color }
`;

/** As a subgraph's JSON arrives: `__proto__` an own key like any other. */
const VALID = JSON.parse(`{"__proto__": {"id": "1"}, "constructor": 3, "toString": true}`);
Object.assign(VALID, {
  me: { id: '1', name: 'Ann', alias: 'Ann', age: 30, friends: [{ id: '2', name: 'Bo', age: 4, color: 'RED' }, null] },
  nodes: [
    { __typename: 'User', id: '1', name: 'Ann', friends: [] },
    { __typename: 'Product', id: 'p', title: 'Pen', price: 1.5, tags: ['a', 'b'] },
  ],
  search: [{ t: 'Product', __typename: 'Product', id: 'p', price: 2 }, { __typename: 'User', id: '1', name: 'Ann', age: 1, color: 'GREEN' }, null],
  node: { __typename: 'User', id: '1', color: 'GREEN' },
  count: 3,
  ratio: 0.5,
  flag: true,
  color: 'RED',
  again: { id: '1', name: 'Ann' },
});

function run(shape: typeof computeResponse, input: unknown, variables: Record<string, unknown>) {
  const operation = operationFromDocument(schema, parse(OPERATION), { validate: false });
  try {
    const { data, errors } = shape({
      operation,
      variables,
      input: structuredClone(input) as Record<string, unknown>,
      introspectionHandling: () => 'introspected',
    });
    return { data: JSON.parse(JSON.stringify(data ?? null)), errors: errors.map((e) => ({ message: e.message, path: e.path, code: e.extensions.code })) };
  } catch (error) {
    return { thrown: (error as Error).message };
  }
}

/** Every value of the answer replaced, one at a time, by something a broken subgraph might send. */
function* broken(value: unknown, path: Array<string | number> = []): Generator<[Array<string | number>, unknown]> {
  for (const replacement of [null, 'x', 7, 1.5, true, {}, [], { __typename: 'Nope' }, { __typename: 'Product' }]) yield [path, replacement];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* broken(child, [...path, Array.isArray(value) ? Number(key) : key]);
  }
}

function replaced(input: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

it('answers a well-formed subgraph answer exactly as the stock gateway does, with @skip and @include from variables and defaults', () => {
  for (const variables of [{ withAge: true }, { withAge: false, skipTags: true }]) {
    const ours = run(computeResponse, VALID, variables);
    expect(ours).toEqual(run(stock, VALID, variables));
    expect(ours.errors).toEqual([]);
    expect(Object.keys(ours.data)).toContain('__proto__');
  }
  expect(run(computeResponse, VALID, { withAge: true }).data.me).toEqual({
    id: '1',
    name: 'Ann',
    alias: 'Ann',
    age: 30,
    friends: [{ id: '2', name: 'Bo', age: 4, color: 'RED' }, null],
  });
});

it('reports the same errors, nulls the same parents and fails the same way as the stock gateway for every broken value', () => {
  let compared = 0;
  let withErrors = 0;
  for (const [path, value] of broken(VALID)) {
    const input = replaced(VALID, path, value);
    const ours = run(computeResponse, input, { withAge: true });
    expect({ path, value, ...ours }).toEqual({ path, value, ...run(stock, input, { withAge: true }) });
    compared++;
    if ('thrown' in ours || ours.errors.length) withErrors++;
  }
  expect(compared).toBeGreaterThan(300);
  expect(withErrors).toBeGreaterThan(100);
});

it('fails as the stock gateway does when an @include variable is missing or not a boolean', () => {
  for (const variables of [{}, { withAge: 'yes' }]) {
    const ours = run(computeResponse, VALID, variables);
    expect(ours).toEqual(run(stock, VALID, variables));
    expect(ours).toHaveProperty('thrown');
  }
});
