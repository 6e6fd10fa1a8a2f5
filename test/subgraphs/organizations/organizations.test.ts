import { randomUUID } from 'node:crypto';
import { signPrincipal } from '../../../lib/principal';
import { eventNames, follow, joinAsMember } from '../../support/organizations';
import { type Account, request, startTestVigil, type TestVigil } from '../../support/vigil';

const ORG_QUERY = `query($id: ID!) { organization(id: $id) { id name picture email createdAt updatedAt } }`;

let t: TestVigil;
let alice: Account; // ADMIN of Acme
let rita: Account; // regular member of Acme
let fred: Account; // ADMIN of Fin, which follows Acme
let mallory: Account; // ADMIN of an unrelated organization

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@acme.test', 'Acme');
  mallory = await t.bootstrap('mallory@evil.test', 'Evil');
  fred = await t.bootstrap('fred@fin.test', 'Fin');
  rita = await joinAsMember(t, alice, alice.organizationId, 'rita@acme.test');
  await follow(t, alice, fred);
});
afterAll(() => t.close());

describe('listing and creating organizations', () => {
  it('lists only the organizations the caller is a member of, in REST and GraphQL alike', async () => {
    const rest = await t.rest('GET', '/organizations', { key: rita.apiKey });
    expect(rest.status).toBe(200);
    expect(Array.isArray(rest.body)).toBe(true);
    expect(rest.body.map((o: { name: string }) => o.name)).toEqual(['Acme', 'rita@acme.test own org']);
    const gql = await t.graphql(`{ organizations { nodes { id name picture email createdAt updatedAt } } }`, {}, rita.apiKey);
    expect(gql.body.data.organizations.nodes).toEqual(rest.body);
    // A follower does not count Acme among its organizations.
    expect((await t.rest('GET', '/organizations', { key: fred.apiKey })).body.map((o: { id: string }) => o.id)).toEqual([fred.organizationId]);
  });

  it('creates an organization whose creator is its only ADMIN, and records OrganizationCreated', async () => {
    const created = await t.rest('POST', '/organizations', { key: mallory.apiKey, body: { name: '  Evil Two ' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Evil Two',
      picture: null,
      email: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const members = await t.rest('GET', `/organizations/${created.body.id}/members`, { key: mallory.apiKey });
    expect(members.body).toEqual([expect.objectContaining({ userId: mallory.userId, roles: ['ADMIN'] })]);
    expect(await eventNames(t, created.body.id)).toEqual(['OrganizationCreated']);
    expect((await t.rest('GET', `/organizations/${created.body.id}`, { key: alice.apiKey })).status).toBe(404);

    const gql = await t.graphql(
      `mutation { createOrganization(input: { name: "Evil Three", picture: "https://img.test/e.png", email: "sec@evil.test" }) { organization { name picture email } } }`,
      {},
      mallory.apiKey,
    );
    expect(gql.body.data.createOrganization.organization).toEqual({ name: 'Evil Three', picture: 'https://img.test/e.png', email: 'sec@evil.test' });
  });

  it('refuses a missing, empty or too long name with a 400 naming the field', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 42 }]) {
      const bad = await t.rest('POST', '/organizations', { key: alice.apiKey, body });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/name/) });
    }
  });
});

describe('GET /organizations/{id}', () => {
  it('answers members and followers, with the same data as GraphQL', async () => {
    const admin = await t.rest('GET', `/organizations/${alice.organizationId}`, { key: alice.apiKey });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ id: alice.organizationId, name: 'Acme' });
    expect((await t.rest('GET', `/organizations/${alice.organizationId}`, { key: rita.apiKey })).body).toEqual(admin.body);
    expect((await t.rest('GET', `/organizations/${alice.organizationId}`, { key: fred.apiKey })).body).toEqual(admin.body);
    const gql = await t.graphql(ORG_QUERY, { id: alice.organizationId }, fred.apiKey);
    expect(gql.body.data.organization).toEqual(admin.body);
  });

  it('answers another organization exactly like a missing one (GraphQL: null with no error), and a malformed id with 400', async () => {
    const other = await t.rest('GET', `/organizations/${alice.organizationId}`, { key: mallory.apiKey });
    const missing = await t.rest('GET', `/organizations/${randomUUID()}`, { key: mallory.apiKey });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    // Acme does not follow Fin: following is one-way.
    expect((await t.rest('GET', `/organizations/${fred.organizationId}`, { key: alice.apiKey })).status).toBe(404);
    const bad = await t.rest('GET', '/organizations/nope', { key: alice.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/organizationId/);
    const foreign = await t.graphql(ORG_QUERY, { id: alice.organizationId }, mallory.apiKey);
    const absent = await t.graphql(ORG_QUERY, { id: randomUUID() }, mallory.apiKey);
    for (const gql of [foreign, absent]) {
      expect(gql.body.errors).toBeUndefined();
      expect(gql.body.data).toEqual({ organization: null });
    }
  });
});

