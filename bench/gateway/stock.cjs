'use strict';
/**
 * Stock `@apollo/gateway` on `@apollo/server`'s standalone server, run as its users run it: plain
 * JavaScript on the published packages (`node bench/gateway/stock.cjs <supergraph file> <port>`), no
 * TypeScript loader in the process. Apollo's defaults except for what Vigil's gateway
 * (gateway/federation-server.ts) also turns off, so the ratios compare gateways and not set-up:
 * the landing page and cache-control plugins disabled, CSRF prevention off (a header check per request).
 */
const { readFileSync } = require('node:fs');
const { ApolloGateway } = require('@apollo/gateway');
const { ApolloServer } = require('@apollo/server');
const { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } = require('@apollo/server/plugin/disabled');
const { startStandaloneServer } = require('@apollo/server/standalone');

const [file, port] = process.argv.slice(2);
const server = new ApolloServer({
  gateway: new ApolloGateway({ supergraphSdl: readFileSync(file, 'utf8') }),
  plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
  csrfPrevention: false,
});
startStandaloneServer(server, { listen: { port: Number(port), host: '127.0.0.1' } }).then(({ url }) =>
  process.stdout.write(`stock @apollo/gateway on ${url}\n`),
);
