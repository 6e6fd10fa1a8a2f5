import { createHmac } from 'node:crypto';
import { IntrospectAndCompose, RemoteGraphQLDataSource } from '@apollo/gateway';
import { SUBGRAPH_NAMES } from '../../lib/config';
import { composeSupergraph } from '../../schema/compose';
import { type Account, request, startTestVigil, type TestVigil } from '../support/vigil';

// Another router (Apollo Router, Cosmo, Hive Gateway) in front of Vigil's subgraphs (docs/own-router.md):
// it proves itself with VIGIL_ROUTER_SECRET and forwards the client's Authorization header.
jest.setTimeout(60_000);

const ROUTER_SECRET = 'test-router-secret-0123456789abcdef0123456789';
let t: TestVigil;
let alice: Account;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_ROUTER_SECRET: ROUTER_SECRET });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(() => t.close());

const subgraph = (name: 'organizations' | 'alerts') => t.vigil.subgraphs[name]?.url as string;
const ME = { query: '{ me { id email name } }' };
const ORGANIZATION = { query: 'query($id: ID!) { organization(id: $id) { id name } }', variables: { id: '' } };

/** What Hive Gateway's hmacSignature plugin does: base64 HMAC-SHA256 of the key-sorted JSON of { query, variables? }. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
function hiveSigned(secret: string, body: { query: string; variables?: Record<string, unknown> }) {
  const variables = body.variables && Object.keys(body.variables).length ? body.variables : undefined;
  const signature = createHmac('sha256', secret)
    .update(sortedJson({ query: body.query, variables }))
    .digest('base64');
  return { ...body, extensions: { 'hmac-signature': signature } };
}

describe('a router with the shared secret header (Apollo Router, Cosmo)', () => {
  it('answers a forwarded key as through the gateway', async () => {
    const viaGateway = await t.graphql(ME.query, undefined, alice.apiKey);
    const viaRouter = await request(subgraph('organizations'), 'POST', '', {
      key: alice.apiKey,
      body: ME,
      headers: { 'x-vigil-router-secret': ROUTER_SECRET },
    });
    expect(viaRouter.status).toBe(200);
    expect(viaRouter.body).toEqual(viaGateway.body);
    const variables = { id: alice.organizationId };
    const organization = await request(subgraph('organizations'), 'POST', '', {
      key: alice.apiKey,
      body: { ...ORGANIZATION, variables },
      headers: { 'x-vigil-router-secret': ROUTER_SECRET },
    });
    expect(organization.body).toEqual((await t.graphql(ORGANIZATION.query, variables, alice.apiKey)).body);
    expect(organization.body.data.organization.name).toBe('Alice Corp');
  });

  it('refuses an invalid key, a missing key for data, a wrong or missing secret', async () => {
    const secret = { 'x-vigil-router-secret': ROUTER_SECRET };
    const invalid = await request(subgraph('organizations'), 'POST', '', { key: 'vgl_not-a-key', body: ME, headers: secret });
    expect(invalid.status).toBe(401);
    expect(invalid.body.errors[0]).toMatchObject({ message: 'The API key is not valid', extensions: { code: 'UNAUTHENTICATED' } });
    const gatewayInvalid = await t.graphql(ME.query, undefined, 'vgl_not-a-key');
    expect(invalid.body).toEqual(gatewayInvalid.body);

    const noKey = await request(subgraph('organizations'), 'POST', '', { body: ME, headers: secret });
    expect(noKey.status).toBe(401);
    expect(noKey.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const wrongSecret = await request(subgraph('organizations'), 'POST', '', {
      key: alice.apiKey,
      body: ME,
      headers: { 'x-vigil-router-secret': `${ROUTER_SECRET}x` },
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.data).toBeUndefined();
    const noSecret = await request(subgraph('alerts'), 'POST', '', { key: alice.apiKey, body: { query: '{ rules { id } }' } });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body.data).toBeUndefined();
  });

  it('serves _service { sdl } to composition tooling with the secret, and refuses it without', async () => {
    const query = { query: 'query __ApolloGetServiceDefinition__ { _service { sdl } }' };
    const withSecret = await request(subgraph('alerts'), 'POST', '', { body: query, headers: { 'x-vigil-router-secret': ROUTER_SECRET } });
    expect(withSecret.status).toBe(200);
    expect(withSecret.body.data._service.sdl).toMatch(/type Alert[^{]*@key\(fields: "id"/);
    const without = await request(subgraph('alerts'), 'POST', '', { body: query });
    expect(without.status).toBe(401);
    expect(without.body.data).toBeUndefined();
  });

  it("IntrospectAndCompose with the secret as its introspection header composes Vigil's supergraph", async () => {
    const subgraphs = SUBGRAPH_NAMES.map((name) => ({ name, url: t.vigil.subgraphs[name]?.url as string }));
    const composition = new IntrospectAndCompose({ subgraphs, introspectionHeaders: { 'x-vigil-router-secret': ROUTER_SECRET } });
    const { supergraphSdl, cleanup } = await composition.initialize({
      update: () => undefined,
      healthCheck: async () => undefined,
      getDataSource: ({ url }) => new RemoteGraphQLDataSource({ url }),
    });
    await cleanup();
    expect(supergraphSdl).toBe(composeSupergraph(Object.fromEntries(subgraphs.map((s) => [s.name, s.url]))));
    const refused = new IntrospectAndCompose({ subgraphs });
    await expect(
      refused.initialize({ update: () => undefined, healthCheck: async () => undefined, getDataSource: ({ url }) => new RemoteGraphQLDataSource({ url }) }),
    ).rejects.toThrow(/401/);
  });
});

describe("Hive Gateway's HMAC upstream signature", () => {
  it('answers a body signed with the router secret, as through the gateway', async () => {
    const variables = { id: alice.organizationId };
    const signed = await request(subgraph('organizations'), 'POST', '', { key: alice.apiKey, body: hiveSigned(ROUTER_SECRET, { ...ORGANIZATION, variables }) });
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual((await t.graphql(ORGANIZATION.query, variables, alice.apiKey)).body);
    const noVariables = await request(subgraph('organizations'), 'POST', '', { key: alice.apiKey, body: hiveSigned(ROUTER_SECRET, ME) });
    expect(noVariables.status).toBe(200);
    expect(noVariables.body.data.me.email).toBe('alice@example.com');
  });

  it('refuses a wrong signature, a signature made for other variables, and a signed call with an invalid key', async () => {
    const wrong = await request(subgraph('organizations'), 'POST', '', { key: alice.apiKey, body: hiveSigned('another-secret-of-at-least-32-characters', ME) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.data).toBeUndefined();
    const signed = hiveSigned(ROUTER_SECRET, { ...ORGANIZATION, variables: { id: alice.organizationId } });
    const replayed = await request(subgraph('organizations'), 'POST', '', {
      key: alice.apiKey,
      body: { ...signed, variables: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(replayed.status).toBe(401);
    const invalidKey = await request(subgraph('organizations'), 'POST', '', { key: 'vgl_not-a-key', body: hiveSigned(ROUTER_SECRET, ME) });
    expect(invalidKey.status).toBe(401);
    expect(invalidKey.body.errors[0]).toMatchObject({ message: 'The API key is not valid', extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('without VIGIL_ROUTER_SECRET', () => {
  it('the secret header and a Hive signature open nothing', async () => {
    const plain = await startTestVigil();
    try {
      const url = plain.vigil.subgraphs.organizations?.url as string;
      const account = await plain.bootstrap('bob@example.com', 'Bob Corp');
      expect((await request(url, 'POST', '', { key: account.apiKey, body: ME, headers: { 'x-vigil-router-secret': '' } })).status).toBe(401);
      expect((await request(url, 'POST', '', { key: account.apiKey, body: hiveSigned('', ME) })).status).toBe(401);
      expect((await request(url, 'POST', '', { body: { query: '{ _service { sdl } }' }, headers: { 'x-vigil-router-secret': '' } })).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe("the key's rate limit", () => {
  it("is the gateway's per-key budget, one per process: root operations count, a router's _entities follow-ups do not; 429 with Retry-After past it", async () => {
    const limited = await startTestVigil({ VIGIL_ROUTER_SECRET: ROUTER_SECRET, VIGIL_RATE_LIMIT_PER_KEY: '3' });
    try {
      const url = limited.vigil.subgraphs.organizations?.url as string;
      const account = await limited.bootstrap('carol@example.com', 'Carol Corp');
      const headers = { 'x-vigil-router-secret': ROUTER_SECRET };
      const entities = {
        query: 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Organization { id } } }',
        variables: { r: [{ __typename: 'Organization', id: account.organizationId }] },
      };
      for (let i = 0; i < 3; i++) {
        expect((await request(url, 'POST', '', { key: account.apiKey, body: ME, headers })).status).toBe(200);
        const followUp = await request(url, 'POST', '', { key: account.apiKey, body: entities, headers });
        expect(followUp.status).toBe(200);
        expect(followUp.body.data._entities[0].id).toBe(account.organizationId);
      }
      // One budget for the process's subgraphs: the alerts subgraph refuses the key too.
      const over = await request(limited.vigil.subgraphs.alerts?.url as string, 'POST', '', {
        key: account.apiKey,
        body: { query: '{ rules { id } }' },
        headers,
      });
      expect(over.status).toBe(429);
      expect(over.body.errors[0]).toMatchObject({
        message: 'Too many requests: at most 3 per 60 s for this API key; retry after the number of seconds in Retry-After',
        extensions: { code: 'TOO_MANY_REQUESTS' },
      });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
