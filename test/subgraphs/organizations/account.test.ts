import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

let t: TestVigil;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  bob = await t.bootstrap('bob@example.com', 'Bob Inc');
});
afterAll(() => t.close());

describe('authentication', () => {
  it('refuses a REST call without a key, with an unknown key and with a deleted key (401 with the error body)', async () => {
    const missing = await t.rest('GET', '/me');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });

    const unknown = await t.rest('GET', '/me', { key: 'vgl_not-a-real-key' });
    expect(unknown.status).toBe(401);

    const created = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: 'short-lived' } });
    expect((await t.rest('GET', '/me', { key: created.body.key })).status).toBe(200);
    expect((await t.rest('DELETE', `/me/apikeys/${created.body.id}`, { key: alice.apiKey })).body).toBe(true);
    const deleted = await t.rest('GET', '/me', { key: created.body.key });
    expect(deleted.status).toBe(401);
  });

  it('refuses GraphQL without a key (401) but lets the schema be introspected', async () => {
    const anonymous = await t.graphql('{ me { id } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const introspection = await t.graphql('{ __schema { queryType { name } } }');
    expect(introspection.status).toBe(200);
    expect(introspection.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    // The standard introspection query of GraphQL tools (GraphiQL's included) uses fragments.
    const full = await t.graphql(getIntrospectionQuery());
    expect(full.status).toBe(200);
    expect(full.body.data.__schema.queryType.name).toBe('Query');
    // …but a fragment cannot smuggle a root field in.
    const smuggled = await t.graphql('query { ...F } fragment F on Query { me { id } }');
    expect(smuggled.status).toBe(401);
    const badKey = await t.graphql('{ me { id } }', {}, 'vgl_nope');
    expect(badKey.status).toBe(401);
    expect(badKey.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /me', () => {
  it('describes the caller with memberships, in REST and GraphQL alike', async () => {
    const rest = await t.rest('GET', '/me', { key: alice.apiKey });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      id: alice.userId,
      email: 'alice@example.com',
      roles: ['ADMIN'],
      status: 'ACTIVE',
      member: [{ id: alice.organizationId, roles: ['ADMIN'] }],
      following: [],
    });
    // GraphQL's UserMembership has its own id (`UserMembership:<organizationId>:<userId>`); REST's `id` is the organization's.
    // REST's `following` (ids) is GraphQL's `followedOrganizations` connection.
    const gql = await t.graphql('{ me { id email roles member { id: organizationId roles } followedOrganizations { nodes { id } } } }', {}, alice.apiKey);
    expect(gql.body.data.me).toEqual({
      id: rest.body.id,
      email: rest.body.email,
      roles: rest.body.roles,
      member: rest.body.member,
      followedOrganizations: { nodes: rest.body.following.map((id: string) => ({ id })) },
    });
  });

  it('gives the user’s language as the contract spells it in REST (`pt-BR`) and as the Language enum of rule titles in GraphQL (`PT_BR`)', async () => {
    const carla = await t.bootstrap('carla@example.com', 'Carla Org');
    const languages = async () => ({
      rest: (await t.rest('GET', '/me', { key: carla.apiKey })).body.language,
      graphql: (await t.graphql('{ me { language } }', {}, carla.apiKey)).body.data.me.language,
    });
    expect(await languages()).toEqual({ rest: 'en-US', graphql: 'EN_US' });
    await t.vigil.db.pool.query(`UPDATE organizations.users SET language = 'pt-BR' WHERE id = $1`, [carla.userId]);
    expect(await languages()).toEqual({ rest: 'pt-BR', graphql: 'PT_BR' });
    // The same enum as the alerts subgraph's: a client passes `me.language` on as a `lang` argument.
    const titles = await t.graphql('query($lang: Language) { rules(lang: $lang) { id } }', { lang: 'PT_BR' }, carla.apiKey);
    expect(titles.body.errors).toBeUndefined();
  });

  it('updates name and picture, validating them', async () => {
    const updated = await t.rest('PUT', '/me', { key: bob.apiKey, body: { name: 'Bob B.', picture: 'https://img.example.com/bob.png' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: bob.userId,
      name: 'Bob B.',
      picture: 'https://img.example.com/bob.png',
      email: 'bob@example.com',
      roles: ['ADMIN'],
      language: 'en-US',
    });
    const bad = await t.rest('PUT', '/me', { key: bob.apiKey, body: { picture: 'not a url' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/picture/);
    const empty = await t.rest('PUT', '/me', { key: bob.apiKey, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/name/);
  });
});

describe('API keys', () => {
  it('shows a new key in full once (JSON or text/plain body), then only masked; stores only a hash', async () => {
    const json = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: 'ci' } });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ name: 'ci', userId: alice.userId });
    expect(json.body.key).toMatch(/^vgl_[A-Za-z0-9_-]{20,}$/);

    const text = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, text: 'from text' });
    expect(text.body.name).toBe('from text');

    const nullName = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name: null } });
    expect(nullName.status).toBe(200);

    const list = await t.rest('GET', '/me/apikeys', { key: alice.apiKey });
    const listed = list.body.find((k: { id: string }) => k.id === json.body.id);
    expect(listed.key).not.toBe(json.body.key);
    expect(listed.key).toBe(`vgl_****${json.body.key.slice(-4)}`);

    const stored = await t.vigil.db.pool.query(`SELECT "keyHash" FROM organizations.api_keys WHERE id = $1`, [json.body.id]);
    expect(stored.rows[0].keyHash).toMatch(/^[0-9a-f]{64}$/);
    const leaked = await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM organizations.api_keys WHERE "keyHash" = $1 OR "keyMasked" = $1`, [
      json.body.key,
    ]);
    expect(leaked.rows[0].n).toBe(0);
  });

  it("lets only the owner delete a key: another user's key is not found", async () => {
    const bobs = await t.rest('GET', '/me/apikeys', { key: bob.apiKey });
    const attempt = await t.rest('DELETE', `/me/apikeys/${bobs.body[0].id}`, { key: alice.apiKey });
    expect(attempt.status).toBe(404);
    expect(attempt.body).toEqual({ statusCode: 404, error: 'NotFound', message: expect.stringMatching(/API key/) });
    expect((await t.rest('GET', '/me', { key: bob.apiKey })).status).toBe(200);
  });

  it('answers a malformed id with a 400 that names the field', async () => {
    const bad = await t.rest('DELETE', '/me/apikeys/not-a-uuid', { key: alice.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/apiKeyId/) });
    const gql = await t.graphql('mutation { deleteApiKey(input: { apiKeyId: "nope" }) { deletedId } }', {}, alice.apiKey);
    expect(gql.body.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
  });
});

describe('invites and access requests', () => {
  it('lists, reads and accepts an invite addressed to the caller', async () => {
    const carol = await t.bootstrap('carol@example.com', 'Carol Ltd');
    const invite = await t.vigil.db.prisma.invite.create({
      data: { organizationId: alice.organizationId, email: 'carol@example.com', roles: [], expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const list = await t.rest('GET', '/me/invites', { key: carol.apiKey });
    expect(list.body).toEqual([
      expect.objectContaining({
        id: invite.id,
        token: invite.id,
        organizationId: alice.organizationId,
        organizationName: 'Alice Corp',
        email: 'carol@example.com',
      }),
    ]);
    expect((await t.rest('GET', `/me/invites/${invite.id}`, { key: carol.apiKey })).body.organizationName).toBe('Alice Corp');
    // Someone else cannot see or accept Carol's invite.
    expect((await t.rest('GET', `/me/invites/${invite.id}`, { key: bob.apiKey })).status).toBe(404);
    expect((await t.rest('POST', `/me/invites/${invite.id}/accept`, { key: bob.apiKey })).status).toBe(404);

    const accepted = await t.rest('POST', `/me/invites/${invite.id}/accept`, { key: carol.apiKey });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ organizationId: alice.organizationId, userId: carol.userId, email: 'carol@example.com', roles: [] });
    const me = await t.rest('GET', '/me', { key: carol.apiKey });
    expect(me.body.member.map((m: { id: string }) => m.id).sort()).toEqual([alice.organizationId, carol.organizationId].sort());
    expect((await t.rest('GET', '/me/invites', { key: carol.apiKey })).body).toEqual([]);
    const again = await t.rest('POST', `/me/invites/${invite.id}/accept`, { key: carol.apiKey });
    expect(again.status).toBe(404);

    const events = await t.rest('GET', `/organizations/${alice.organizationId}/events?name=MemberJoined`, { key: alice.apiKey });
    expect(events.body.data).toEqual([expect.objectContaining({ name: 'MemberJoined', data: expect.objectContaining({ userId: carol.userId }) })]);
  });

  it('refuses an expired invite, and reads it as the list does: not found (REST and GraphQL)', async () => {
    const dave = await t.bootstrap('dave@example.com', 'Dave Co');
    const invite = await t.vigil.db.prisma.invite.create({
      data: { organizationId: bob.organizationId, email: 'dave@example.com', roles: ['ADMIN'], expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await t.rest('GET', '/me/invites', { key: dave.apiKey })).body).toEqual([]);
    const read = await t.rest('GET', `/me/invites/${invite.id}`, { key: dave.apiKey });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ statusCode: 404, error: 'NotFound', message: expect.stringMatching(/Invite/) });
    const gql = await t.graphql('query($token: ID!) { myInvite(token: $token) { id } }', { token: invite.id }, dave.apiKey);
    expect(gql.body).toEqual({ data: { myInvite: null } }); // a lookup: null for "not there or not yours"
    expect((await t.rest('POST', `/me/invites/${invite.id}/accept`, { key: dave.apiKey })).status).toBe(404);
  });

  it('records a request for access, and answers ACCEPTED for a member', async () => {
    const pending = await t.rest('POST', '/me/invites/requests', { key: bob.apiKey, body: { organizationId: alice.organizationId } });
    expect(pending.body).toEqual({ status: 'PENDING' });
    const member = await t.rest('POST', '/me/invites/requests', { key: alice.apiKey, body: { organizationId: alice.organizationId } });
    expect(member.body).toEqual({ status: 'ACCEPTED' });
    const bad = await t.rest('POST', '/me/invites/requests', { key: alice.apiKey, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/organizationId/);
  });
});

describe('REST mechanics', () => {
  it('answers an unknown route with 404 in the error shape, and bad JSON with 400', async () => {
    const unknown = await t.rest('GET', '/no/such/route', { key: alice.apiKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'NotFound', message: expect.any(String) });
    const broken = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, text: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.statusCode).toBe(400);
  });

  it('accepts the doubled slash a base URL ending in / produces (Python SDK)', async () => {
    const doubled = await t.rest('GET', '//me', { key: alice.apiKey });
    expect(doubled.status).toBe(200);
    expect(doubled.body.id).toBe(alice.userId);
    const withQuery = await t.rest('GET', `//organizations/${alice.organizationId}//events?size=1`, { key: alice.apiKey });
    expect(withQuery.status).toBe(200);
    expect(withQuery.body.data).toHaveLength(1);
  });

  it("accepts the Ruby SDK's Content-Type: application/json on body-less GET and POST actions", async () => {
    const ruby = { 'content-type': 'application/json', 'user-agent': 'Zanshin Ruby SDK 1.0.1' };
    expect((await t.rest('GET', '/me', { key: alice.apiKey, headers: ruby })).status).toBe(200);
    const invite = await t.rest('POST', '/me/invites/00000000-0000-4000-8000-000000000000/accept', { key: alice.apiKey, headers: ruby });
    expect(invite.status).toBe(404);
    expect(invite.body).toEqual({ statusCode: 404, error: 'NotFound', message: 'Invite not found' });
  });

  it('publishes /openapi.json generated from the route table', async () => {
    const doc = await t.rest('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/me', '/me/apikeys', '/me/apikeys/{apiKeyId}', '/me/invites/{token}/accept']));
    expect(doc.body.paths['/me/apikeys/{apiKeyId}'].delete.parameters).toEqual([expect.objectContaining({ name: 'apiKeyId', in: 'path', required: true })]);
  });

  it('publishes an OpenAPI document a validator accepts: an operationId per operation, the shared error component, the download route', async () => {
    const doc = (await t.rest('GET', '/openapi.json')).body;
    // The validator is an ES module (jest runs these tests as CommonJS): it runs in a node of its own.
    const script = `import { Validator } from '@seriousme/openapi-schema-validator';
      const input = await new Promise((done) => { let s = ''; process.stdin.on('data', (d) => (s += d)); process.stdin.on('end', () => done(s)); });
      process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(input))));`;
    const result = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        input: JSON.stringify(doc),
        cwd: path.join(__dirname, '..', '..', '..'),
      }).toString(),
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const operations = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) => Object.values(ops));
    const ids = operations.map((op) => op.operationId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) expect(op.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.components.schemas.Error.required).toEqual(['statusCode', 'error', 'message']);
    expect(doc.paths['/me/documents/{documentId}/download'].get.operationId).toBe('getMeDocumentsByDocumentIdDownload');
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['documents']));
  });

  it('serves /healthz and /readyz', async () => {
    expect((await t.rest('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.rest('GET', '/readyz')).body).toMatchObject({ status: 'ready', database: 'postgres' });
  });
});