describe('PUT /organizations/{id}', () => {
  it('lets an ADMIN change name, picture and email, with null meaning unchanged and "" clearing', async () => {
    const all = await t.rest('PUT', `/organizations/${alice.organizationId}`, {
      key: alice.apiKey,
      body: { name: 'Acme Inc', picture: 'https://cdn.acme.test/logo.PNG?v=2', email: 'security@acme.test' },
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ id: alice.organizationId, name: 'Acme Inc', picture: 'https://cdn.acme.test/logo.PNG?v=2', email: 'security@acme.test' });

    const onlyName = await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: alice.apiKey, body: { name: 'Acme', picture: null, email: null } });
    expect(onlyName.body).toMatchObject({ name: 'Acme', picture: 'https://cdn.acme.test/logo.PNG?v=2', email: 'security@acme.test' });

    const cleared = await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: alice.apiKey, body: { name: null, picture: '', email: null } });
    expect(cleared.body).toMatchObject({ name: 'Acme', picture: null, email: 'security@acme.test' });

    const gql = await t.graphql(
      `mutation($id: ID!) { updateOrganization(input: { organizationId: $id, picture: "http://img.acme.test/a.svg" }) { organization { id name picture email createdAt updatedAt } } }`,
      { id: alice.organizationId },
      alice.apiKey,
    );
    expect(gql.body.data.updateOrganization.organization).toEqual((await t.rest('GET', `/organizations/${alice.organizationId}`, { key: alice.apiKey })).body);
    // All keys null: nothing changes, and no event is written.
    const nothing = await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: alice.apiKey, body: { name: null, picture: null, email: null } });
    expect(nothing.body).toEqual(gql.body.data.updateOrganization.organization);
    expect((await eventNames(t, alice.organizationId)).filter((n) => n === 'OrganizationUpdated')).toHaveLength(4);
  });

  it.each([
    ['an ftp picture', { picture: 'ftp://img.test/a.png' }, /picture/],
    ['a gif picture', { picture: 'https://img.test/a.gif' }, /picture/],
    ['a picture that is no URL', { picture: 'not a url' }, /picture/],
    ['an invalid email', { email: 'nobody' }, /email/],
    ['an empty name', { name: '' }, /name/],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, /name/],
  ])('refuses %s with a 400 naming the field', async (_label, body, field) => {
    const bad = await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: alice.apiKey, body: { name: null, picture: null, email: null, ...body } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(field);
  });

  it('is refused to a regular member (403), a follower and another organization (404)', async () => {
    const body = { name: 'Hijacked', picture: null, email: null };
    expect((await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: rita.apiKey, body })).status).toBe(403);
    expect((await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: fred.apiKey, body })).status).toBe(404);
    expect((await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: mallory.apiKey, body })).status).toBe(404);
    const gql = await t.graphql(
      `mutation($id: ID!) { updateOrganization(input: { organizationId: $id, name: "x" }) { organization { id } } }`,
      { id: alice.organizationId },
      rita.apiKey,
    );
    expect(gql.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.rest('GET', `/organizations/${alice.organizationId}`, { key: alice.apiKey })).body.name).toBe('Acme');
  });
});

describe('DELETE /organizations/{id}', () => {
  it('is refused to a regular member (403), a follower and another organization (404)', async () => {
    expect((await t.rest('DELETE', `/organizations/${alice.organizationId}`, { key: rita.apiKey })).status).toBe(403);
    expect((await t.rest('DELETE', `/organizations/${alice.organizationId}`, { key: fred.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', `/organizations/${alice.organizationId}`, { key: mallory.apiKey })).status).toBe(404);
    const gql = await t.graphql(
      `mutation($id: ID!) { deleteOrganization(input: { organizationId: $id }) { deletedId } }`,
      { id: alice.organizationId },
      fred.apiKey,
    );
    expect(gql.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('soft-deletes for an ADMIN: gone for members and followers, rows kept, OrganizationDeleted recorded', async () => {
    const gina = await t.bootstrap('gina@gone.test', 'Gone');
    const member = await joinAsMember(t, gina, gina.organizationId, 'max@gone.test');
    await follow(t, gina, fred);
    expect((await t.rest('GET', `/organizations/${fred.organizationId}/following`, { key: fred.apiKey })).body.map((o: { id: string }) => o.id)).toContain(
      gina.organizationId,
    );

    const deleted = await t.rest('DELETE', `/organizations/${gina.organizationId}`, { key: gina.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);

    for (const who of [gina, member, fred]) expect((await t.rest('GET', `/organizations/${gina.organizationId}`, { key: who.apiKey })).status).toBe(404);
    expect((await t.rest('GET', '/organizations', { key: gina.apiKey })).body).toEqual([]);
    expect((await t.rest('GET', `/organizations/${fred.organizationId}/following`, { key: fred.apiKey })).body.map((o: { id: string }) => o.id)).not.toContain(
      gina.organizationId,
    );
    expect((await t.rest('GET', '/me', { key: fred.apiKey })).body.following).not.toContain(gina.organizationId);
    expect((await t.rest('DELETE', `/organizations/${gina.organizationId}`, { key: gina.apiKey })).status).toBe(404);

    const row = await t.vigil.db.prisma.organization.findUniqueOrThrow({ where: { id: gina.organizationId } });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await t.vigil.db.prisma.membership.count({ where: { organizationId: gina.organizationId } })).toBe(2);
    expect(await t.vigil.db.prisma.follow.count({ where: { followedId: gina.organizationId } })).toBe(1);
    expect((await eventNames(t, gina.organizationId)).at(-1)).toBe('OrganizationDeleted');
  });
});

describe('federation entity', () => {
  it('resolves Organization references only for members and followers (null otherwise)', async () => {
    const url = t.vigil.subgraphs.organizations!.url;
    const body = {
      query: `query($r: [_Any!]!) { _entities(representations: $r) { ... on Organization { id name } } }`,
      variables: { r: [{ __typename: 'Organization', id: alice.organizationId }] },
    };
    const as = async (who: Account) =>
      (await request(url, 'POST', '', { body, headers: signPrincipal(t.secret, { userId: who.userId, apiKeyId: 'k' }, body) })).body.data._entities;
    expect(await as(rita)).toEqual([{ id: alice.organizationId, name: 'Acme' }]);
    expect(await as(fred)).toEqual([{ id: alice.organizationId, name: 'Acme' }]);
    expect(await as(mallory)).toEqual([null]);
  });
});
