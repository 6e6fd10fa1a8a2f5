/**
 * Stock `@apollo/gateway` on `@apollo/server` with default settings, for the benchmark:
 * `node … bench/gateway/stock.ts <supergraph file> <port>`.
 */
import { readFileSync } from 'node:fs';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';

const [file, port] = process.argv.slice(2);
const server = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: readFileSync(file, 'utf8') }) });
startStandaloneServer(server, { listen: { port: Number(port), host: '127.0.0.1' } }).then(({ url }) =>
  process.stdout.write(`stock @apollo/gateway on ${url}\n`),
);
