/**
 * The public federation benchmark's four subgraphs (accounts, inventory, products, reviews), same
 * schema, data and resolver behaviour as the workload's reference subgraphs, served from one Node
 * process: `node … bench/gateway/subgraphs.ts <port>`; each answers on `/<name>/graphql`.
 *
 * They are deliberately cheap (documents parsed and validated once, plain graphql-js execution, no
 * framework) so that the gateway in front of them is what the benchmark measures. They accept a
 * JSON array of operations in one request (GraphQL-over-HTTP batching, answered as an array) and
 * count what they receive: `GET /stats` gives HTTP requests and operations per subgraph.
 * BENCH_SUBGRAPH_LOG=on prints every operation received (`<subgraph> <query on one line>`) to stderr:
 * which calls one TestQuery makes through a gateway (bench/gateway/calls.ts).
 */

import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { type DocumentNode, execute, type GraphQLSchema, parse, validate } from 'graphql';

interface Workload {
  USERS: Array<{ id: string; name: string; username: string; birthday: number }>;
  PRODUCTS: Array<{ upc: string; name: string; price: number; weight: number }>;
  INVENTORY: Array<{ upc: string; inStock: boolean; price: number | null; weight: number | null }>;
  REVIEWS: Array<{ id: string; body: string; product: { upc: string } }>;
}
export const WORKLOAD: Workload = JSON.parse(readFileSync(path.join(__dirname, 'workload', 'data.json'), 'utf8'));
const { USERS, PRODUCTS, INVENTORY, REVIEWS } = WORKLOAD;

const FEDERATION =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@external", "@requires", "@provides", "@shareable"])';

/** The subgraphs' SDL and resolvers (the workload's behaviour: e.g. every review's author is user 1 "urigo"). */
export const SUBGRAPHS: Record<string, { typeDefs: string; resolvers: Record<string, Record<string, unknown>> }> = {
  accounts: {
    typeDefs: `${FEDERATION}
      type Query { me: User  user(id: ID!): User  users: [User] }
      type User @key(fields: "id") { id: ID!  name: String  username: String @shareable  birthday: Int }`,
    resolvers: {
      Query: { me: () => USERS[0], user: (_: unknown, { id }: { id: string }) => USERS.find((u) => u.id === id) ?? null, users: () => USERS },
      User: { __resolveReference: (ref: { id: string }) => USERS.find((u) => u.id === ref.id) ?? null },
    },
  },
  inventory: {
    typeDefs: `${FEDERATION}
      type Product @key(fields: "upc") {
        upc: String!  weight: Int @external  price: Int @external  inStock: Boolean
        shippingEstimate: Int @requires(fields: "price weight")
      }`,
    resolvers: {
      Product: {
        // The workload's inventory subgraph answers with its own record (price and weight null), not the representation.
        __resolveReference: (ref: { upc: string }) => INVENTORY.find((p) => p.upc === ref.upc) ?? null,
        shippingEstimate: (p: { price?: number | null; weight?: number | null }) =>
          p.price == null ? null : p.price > 1000 ? 0 : p.weight == null ? null : Math.trunc(p.weight / 2),
      },
    },
  },
  products: {
    typeDefs: `${FEDERATION}
      type Query { topProducts(first: Int = 5): [Product] }
      type Product @key(fields: "upc") { upc: String!  name: String  price: Int  weight: Int }`,
    resolvers: {
      Query: { topProducts: (_: unknown, { first }: { first: number }) => PRODUCTS.slice(0, first) },
      Product: { __resolveReference: (ref: { upc: string }) => PRODUCTS.find((p) => p.upc === ref.upc) ?? null },
    },
  },
  reviews: {
    typeDefs: `${FEDERATION}
      type Review @key(fields: "id") { id: ID!  body: String  product: Product  author: User @provides(fields: "username") }
      type User @key(fields: "id") { id: ID!  username: String @external  reviews: [Review] }
      type Product @key(fields: "upc") { upc: String!  reviews: [Review] }`,
    resolvers: {
      Review: {
        __resolveReference: (ref: { id: string }) => REVIEWS.find((r) => r.id === ref.id) ?? null,
        author: () => ({ id: '1', username: 'urigo' }),
      },
      User: { __resolveReference: (ref: { id: string }) => ({ id: ref.id, username: 'user' }), reviews: () => REVIEWS.slice(0, 2) },
      Product: {
        __resolveReference: (ref: { upc: string }) => ({ upc: ref.upc }),
        reviews: (p: { upc: string }) => REVIEWS.filter((r) => r.product.upc === p.upc),
      },
    },
  },
};

interface Request {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function subgraph(schema: GraphQLSchema) {
  const documents = new Map<string, DocumentNode | readonly Error[]>();
  return (request: Request) => {
    let document = documents.get(request.query);
    if (!document) {
      const parsed = parse(request.query);
      const errors = validate(schema, parsed);
      document = errors.length ? errors : parsed;
      documents.set(request.query, document);
    }
    if (Array.isArray(document)) return { errors: (document as Error[]).map((e) => ({ message: e.message })) };
    return execute({ schema, document: document as DocumentNode, variableValues: request.variables, operationName: request.operationName });
  };
}

const LOG = process.env.BENCH_SUBGRAPH_LOG === 'on';

export function startSubgraphs(port: number): Promise<http.Server> {
  const handlers = new Map(
    Object.entries(SUBGRAPHS).map(([name, s]) => [name, subgraph(buildSubgraphSchema({ typeDefs: parse(s.typeDefs), resolvers: s.resolvers as never }))]),
  );
  const stats: Record<string, { requests: number; operations: number }> = Object.fromEntries(
    Object.keys(SUBGRAPHS).map((name) => [name, { requests: 0, operations: 0 }]),
  );
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    if (req.method === 'GET' && req.url === '/stats') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(stats));
      return;
    }
    if (req.method === 'POST' && req.url === '/stats/reset') {
      for (const s of Object.values(stats)) Object.assign(s, { requests: 0, operations: 0 });
      res.end('{}');
      return;
    }
    const name = /^\/(\w+)\/graphql$/.exec(req.url ?? '')?.[1];
    const handle = name ? handlers.get(name) : undefined;
    if (!handle || req.method !== 'POST') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request | Request[];
      const batch = Array.isArray(body);
      const operations = batch ? body : [body];
      stats[name as string].requests++;
      stats[name as string].operations += operations.length;
      if (LOG) for (const op of operations) process.stderr.write(`${name} ${op.query.replace(/\s+/g, ' ')}\n`);
      const results = await Promise.all(operations.map((op) => handle(op)));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(batch ? results : results[0]));
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (require.main === module) {
  const port = Number(process.argv[2] ?? 4200);
  startSubgraphs(port).then(() => process.stdout.write(`subgraphs on http://127.0.0.1:${port}\n`));
}
