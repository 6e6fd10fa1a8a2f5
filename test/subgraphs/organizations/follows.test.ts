import { randomUUID } from 'node:crypto';
import { eventNames, follow, joinAsMember } from '../../support/organizations';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

// As the REST routes select them: in GraphQL a relation's `id` is its own (`<followerId>:<followingId>`),
// REST's `id` the other organization's (aliased back).
const FOLLOWER_FIELDS = 'id: followerId name picture followerId followingId createdAt';
const FOLLOWING_FIELDS = 'id: followingId name picture followerId followingId tags createdAt';
const FOLLOWER_REQUEST_FIELDS = 'token id: followerId name followerId followingId status createdAt decidedAt';
const FOLLOWING_REQUEST_FIELDS = 'id: followingId name followerId followingId status createdAt decidedAt';

let t: TestVigil;
let alice: Account; // ADMIN of Acme, the followed organization
let rita: Account; // regular member of Acme
let fred: Account; // ADMIN of Fin, invited to follow Acme
let finn: Account; // regular member of Fin
let mallory: Account; // ADMIN of an unrelated organization
let acme: string;
let fin: string;

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@acme.test', 'Acme');
  fred = await t.bootstrap('fred@fin.test', 'Fin');
  mallory = await t.bootstrap('mallory@evil.test', 'Evil');
  acme = alice.organizationId;
  fin = fred.organizationId;
  rita = await joinAsMember(t, alice, acme, 'rita@acme.test');
  finn = await joinAsMember(t, fred, fin, 'finn@fin.test');
});
afterAll(() => t.close());

const gql = async (query: string, variables: Record<string, unknown>, who: Account) => (await t.graphql(query, variables, who.apiKey)).body;

