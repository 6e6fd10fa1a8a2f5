import { follow, joinAsMember } from '../../support/organizations';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * The organizations subgraph's lists are connections (`first`/`after` → `edges`, `nodes`,
 * `pageInfo`): paging through each, two entries at a time, gives every entry of the whole list
 * once and in the same order, edge cursors and `endCursor` agree, and a cursor of one list is
 * refused by another.
 */

let t: TestVigil;
let alice: Account; // ADMIN of Alpha: 4 members, 3 open invites, 3 followers, 3 requests sent to follow it
let bob: Account; // ADMIN of B, member of C and D too; B follows Alpha, C and D
let carol: Account;
let dave: Account;
let zed: Account; // invited to B, C and D; Z is asked to follow by Alpha, B and C

beforeAll(async () => {
  t = await startTestVigil();
  [alice, bob, carol, dave, zed] = await Promise.all(
    ['alice', 'bob', 'carol', 'dave', 'zed'].map((name) => t.bootstrap(`${name}@pages.test`, name === 'alice' ? 'Alpha' : name.toUpperCase())),
  );
  for (const who of [bob, carol, dave]) await joinAsMember(t, alice, alice.organizationId, `member-${who.userId}@pages.test`);
  await joinAsMemberOf(carol, bob);
  await joinAsMemberOf(dave, bob);
  for (const email of ['x1@pages.test', 'x2@pages.test', 'x3@pages.test'])
    await t.rest('POST', `/organizations/${alice.organizationId}/invites`, { key: alice.apiKey, body: { email } });
  for (const admin of [bob, carol, dave])
    await t.rest('POST', `/organizations/${admin.organizationId}/invites`, { key: admin.apiKey, body: { email: 'zed@pages.test' } });
  for (const name of ['k1', 'k2', 'k3']) await t.rest('POST', '/me/apikeys', { key: alice.apiKey, body: { name } });
  for (const follower of [bob, carol, dave]) await follow(t, alice, follower);
  await follow(t, carol, bob);
  await follow(t, dave, bob);
  const others = await Promise.all(['yan', 'xan'].map((name) => t.bootstrap(`${name}@pages.test`, name.toUpperCase())));
  for (const invited of [zed, ...others])
    await t.rest('POST', `/organizations/${alice.organizationId}/followers/requests`, { key: alice.apiKey, body: { token: invited.organizationId } });
  for (const inviter of [bob, carol])
    await t.rest('POST', `/organizations/${inviter.organizationId}/followers/requests`, { key: inviter.apiKey, body: { token: zed.organizationId } });
}, 120_000);
afterAll(() => t.close());

/** `admin` invites `user` (a bootstrapped account) to its organization, and the user accepts. */
async function joinAsMemberOf(admin: Account, user: Account): Promise<void> {
  const email = (await t.graphql('{ me { email } }', {}, user.apiKey)).body.data.me.email;
  const invite = await t.rest('POST', `/organizations/${admin.organizationId}/invites`, { key: admin.apiKey, body: { email } });
  await t.rest('POST', `/me/invites/${invite.body.token}/accept`, { key: user.apiKey });
}

