/**
 * The benchmark's reference answers: the same schema and data as one plain graphql-js schema, no
 * federation. Every gateway's response must equal these (same JSON, no errors) before it is timed.
 */
import { buildSchema, type ExecutionResult, execute, parse } from 'graphql';
import { WORKLOAD } from './subgraphs';

const { USERS, PRODUCTS, INVENTORY, REVIEWS } = WORKLOAD;
type Row = Record<string, unknown>;

const schema = buildSchema(`
  type Query { me: User  user(id: ID!): User  users: [User]  topProducts(first: Int = 5): [Product] }
  type User { id: ID!  name: String  username: String  birthday: Int  reviews: [Review] }
  type Review { id: ID!  body: String  product: Product  author: User }
  type Product { upc: String!  weight: Int  price: Int  inStock: Boolean  shippingEstimate: Int  name: String  reviews: [Review] }
`);

function user(u: (typeof USERS)[number]): Row {
  return { ...u, reviews: () => REVIEWS.slice(0, 2).map(review) };
}
function review(r: (typeof REVIEWS)[number]): Row {
  return { id: r.id, body: r.body, product: () => product(r.product.upc), author: () => user(USERS[0]) };
}
function product(upc: string): Row {
  const p = PRODUCTS.find((x) => x.upc === upc);
  const stock = INVENTORY.find((x) => x.upc === upc);
  if (!p) return { upc, reviews: () => REVIEWS.filter((r) => r.product.upc === upc).map(review) };
  return {
    ...p,
    inStock: stock?.inStock ?? null,
    // As in the workload's inventory subgraph: its entity is its own record, whose price and weight
    // are null, so the estimate is null although the gateway fetches the required price and weight.
    shippingEstimate: stock?.price == null ? null : stock.price > 1000 ? 0 : stock.weight == null ? null : Math.trunc(stock.weight / 2),
    reviews: () => REVIEWS.filter((r) => r.product.upc === upc).map(review),
  };
}

const root = {
  me: () => user(USERS[0]),
  user: ({ id }: { id: string }) => USERS.filter((u) => u.id === id).map(user)[0] ?? null,
  users: () => USERS.map(user),
  topProducts: ({ first }: { first: number }) => PRODUCTS.slice(0, first).map((p) => product(p.upc)),
};

export function referenceAnswer(query: string, variables?: Record<string, unknown>): ExecutionResult {
  return execute({ schema, document: parse(query), rootValue: root, variableValues: variables }) as ExecutionResult;
}
