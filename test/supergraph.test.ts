import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeSupergraph, subgraphSdl } from '../schema/compose';
import { SUBGRAPH_NAMES } from '../lib/config';

const schemaDir = path.join(__dirname, '..', 'schema');

describe('committed schema/', () => {
  it('holds the supergraph that composition produces from the subgraph SDLs now (run `npm run compose` after an SDL change)', () => {
    expect(readFileSync(path.join(schemaDir, 'supergraph.graphql'), 'utf8')).toBe(composeSupergraph());
  });

  it.each(SUBGRAPH_NAMES)('holds a current copy of the %s subgraph SDL', (name) => {
    expect(readFileSync(path.join(schemaDir, `${name}.graphql`), 'utf8')).toBe(subgraphSdl(name));
  });

  it('fails composition loudly when subgraphs disagree', () => {
    expect(() => composeSupergraph({ alerts: 'not a url' })).not.toThrow();
    const { composeServices } = require('@apollo/composition');
    const { parse } = require('graphql');
    const broken = composeServices([
      { name: 'a', url: 'http://a', typeDefs: parse('extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"]) type Query { x: Int }') },
      { name: 'b', url: 'http://b', typeDefs: parse('extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"]) type Query { x: String }') },
    ]);
    expect(broken.errors?.length).toBeGreaterThan(0);
  });
});