interface Page {
  edges: Array<{ cursor: string; node: { id: string } }>;
  nodes: Array<{ id: string }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** Every page of `field`, `first` entries at a time, following `endCursor` until `hasNextPage` is false. */
async function pages(field: string, args: string, variables: Record<string, unknown>, who: Account, first = 2): Promise<Page[]> {
  const header = ['$first: Int', '$after: String', ...Object.keys(variables).map((name) => `$${name}: ID!`)].join(', ');
  const passed = [...Object.keys(variables).map((name) => `${name}: $${name}`), 'first: $first', 'after: $after', args].filter(Boolean).join(', ');
  const query = `query(${header}) { ${field}(${passed}) { edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
  const all: Page[] = [];
  let after: string | null = null;
  do {
    const answer = await t.graphql(query, { ...variables, first, after }, who.apiKey);
    expect(answer.body.errors).toBeUndefined();
    const page: Page = answer.body.data[field];
    all.push(page);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    if (all.length > 20) throw new Error(`${field} does not end`);
  } while (after);
  return all;
}

const LISTS: Array<[string, () => Account, () => Record<string, unknown>, number]> = [
  ['organizations', () => bob, () => ({}), 3],
  ['apiKeys', () => alice, () => ({}), 4],
  ['myInvites', () => zed, () => ({}), 3],
  ['members', () => alice, () => ({ organizationId: alice.organizationId }), 4],
  ['organizationInvites', () => alice, () => ({ organizationId: alice.organizationId }), 3],
  ['followers', () => alice, () => ({ organizationId: alice.organizationId }), 3],
  ['followerRequests', () => alice, () => ({ organizationId: alice.organizationId }), 3],
  ['following', () => bob, () => ({ organizationId: bob.organizationId }), 3],
  ['followingRequests', () => zed, () => ({ organizationId: zed.organizationId }), 3],
];

describe.each(LISTS)('%s', (field, who, variables, size) => {
  it('pages with first/after through every entry once, in the order of the whole list', async () => {
    const whole = await pages(field, '', variables(), who(), 1000);
    expect(whole).toHaveLength(1);
    expect(whole[0].nodes).toHaveLength(size);
    expect(whole[0].pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });

    const paged = await pages(field, '', variables(), who());
    expect(paged).toHaveLength(Math.ceil(size / 2));
    expect(paged.flatMap((page) => page.nodes)).toEqual(whole[0].nodes);
    for (const [i, page] of paged.entries()) {
      expect(page.edges.map((edge) => edge.node)).toEqual(page.nodes);
      expect(page.pageInfo.startCursor).toBe(page.edges[0].cursor);
      expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1].cursor);
      expect(page.pageInfo.hasPreviousPage).toBe(i > 0);
    }
    // The same entry has the same cursor on every page size.
    expect(paged.flatMap((page) => page.edges.map((edge) => edge.cursor))).toEqual(whole[0].edges.map((edge) => edge.cursor));
  });
});

describe('me.followedOrganizations', () => {
  it('pages through the organizations the caller’s organizations follow, each once', async () => {
    const query = `query($after: String) { me { followedOrganizations(first: 2, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    let pagesRead = 0;
    do {
      const page: Page = (await t.graphql(query, { after }, bob.apiKey)).body.data.me.followedOrganizations;
      seen.push(...page.nodes.map((o: { id: string }) => o.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pagesRead++;
    } while (after);
    expect(pagesRead).toBe(2);
    expect(seen.sort()).toEqual([alice.organizationId, carol.organizationId, dave.organizationId].sort());
  });
});

describe('cursors', () => {
  it('refuses a cursor of another list, or of the same list of another organization, naming `after`', async () => {
    const [first] = await pages('followers', '', { organizationId: alice.organizationId }, alice);
    const query = `query($o: ID!, $after: String) { following(organizationId: $o, after: $after) { nodes { id } } }`;
    const other = await t.graphql(query, { o: bob.organizationId, after: first.pageInfo.endCursor }, bob.apiKey);
    expect(other.body.errors?.[0]?.message).toBe('after is not a cursor this list returned');
    const [members] = await pages('members', '', { organizationId: alice.organizationId }, alice);
    const elsewhere = await t.graphql(
      `query($o: ID!, $after: String) { members(organizationId: $o, after: $after) { nodes { id } } }`,
      { o: bob.organizationId, after: members.pageInfo.endCursor },
      bob.apiKey,
    );
    expect(elsewhere.body.errors?.[0]?.message).toBe('after is not a cursor this list returned');
  });

  it('refuses a page size outside 1..1000', async () => {
    const answer = await t.graphql('{ apiKeys(first: 0) { nodes { id } } }', {}, alice.apiKey);
    expect(answer.body.errors?.[0]?.message).toBe('first must be an integer from 1 to 1000');
  });
});
