import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventNames, follow, joinAsMember } from '../../support/organizations';
import { type Account, type HttpResult, startTestVigil, type TestVigil } from '../../support/vigil';

const MEMBER_FIELDS = 'organizationId userId name email roles identityProvider lastIp lastLogin loginsCount picture createdAt updatedAt';
const INVITE_FIELDS = 'id token organizationId organizationName email roles expiredAt createdAt';
const DAY = 86_400_000;

let t: TestVigil;
let alice: Account; // ADMIN of Acme
let rita: Account; // regular member of Acme
let fred: Account; // ADMIN of Fin, which follows Acme
let mallory: Account; // ADMIN of an unrelated organization
let acme: string;

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@acme.test', 'Acme');
  acme = alice.organizationId;
  mallory = await t.bootstrap('mallory@evil.test', 'Evil');
  fred = await t.bootstrap('fred@fin.test', 'Fin');
  rita = await joinAsMember(t, alice, acme, 'rita@acme.test');
  await follow(t, alice, fred);
});
afterAll(() => t.close());

/** Status codes a regular member, a follower and another organization's admin get. */
async function statusesOf(method: string, path: string, body?: unknown) {
  const codes = [];
  for (const who of [rita, fred, mallory]) codes.push((await t.rest(method, path, { key: who.apiKey, ...(body === undefined ? {} : { body }) })).status);
  return codes;
}