describe('a follow relation from request to end', () => {
  it('starts with the followed organization asking (token = the invited organization id); both logs record it', async () => {
    const created = await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: fin.toUpperCase() } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      token: fin,
      id: fin,
      name: null,
      followerId: fin,
      followingId: acme,
      status: 'PENDING',
      createdAt: expect.any(String),
      decidedAt: null,
    });
    expect((await eventNames(t, acme)).at(-1)).toBe('FollowerRequested');
    expect((await eventNames(t, fin)).at(-1)).toBe('FollowingRequested');
  });

  it('shows the request on both sides (bare arrays), REST and GraphQL agreeing; no access yet', async () => {
    const sent = await t.rest('GET', `/organizations/${acme}/followers/requests`, { key: rita.apiKey });
    expect(sent.body).toEqual([expect.objectContaining({ token: fin, id: fin, name: null, status: 'PENDING' })]);
    expect(
      (await gql(`query($o: ID!) { followerRequests(organizationId: $o) { nodes { ${FOLLOWER_REQUEST_FIELDS} } } }`, { o: acme }, rita)).data.followerRequests
        .nodes,
    ).toEqual(sent.body);
    const one = await t.rest('GET', `/organizations/${acme}/followers/requests/${fin}`, { key: rita.apiKey });
    expect(one.body).toEqual(sent.body[0]);
    expect(
      (await gql(`query($o: ID!, $t: ID!) { followerRequest(organizationId: $o, token: $t) { ${FOLLOWER_REQUEST_FIELDS} } }`, { o: acme, t: fin }, rita)).data
        .followerRequest,
    ).toEqual(one.body);

    const received = await t.rest('GET', `/organizations/${fin}/following/requests`, { key: finn.apiKey });
    expect(received.body).toEqual([
      { id: acme, name: 'Acme', followerId: fin, followingId: acme, status: 'PENDING', createdAt: one.body.createdAt, decidedAt: null },
    ]);
    expect(
      (await gql(`query($o: ID!) { followingRequests(organizationId: $o) { nodes { ${FOLLOWING_REQUEST_FIELDS} } } }`, { o: fin }, finn)).data.followingRequests
        .nodes,
    ).toEqual(received.body);
    const oneReceived = await t.rest('GET', `/organizations/${fin}/following/requests/${acme}`, { key: finn.apiKey });
    expect(oneReceived.body).toEqual(received.body[0]);
    expect(
      (
        await gql(
          `query($o: ID!, $f: ID!) { followingRequest(organizationId: $o, followingId: $f) { ${FOLLOWING_REQUEST_FIELDS} } }`,
          { o: fin, f: acme },
          finn,
        )
      ).data.followingRequest,
    ).toEqual(oneReceived.body);

    expect((await t.rest('GET', `/organizations/${acme}`, { key: fred.apiKey })).status).toBe(404);
  });

  it('refuses a request to itself (400) and a second pending one (409); an unknown organization is answered like a real one', async () => {
    const self = await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: acme } });
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/token/);
    const unknown = randomUUID();
    const asked = await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: unknown } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      token: unknown,
      id: unknown,
      name: null,
      followerId: unknown,
      followingId: acme,
      status: 'PENDING',
      createdAt: expect.any(String),
      decidedAt: null,
    });
    expect((await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: fin } })).status).toBe(409);
    const malformed = await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: 'fin' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/token/);
  });

  it('is accepted by the invited organization, with tags; the answer is the relationship', async () => {
    const accepted = await t.rest('POST', `/organizations/${fin}/following/requests/${acme}/accept`, {
      key: fred.apiKey,
      body: { tags: ['vendor', ' critical ', 'vendor'] },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      id: acme,
      name: 'Acme',
      picture: null,
      followerId: fin,
      followingId: acme,
      tags: ['vendor', 'critical'],
      createdAt: expect.any(String),
    });
    expect((await eventNames(t, fin)).at(-1)).toBe('FollowingAccepted');
    const { rows } = await t.vigil.db.pool.query(`SELECT data FROM documents.events WHERE "organizationId" = $1 AND name = 'FollowingAccepted'`, [acme]);
    expect(rows).toEqual([{ data: expect.objectContaining({ id: fin, name: 'Fin', followingId: acme }) }]);
    expect(rows[0].data.tags).toBeUndefined();
    // Requests are done on both sides.
    expect((await t.rest('GET', `/organizations/${acme}/followers/requests`, { key: alice.apiKey })).body).toEqual([]);
    expect((await t.rest('GET', `/organizations/${fin}/following/requests`, { key: fred.apiKey })).body).toEqual([]);
    expect((await t.rest('POST', `/organizations/${fin}/following/requests/${acme}/accept`, { key: fred.apiKey })).status).toBe(404);
  });

  it('lists the relation on both sides with the other organization id and name, REST and GraphQL agreeing', async () => {
    const following = await t.rest('GET', `/organizations/${fin}/following`, { key: finn.apiKey });
    expect(following.body).toEqual([expect.objectContaining({ id: acme, name: 'Acme', tags: ['vendor', 'critical'] })]);
    expect((await gql(`query($o: ID!) { following(organizationId: $o) { nodes { ${FOLLOWING_FIELDS} } } }`, { o: fin }, finn)).data.following.nodes).toEqual(
      following.body,
    );
    const followers = await t.rest('GET', `/organizations/${acme}/followers`, { key: rita.apiKey });
    expect(followers.body).toEqual([{ id: fin, name: 'Fin', picture: null, followerId: fin, followingId: acme, createdAt: following.body[0].createdAt }]);
    expect((await gql(`query($o: ID!) { followers(organizationId: $o) { nodes { ${FOLLOWER_FIELDS} } } }`, { o: acme }, rita)).data.followers.nodes).toEqual(
      followers.body,
    );

    // Every member of Fin now sees Acme; Acme does not see Fin.
    expect((await t.rest('GET', `/organizations/${acme}`, { key: finn.apiKey })).body.name).toBe('Acme');
    expect((await t.rest('GET', '/me', { key: finn.apiKey })).body.following).toEqual([acme]);
    expect((await t.rest('GET', `/organizations/${fin}`, { key: alice.apiKey })).status).toBe(404);
  });

  it('lets the follower replace its tags (GraphQL mutation and REST), validating them', async () => {
    const updated = await gql(
      `mutation($o: ID!, $f: ID!) { updateFollowingTags(input: { organizationId: $o, followingId: $f, tags: ["supplier"] }) { following { ${FOLLOWING_FIELDS} } } }`,
      { o: fin, f: acme },
      fred,
    );
    expect(updated.data.updateFollowingTags.following).toMatchObject({ id: acme, tags: ['supplier'] });
    const rest = await t.rest('PUT', `/organizations/${fin}/following/${acme}`, { key: fred.apiKey, body: { tags: ['supplier', 'eu'] } });
    expect(rest.body.tags).toEqual(['supplier', 'eu']);
    expect((await t.rest('GET', `/organizations/${fin}/following`, { key: fred.apiKey })).body[0].tags).toEqual(['supplier', 'eu']);
    expect((await eventNames(t, fin)).at(-1)).toBe('FollowingUpdated');
    const empty = await t.rest('PUT', `/organizations/${fin}/following/${acme}`, { key: fred.apiKey, body: { tags: [''] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/tags/);
    expect(
      (await t.rest('PUT', `/organizations/${fin}/following/${acme}`, { key: fred.apiKey, body: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) } }))
        .status,
    ).toBe(400);
    // The followed side cannot touch the follower's tags.
    expect((await t.rest('PUT', `/organizations/${acme}/following/${fin}`, { key: alice.apiKey, body: { tags: ['x'] } })).status).toBe(404);
    expect((await t.rest('PUT', `/organizations/${fin}/following/${acme}`, { key: finn.apiKey, body: { tags: ['x'] } })).status).toBe(403);
  });

  it('ends when the follower stops following: true, access gone, both logs record it', async () => {
    const stopped = await t.rest('DELETE', `/organizations/${fin}/following/${acme}`, { key: fred.apiKey });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toBe(true);
    expect((await t.rest('GET', `/organizations/${acme}`, { key: fred.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${acme}/followers`, { key: alice.apiKey })).body).toEqual([]);
    expect((await eventNames(t, fin)).at(-1)).toBe('FollowingRemoved');
    expect((await eventNames(t, acme)).at(-1)).toBe('FollowerRemoved');
    expect((await t.rest('DELETE', `/organizations/${fin}/following/${acme}`, { key: fred.apiKey })).status).toBe(404);
  });

  it('ends when the followed organization stops the follower', async () => {
    await follow(t, alice, fred);
    expect((await t.rest('GET', `/organizations/${acme}`, { key: fred.apiKey })).status).toBe(200);
    const removed = await t.rest('DELETE', `/organizations/${acme}/followers/${fin}`, { key: alice.apiKey });
    expect(removed.body).toBe(true);
    expect((await t.rest('GET', `/organizations/${acme}`, { key: fred.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${fin}/following`, { key: fred.apiKey })).body).toEqual([]);
    expect((await eventNames(t, acme)).at(-1)).toBe('FollowerRemoved');
    expect((await eventNames(t, fin)).at(-1)).toBe('FollowingRemoved');
    expect((await t.rest('DELETE', `/organizations/${acme}/followers/${fin}`, { key: alice.apiKey })).status).toBe(404);
  });

  it('can be declined: the followed side sees DECLINED and may ask again or withdraw', async () => {
    await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: fin } });
    const declined = await t.rest('POST', `/organizations/${fin}/following/requests/${acme}/decline`, { key: fred.apiKey });
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({
      id: acme,
      name: 'Acme',
      followerId: fin,
      followingId: acme,
      status: 'DECLINED',
      createdAt: expect.any(String),
      decidedAt: expect.any(String),
    });
    expect((await eventNames(t, fin)).at(-1)).toBe('FollowingDeclined');
    expect((await eventNames(t, acme)).at(-1)).toBe('FollowingDeclined');
    expect((await t.rest('GET', `/organizations/${fin}/following/requests`, { key: fred.apiKey })).body).toEqual([]);
    expect((await t.rest('POST', `/organizations/${fin}/following/requests/${acme}/accept`, { key: fred.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${acme}/followers/requests/${fin}`, { key: alice.apiKey })).body.status).toBe('DECLINED');

    const again = await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: fin } });
    expect(again.body).toMatchObject({ status: 'PENDING', decidedAt: null });
    expect((await t.rest('GET', `/organizations/${fin}/following/requests`, { key: fred.apiKey })).body).toHaveLength(1);

    const withdrawn = await t.rest('DELETE', `/organizations/${acme}/followers/requests/${fin}`, { key: alice.apiKey });
    expect(withdrawn.body).toBe(true);
    expect((await eventNames(t, acme)).at(-1)).toBe('FollowerRequestDeleted');
    expect((await t.rest('GET', `/organizations/${acme}/followers/requests/${fin}`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${fin}/following/requests/${acme}`, { key: fred.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', `/organizations/${acme}/followers/requests/${fin}`, { key: alice.apiKey })).status).toBe(404);
  });

  it('works through the GraphQL mutations too', async () => {
    const asked = await gql(
      `mutation($o: ID!, $t: ID!) { createFollowerRequest(input: { organizationId: $o, token: $t }) { followerRequest { token status } } }`,
      { o: acme, t: fin },
      alice,
    );
    expect(asked.data.createFollowerRequest.followerRequest).toEqual({ token: fin, status: 'PENDING' });
    const accepted = await gql(
      `mutation($o: ID!, $f: ID!) { acceptFollowingRequest(input: { organizationId: $o, followingId: $f }) { following { id followingId name tags } } }`,
      { o: fin, f: acme },
      fred,
    );
    expect(accepted.data.acceptFollowingRequest.following).toEqual({ id: `Following:${fin}:${acme}`, followingId: acme, name: 'Acme', tags: [] });
    // The one relation seen from each side is two objects: ids no other type has, for a cache keyed by `id` alone (issue 34 item 5).
    const followerSide = (await gql(`query($o: ID!) { followers(organizationId: $o) { nodes { id followerId } } }`, { o: acme }, alice)).data.followers.nodes;
    const followingSide = (await gql(`query($o: ID!) { following(organizationId: $o) { nodes { id followingId } } }`, { o: fin }, fred)).data.following.nodes;
    expect(followerSide).toContainEqual({ id: `Follower:${fin}:${acme}`, followerId: fin });
    expect(followingSide).toContainEqual({ id: `Following:${fin}:${acme}`, followingId: acme });
    expect(
      (await gql(`mutation($o: ID!, $f: ID!) { removeFollower(input: { organizationId: $o, followerId: $f }) { deletedId } }`, { o: acme, f: fin }, alice)).data
        .removeFollower,
    ).toEqual({ deletedId: `Follower:${fin}:${acme}` });
    await gql(
      `mutation($o: ID!, $t: ID!) { createFollowerRequest(input: { organizationId: $o, token: $t }) { followerRequest { token } } }`,
      { o: acme, t: fin },
      alice,
    );
    expect(
      (
        await gql(
          `mutation($o: ID!, $f: ID!) { declineFollowingRequest(input: { organizationId: $o, followingId: $f }) { followingRequest { status } } }`,
          { o: fin, f: acme },
          fred,
        )
      ).data.declineFollowingRequest,
    ).toEqual({ followingRequest: { status: 'DECLINED' } });
    expect(
      (await gql(`mutation($o: ID!, $t: ID!) { deleteFollowerRequest(input: { organizationId: $o, token: $t }) { deletedId } }`, { o: acme, t: fin }, alice))
        .data.deleteFollowerRequest,
    ).toEqual({ deletedId: `FollowerRequest:${fin}:${acme}` });
    await follow(t, alice, fred);
    expect(
      (await gql(`mutation($o: ID!, $f: ID!) { stopFollowing(input: { organizationId: $o, followingId: $f }) { deletedId } }`, { o: fin, f: acme }, fred)).data
        .stopFollowing,
    ).toEqual({ deletedId: `Following:${fin}:${acme}` });
  });

  it('hides requests and relations of deleted organizations', async () => {
    const gone = await t.bootstrap('gone@gone.test', 'Gone');
    await follow(t, gone, fred);
    await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: gone.organizationId } });
    expect((await t.rest('DELETE', `/organizations/${gone.organizationId}`, { key: gone.apiKey })).body).toBe(true);
    expect((await t.rest('GET', `/organizations/${fin}/following`, { key: fred.apiKey })).body).toEqual([]);
    expect((await t.rest('GET', `/organizations/${acme}/followers/requests`, { key: alice.apiKey })).body).toEqual([]);
    expect((await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: gone.organizationId } })).body).toMatchObject(
      { name: null, status: 'PENDING' },
    );
    expect((await t.rest('GET', `/organizations/${acme}/followers/requests`, { key: alice.apiKey })).body).toEqual([]);
  });
});

