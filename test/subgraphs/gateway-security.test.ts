import net from 'node:net';
import { signPrincipal } from '../../lib/principal';
import { type Account, request, startTestVigil, type TestVigil } from '../support/vigil';

let t: TestVigil;
let alice: Account;

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(() => t.close());

const ME = { query: '{ me { id email } }' };

describe('subgraphs trust only the gateway', () => {
  it('refuse an unsigned call, whatever headers a client adds', async () => {
    const url = t.vigil.subgraphs.organizations!.url;
    const plain = await request(url, 'POST', '', { body: ME, headers: { authorization: `Bearer ${alice.apiKey}` } });
    expect(plain.status).toBe(401);
    const forgedPrincipal = Buffer.from(JSON.stringify({ p: { userId: alice.userId, apiKeyId: 'x' }, t: Date.now() })).toString('base64url');
    const forged = await request(url, 'POST', '', { body: ME, headers: { 'x-vigil-principal': forgedPrincipal, 'x-vigil-signature': 'ab'.repeat(32) } });
    expect(forged.status).toBe(401);
  });

  it('refuse a call signed with another secret or signed too long ago', async () => {
    const url = t.vigil.subgraphs.alerts!.url;
    const principal = { userId: alice.userId, apiKeyId: 'k' };
    expect((await request(url, 'POST', '', { body: ME, headers: signPrincipal('another-secret', principal, ME) })).status).toBe(401);
    expect((await request(url, 'POST', '', { body: ME, headers: signPrincipal(t.secret, principal, ME, Date.now() - 10 * 60_000) })).status).toBe(401);
  });

  it('refuse a signed call replayed with another operation or other variables', async () => {
    const url = t.vigil.subgraphs.organizations!.url;
    const principal = { userId: alice.userId, apiKeyId: 'k' };
    const signed = signPrincipal(t.secret, principal, ME);
    expect((await request(url, 'POST', '', { body: { query: '{ me { id email name } }' }, headers: signed })).status).toBe(401);
    const withVariables = { query: 'query($id: ID!) { organization(id: $id) { id } }', variables: { id: alice.organizationId } };
    const signedWithVariables = signPrincipal(t.secret, principal, withVariables);
    expect((await request(url, 'POST', '', { body: withVariables, headers: signedWithVariables })).status).toBe(200);
    expect(
      (await request(url, 'POST', '', { body: { ...withVariables, variables: { id: '00000000-0000-4000-8000-000000000000' } }, headers: signedWithVariables }))
        .status,
    ).toBe(401);
  });

  it('accept a correctly signed call', async () => {
    const url = t.vigil.subgraphs.organizations!.url;
    const ok = await request(url, 'POST', '', { body: ME, headers: signPrincipal(t.secret, { userId: alice.userId, apiKeyId: 'k' }, ME) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.me).toEqual({ id: alice.userId, email: 'alice@example.com' });
  });
});

describe('errors', () => {
  it('mask internal errors from clients and keep the request id', async () => {
    // A principal that breaks the database query inside the subgraph (not a UUID).
    const url = t.vigil.subgraphs.organizations!.url;
    const broken = await request(url, 'POST', '', { body: ME, headers: signPrincipal(t.secret, { userId: 'not-a-uuid', apiKeyId: 'k' }, ME) });
    expect(broken.body.errors[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(broken.body)).not.toMatch(/prisma|stack|uuid/i);
  });

  it('carry a code in GraphQL extensions and the same meaning in REST bodies', async () => {
    const gql = await t.graphql('query($id: ID!) { organization(id: $id) { id } }', { id: 'nope' }, alice.apiKey);
    expect(gql.body.errors![0].extensions?.code).toBe('BAD_REQUEST');
    const invalid = await t.graphql('{ nope }', {}, alice.apiKey);
    expect(invalid.body.errors![0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const rest = await t.rest('GET', '/me/invites/00000000-0000-4000-8000-000000000000', { key: alice.apiKey });
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ statusCode: 404, error: 'NotFound', message: 'Invite not found' });
    expect(rest.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('memberships carried with the principal', () => {
  it('are read with the key on each request, so a removed member is refused on its next call', async () => {
    const bob = await t.bootstrap('bob@example.com', 'Bob Org');
    await t.vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{}', now())`, [
      alice.organizationId,
      bob.userId,
    ]);
    expect((await t.rest('GET', `/organizations/${alice.organizationId}/members`, { key: bob.apiKey })).status).toBe(200);
    await t.vigil.db.pool.query(`DELETE FROM organizations.memberships WHERE "organizationId" = $1 AND "userId" = $2`, [alice.organizationId, bob.userId]);
    expect((await t.rest('GET', `/organizations/${alice.organizationId}/members`, { key: bob.apiKey })).status).toBe(404);
  });

  it('are left to the policy when the user belongs to more organizations than the header carries', async () => {
    const many = await t.bootstrap('many@example.com', 'Many 0');
    const { rows } = await t.vigil.db.pool.query<{ id: string }>(
      `WITH o AS (INSERT INTO organizations.organizations (id, name) SELECT gen_random_uuid(), 'Many ' || i FROM generate_series(1, 60) i RETURNING id)
       INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") SELECT o.id, $1, '{ADMIN}', now() FROM o RETURNING "organizationId" AS id`,
      [many.userId],
    );
    expect(rows).toHaveLength(60);
    for (const id of [many.organizationId, rows[0].id, rows[59].id]) {
      const res = await t.rest('GET', `/organizations/${id}/members`, { key: many.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ userId: many.userId, roles: ['ADMIN'] })]);
    }
    expect((await t.rest('GET', `/organizations/${alice.organizationId}/members`, { key: many.apiKey })).status).toBe(404);
  });
});

describe('requests node:http or the router refuse answer in the API error shape', () => {
  /** Sends raw bytes on a new connection and reads until the server closes it. */
  const raw = (base: string, bytes: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, ...rest] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n')) });
      });
    });

  it('headers too large: 431, and a request that is not HTTP: 400, on the gateway and on a subgraph', async () => {
    for (const base of [t.url, t.vigil.subgraphs.organizations!.url]) {
      const big = await raw(base, `GET /me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toEqual({ status: 431, body: { statusCode: 431, error: 'RequestHeaderFieldsTooLarge', message: expect.any(String) } });
      const junk = await raw(base, 'HELLO THERE\r\n\r\n');
      expect(junk).toEqual({ status: 400, body: { statusCode: 400, error: 'BadRequest', message: expect.any(String) } });
    }
    expect((await request(t.url, 'GET', '/me', { key: alice.apiKey })).status).toBe(200);
  });

  it('a JSON body that is not an object, and a path that is not valid percent-encoding: 400 naming which', async () => {
    const nullBody = await request(t.url, 'POST', '/organizations', { key: alice.apiKey, text: 'null', headers: { 'content-type': 'application/json' } });
    expect(nullBody).toMatchObject({ status: 400, body: { statusCode: 400, error: 'BadRequest', message: 'body: must be a JSON object' } });
    const badPath = await request(t.url, 'POST', '/organizations/%E0%A4%A/alerts', { key: alice.apiKey, body: {} });
    expect(badPath).toMatchObject({ status: 400, body: { statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/^path: /) } });
  });
});