describe('members', () => {
  it('lists and reads members (bare array), REST and GraphQL agreeing', async () => {
    const list = await t.rest('GET', `/organizations/${acme}/members`, { key: rita.apiKey });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        organizationId: acme,
        userId: alice.userId,
        email: 'alice@acme.test',
        roles: ['ADMIN'],
        identityProvider: 'vigil',
        loginsCount: 0,
      }),
      expect.objectContaining({ organizationId: acme, userId: rita.userId, email: 'rita@acme.test', roles: [] }),
    ]);
    const gql = await t.graphql(`query($o: ID!) { members(organizationId: $o) { nodes { ${MEMBER_FIELDS} } } }`, { o: acme }, rita.apiKey);
    expect(gql.body.data.members.nodes).toEqual(list.body);

    const one = await t.rest('GET', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey });
    expect(one.body).toEqual(list.body[1]);
    const gqlOne = await t.graphql(
      `query($o: ID!, $u: ID!) { member(organizationId: $o, userId: $u) { ${MEMBER_FIELDS} } }`,
      { o: acme, u: rita.userId },
      alice.apiKey,
    );
    expect(gqlOne.body.data.member).toEqual(one.body);
  });

  it('hides members from followers and other organizations; an unknown or foreign member is not found', async () => {
    expect(await statusesOf('GET', `/organizations/${acme}/members`)).toEqual([200, 404, 404]);
    expect(await statusesOf('GET', `/organizations/${acme}/members/${alice.userId}`)).toEqual([200, 404, 404]);
    expect((await t.rest('GET', `/organizations/${acme}/members/${mallory.userId}`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${acme}/members/${randomUUID()}`, { key: alice.apiKey })).status).toBe(404);
    const bad = await t.rest('GET', `/organizations/${acme}/members/123`, { key: alice.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/memberId/);
  });

  it('lets an ADMIN set roles: ["ADMIN"], [] (Ruby) and null (Python) alike; other roles are a 400', async () => {
    const promoted = await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: ['ADMIN', 'ADMIN'] } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ organizationId: acme, userId: rita.userId, roles: ['ADMIN'] });
    const ruby = await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: [] } });
    expect(ruby.body.roles).toEqual([]);
    await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: ['ADMIN'] } });
    const python = await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: null } });
    expect(python.status).toBe(200);
    expect(python.body.roles).toEqual([]);

    const bad = await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: ['OWNER'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/roles/);
    const gql = await t.graphql(
      `mutation($o: ID!, $u: ID!) { updateMember(input: { organizationId: $o, userId: $u, roles: [] }) { membership { roles } } }`,
      { o: acme, u: rita.userId },
      alice.apiKey,
    );
    expect(gql.body.data.updateMember).toEqual({ membership: { roles: [] } });

    const { rows } = await t.vigil.db.pool.query(`SELECT data FROM documents.events WHERE "organizationId" = $1 AND name = 'MemberUpdated' ORDER BY seq`, [
      acme,
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[0].data).toMatchObject({ userId: rita.userId, roles: ['ADMIN'], previousRoles: [] });
  });

  it('refuses role changes to a regular member (403), a follower and another organization (404)', async () => {
    expect(await statusesOf('PUT', `/organizations/${acme}/members/${rita.userId}`, { roles: ['ADMIN'] })).toEqual([403, 404, 404]);
    expect((await t.rest('GET', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey })).body.roles).toEqual([]);
  });

  it('never lets the organization lose its last ADMIN (409), also under concurrent demotions', async () => {
    const demoteSelf = await t.rest('PUT', `/organizations/${acme}/members/${alice.userId}`, { key: alice.apiKey, body: { roles: [] } });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringMatching(/ADMIN/) });
    expect((await t.rest('DELETE', `/organizations/${acme}/members/${alice.userId}`, { key: alice.apiKey })).status).toBe(409);

    // Two admins demote each other at the same moment: exactly one of them succeeds. Holding both
    // membership rows makes the race certain: both requests are inside their transactions before either writes.
    await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: ['ADMIN'] } });
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    let a: HttpResult, b: HttpResult;
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM organizations.memberships WHERE "organizationId" = $1 FOR UPDATE`, [acme]);
      const racing = Promise.all([
        t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: [] } }),
        t.rest('PUT', `/organizations/${acme}/members/${alice.userId}`, { key: rita.apiKey, body: { roles: [] } }),
      ]);
      for (let waiting = 0; waiting < 2; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { rows } = await blocker.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        waiting = rows[0].n;
      }
      await blocker.query('COMMIT');
      [a, b] = await racing;
    } finally {
      await blocker.end();
    }
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const admins = (await t.rest('GET', `/organizations/${acme}/members`, { key: alice.apiKey })).body.filter((m: { roles: string[] }) =>
      m.roles.includes('ADMIN'),
    );
    expect(admins).toHaveLength(1);
    // Back to the fixture: alice ADMIN, rita regular.
    if (admins[0].userId === rita.userId)
      await t.rest('PUT', `/organizations/${acme}/members/${alice.userId}`, { key: rita.apiKey, body: { roles: ['ADMIN'] } });
    await t.rest('PUT', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey, body: { roles: [] } });
    expect((await t.rest('GET', `/organizations/${acme}/members/${rita.userId}`, { key: alice.apiKey })).body.roles).toEqual([]);
  });

  it('lets an ADMIN remove a member, who then loses access; others are refused', async () => {
    const sam = await joinAsMember(t, alice, acme, 'sam@acme.test', ['ADMIN']);
    expect(await statusesOf('DELETE', `/organizations/${acme}/members/${sam.userId}`)).toEqual([403, 404, 404]);
    const gql = await t.graphql(
      `mutation($o: ID!, $u: ID!) { removeMember(input: { organizationId: $o, userId: $u }) { deletedId } }`,
      { o: acme, u: sam.userId },
      rita.apiKey,
    );
    expect(gql.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.rest('GET', `/organizations/${acme}`, { key: sam.apiKey })).status).toBe(200);

    const removed = await t.rest('DELETE', `/organizations/${acme}/members/${sam.userId}`, { key: alice.apiKey });
    expect(removed.status).toBe(200);
    expect(removed.body).toBe(true);
    expect((await t.rest('GET', `/organizations/${acme}`, { key: sam.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', `/organizations/${acme}/members/${sam.userId}`, { key: alice.apiKey })).status).toBe(404);
    expect((await eventNames(t, acme)).at(-1)).toBe('MemberRemoved');
  });

  it.each([
    ['mfa', 'MFA', 'MemberMfaResetRequested', 'resetMemberMfa'],
    ['password', 'PASSWORD', 'MemberPasswordResetRequested', 'resetMemberPassword'],
  ])('records a %s reset requested by an ADMIN (true), refused to others', async (segment, kind, event, mutation) => {
    const path = `/organizations/${acme}/members/${rita.userId}/${segment}/reset`;
    expect(await statusesOf('POST', path)).toEqual([403, 404, 404]);
    const reset = await t.rest('POST', path, { key: alice.apiKey });
    expect(reset.status).toBe(200);
    expect(reset.body).toBe(true);
    const gql = await t.graphql(
      `mutation($o: ID!, $u: ID!) { ${mutation}(input: { organizationId: $o, userId: $u }) { membership { id userId } } }`,
      { o: acme, u: rita.userId },
      alice.apiKey,
    );
    expect(gql.body.data[mutation]).toEqual({ membership: { id: `${acme}:${rita.userId}`, userId: rita.userId } });
    const rows = await t.vigil.db.prisma.memberResetRequest.findMany({ where: { organizationId: acme, userId: rita.userId, kind } });
    expect(rows).toHaveLength(2);
    expect(rows[0].requestedBy).toBe(alice.userId);
    expect((await eventNames(t, acme)).filter((n) => n === event)).toHaveLength(2);
    expect((await t.rest('POST', `/organizations/${acme}/members/${mallory.userId}/${segment}/reset`, { key: alice.apiKey })).status).toBe(404);
  });
});

describe('invites', () => {
  it('creates an invite (7 days, token = id), lists it (bare array) and reads it by email; REST and GraphQL agree', async () => {
    const created = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'New.Hire@Acme.test', roles: ['ADMIN'] } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      token: created.body.id,
      organizationId: acme,
      organizationName: 'Acme',
      email: 'new.hire@acme.test',
      roles: ['ADMIN'],
      expiredAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(created.body.expiredAt) - Date.now() - 7 * DAY)).toBeLessThan(60_000);

    const list = await t.rest('GET', `/organizations/${acme}/invites`, { key: rita.apiKey });
    expect(list.body).toEqual([created.body]);
    const gql = await t.graphql(`query($o: ID!) { organizationInvites(organizationId: $o) { nodes { ${INVITE_FIELDS} } } }`, { o: acme }, rita.apiKey);
    expect(gql.body.data.organizationInvites.nodes).toEqual(list.body);
    const one = await t.rest('GET', `/organizations/${acme}/invites/new.hire@acme.test`, { key: rita.apiKey });
    expect(one.body).toEqual(created.body);
    const gqlOne = await t.graphql(
      `query($o: ID!, $e: String!) { organizationInvite(organizationId: $o, email: $e) { ${INVITE_FIELDS} } }`,
      { o: acme, e: 'new.hire@acme.test' },
      rita.apiKey,
    );
    expect(gqlOne.body.data.organizationInvite).toEqual(created.body);
    expect((await eventNames(t, acme)).at(-1)).toBe('MemberInvited');
  });

  it('reads, resends and deletes by a raw or URL-encoded email; + stays a +', async () => {
    const created = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'a+b@x.com', roles: null } });
    expect(created.status).toBe(200);
    expect(created.body.roles).toEqual([]);
    expect((await t.rest('GET', `/organizations/${acme}/invites/a+b@x.com`, { key: alice.apiKey })).body.email).toBe('a+b@x.com');
    expect((await t.rest('GET', `/organizations/${acme}/invites/a%2Bb%40x.com`, { key: alice.apiKey })).body.id).toBe(created.body.id);
    expect((await t.rest('GET', `/organizations/${acme}/invites/a%20b@x.com`, { key: alice.apiKey })).status).toBe(400);
    expect((await t.rest('GET', `/organizations/${acme}/invites/ab@x.com`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('POST', `/organizations/${acme}/invites/a%2Bb%40x.com/resend`, { key: alice.apiKey })).body.id).toBe(created.body.id);
    const deleted = await t.rest('DELETE', `/organizations/${acme}/invites/a+b@x.com`, { key: alice.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);
    expect((await t.rest('GET', `/organizations/${acme}/invites/a+b@x.com`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', `/organizations/${acme}/invites/a+b@x.com`, { key: alice.apiKey })).status).toBe(404);
    expect((await eventNames(t, acme)).slice(-3)).toEqual(['MemberInvited', 'MemberInviteResent', 'MemberInviteDeleted']);
  });

  it('refuses bad input (400), a second live invite and inviting a member (409)', async () => {
    const bad = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'not-an-email', roles: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/);
    const badRole = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'ok@x.com', roles: ['ROOT'] } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toMatch(/roles/);
    expect((await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { roles: [] } })).status).toBe(400);
    expect((await t.rest('GET', `/organizations/${acme}/invites/nobody`, { key: alice.apiKey })).status).toBe(400);

    await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'twice@x.com', roles: [] } });
    expect((await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'twice@x.com', roles: [] } })).status).toBe(409);
    const member = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'RITA@acme.test', roles: [] } });
    expect(member.status).toBe(409);
    expect(member.body.message).toMatch(/already a member/);
  });

  it('lets invites expire; resend (same token) makes them acceptable again; a new invite replaces an expired one', async () => {
    const vera = await t.bootstrap('vera@v.test', 'Vera Org');
    const created = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'vera@v.test', roles: ['ADMIN'] } });
    await t.vigil.db.prisma.invite.update({ where: { id: created.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await t.rest('POST', `/me/invites/${created.body.token}/accept`, { key: vera.apiKey })).status).toBe(404);
    // Still listed for the admin, with its past expiry, so it can be resent.
    const listed = (await t.rest('GET', `/organizations/${acme}/invites`, { key: alice.apiKey })).body.find(
      (i: { email: string }) => i.email === 'vera@v.test',
    );
    expect(Date.parse(listed.expiredAt)).toBeLessThan(Date.now());

    const resent = await t.rest('POST', `/organizations/${acme}/invites/vera@v.test/resend`, { key: alice.apiKey });
    expect(resent.status).toBe(200);
    expect(resent.body.token).toBe(created.body.token);
    expect(Date.parse(resent.body.expiredAt)).toBeGreaterThan(Date.now() + 6 * DAY);
    const accepted = await t.rest('POST', `/me/invites/${created.body.token}/accept`, { key: vera.apiKey });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ organizationId: acme, userId: vera.userId, roles: ['ADMIN'] });
    expect((await t.rest('GET', `/organizations/${acme}/invites/vera@v.test`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('POST', `/organizations/${acme}/invites/vera@v.test/resend`, { key: alice.apiKey })).status).toBe(404);

    const old = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'late@x.com', roles: [] } });
    await t.vigil.db.prisma.invite.update({ where: { id: old.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const renewed = await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'late@x.com', roles: [] } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(old.body.token);
  });

  it('lets members read invites; only ADMINs create, resend and delete; followers and others see nothing', async () => {
    await t.rest('POST', `/organizations/${acme}/invites`, { key: alice.apiKey, body: { email: 'perm@x.com', roles: [] } });
    expect(await statusesOf('GET', `/organizations/${acme}/invites`)).toEqual([200, 404, 404]);
    expect(await statusesOf('GET', `/organizations/${acme}/invites/perm@x.com`)).toEqual([200, 404, 404]);
    expect(await statusesOf('POST', `/organizations/${acme}/invites`, { email: 'sneaky@x.com', roles: ['ADMIN'] })).toEqual([403, 404, 404]);
    expect(await statusesOf('POST', `/organizations/${acme}/invites/perm@x.com/resend`)).toEqual([403, 404, 404]);
    expect(await statusesOf('DELETE', `/organizations/${acme}/invites/perm@x.com`)).toEqual([403, 404, 404]);
    const gql = await t.graphql(
      `mutation($o: ID!) { createInvite(input: { organizationId: $o, email: "g@x.com", roles: null }) { invite { id } } }`,
      { o: acme },
      fred.apiKey,
    );
    expect(gql.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.rest('GET', `/organizations/${acme}/invites/sneaky@x.com`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${acme}/invites/perm@x.com`, { key: alice.apiKey })).status).toBe(200);
  });
});