describe('who may do what', () => {
  // Acme: followed by Fin (fred), follows Gym (gina), has a pending request to Xeno and one from Hub.
  let gina: Account;
  let xena: Account;
  let hank: Account;

  beforeAll(async () => {
    gina = await t.bootstrap('gina@gym.test', 'Gym');
    xena = await t.bootstrap('xena@xeno.test', 'Xeno');
    hank = await t.bootstrap('hank@hub.test', 'Hub');
    await follow(t, alice, fred);
    await follow(t, gina, alice);
    await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: xena.organizationId } });
    await t.rest('POST', `/organizations/${hank.organizationId}/followers/requests`, { key: hank.apiKey, body: { token: acme } });
  });

  it.each([
    ['GET', 'followers', [200, 404, 404], undefined],
    ['DELETE', 'followers/{fin}', [403, 404, 404], undefined],
    ['GET', 'followers/requests', [200, 404, 404], undefined],
    ['POST', 'followers/requests', [403, 404, 404], 'evil'],
    ['GET', 'followers/requests/{xeno}', [200, 404, 404], undefined],
    ['DELETE', 'followers/requests/{xeno}', [403, 404, 404], undefined],
    ['GET', 'following', [200, 404, 404], undefined],
    ['PUT', 'following/{gym}', [403, 404, 404], 'tags'],
    ['DELETE', 'following/{gym}', [403, 404, 404], undefined],
    ['GET', 'following/requests', [200, 404, 404], undefined],
    ['GET', 'following/requests/{hub}', [200, 404, 404], undefined],
    ['POST', 'following/requests/{hub}/accept', [403, 404, 404], undefined],
    ['POST', 'following/requests/{hub}/decline', [403, 404, 404], undefined],
  ])('%s /organizations/{acme}/%s: regular member, follower, other organization get %j', async (method, tail, expected, body) => {
    const ids: Record<string, string> = { '{fin}': fin, '{xeno}': xena.organizationId, '{gym}': gina.organizationId, '{hub}': hank.organizationId };
    const path = `/organizations/${acme}/${tail.replace(/\{\w+\}/, (m) => ids[m])}`;
    const payload = body === 'evil' ? { token: mallory.organizationId } : body === 'tags' ? { tags: ['x'] } : undefined;
    const statuses = [];
    for (const who of [rita, fred, mallory]) statuses.push((await t.rest(method, path, { key: who.apiKey, ...(payload ? { body: payload } : {}) })).status);
    expect(statuses).toEqual(expected);
  });

  it('left everything as it was, and the admin may do what the others may not', async () => {
    expect((await t.rest('GET', `/organizations/${acme}/followers`, { key: alice.apiKey })).body.map((f: { id: string }) => f.id)).toEqual([fin]);
    expect((await t.rest('GET', `/organizations/${acme}/following`, { key: alice.apiKey })).body).toEqual([
      expect.objectContaining({ id: gina.organizationId, name: 'Gym', tags: [] }),
    ]);
    expect((await t.rest('GET', `/organizations/${acme}/followers/requests`, { key: alice.apiKey })).body.map((r: { token: string }) => r.token)).toEqual([
      xena.organizationId,
    ]);
    expect((await t.rest('GET', `/organizations/${acme}/following/requests`, { key: alice.apiKey })).body.map((r: { id: string }) => r.id)).toEqual([
      hank.organizationId,
    ]);

    expect((await t.rest('POST', `/organizations/${acme}/following/requests/${hank.organizationId}/accept`, { key: alice.apiKey })).status).toBe(200);
    expect((await t.rest('PUT', `/organizations/${acme}/following/${gina.organizationId}`, { key: alice.apiKey, body: { tags: ['gym'] } })).status).toBe(200);
    expect((await t.rest('DELETE', `/organizations/${acme}/following/${gina.organizationId}`, { key: alice.apiKey })).body).toBe(true);
    expect((await t.rest('DELETE', `/organizations/${acme}/followers/requests/${xena.organizationId}`, { key: alice.apiKey })).body).toBe(true);
    expect((await t.rest('DELETE', `/organizations/${acme}/followers/${fin}`, { key: alice.apiKey })).body).toBe(true);
    expect((await t.rest('GET', `/organizations/${acme}/following`, { key: alice.apiKey })).body.map((f: { id: string }) => f.id)).toEqual([
      hank.organizationId,
    ]);
  });

  it("keeps the invited side's routes to its own members: the followed organization's admin gets 404", async () => {
    await t.rest('POST', `/organizations/${acme}/followers/requests`, { key: alice.apiKey, body: { token: xena.organizationId } });
    const xeno = xena.organizationId;
    expect((await t.rest('GET', `/organizations/${xeno}/following/requests`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('POST', `/organizations/${xeno}/following/requests/${acme}/accept`, { key: alice.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${xeno}/following/requests`, { key: xena.apiKey })).body.map((r: { id: string }) => r.id)).toEqual([acme]);
  });
});
