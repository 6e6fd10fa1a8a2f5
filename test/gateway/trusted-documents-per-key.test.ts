import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMMANDS } from '../../cli/commands';
import { subscribe, wsClient } from '../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Trusted documents per API key and per organization (gateway/trusted-documents.ts, `Principal.trustedDocumentsOnly`
 * read with the key in lib/api-keys.ts): the deployment runs any document (VIGIL_TRUSTED_DOCUMENTS_ONLY unset), but
 * a key restricted by its own flag or by one of its user's organizations is refused anything but the manifest's
 * operations on every GraphQL transport, with PERSISTED_QUERY_NOT_IN_LIST; the REST API is not affected.
 */
jest.setTimeout(90_000);

const MANIFEST_ME = 'query TrustedMe { me { email } }';
// A frontend's manifest may hold its settings page's mutation: run by id with its variables like any operation.
const MANIFEST_LIFT =
  'mutation Lift($org: ID!) { updateOrganization(input: { organizationId: $org, trustedDocumentsOnly: false }) { organization { trustedDocumentsOnly } } }';
const AD_HOC = '{ me { id } }';
const adHocSubscription = 'subscription Events($org: ID!) { eventAppended(organizationId: $org) { cursor } }';
const REFUSED = 'PERSISTED_QUERY_NOT_IN_LIST';

let t: TestVigil;
let alice: Account; // ADMIN of A; her bootstrap key is not restricted
let restricted: string; // a second key of alice, restricted by its own flag
let bob: Account; // ADMIN of B, whose organization restricts its members' keys in one test
let carol: Account; // ADMIN of F, which follows A

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-trusted-per-key-'));
  writeFileSync(path.join(dir, 'app.json'), JSON.stringify({ 'trusted-me': MANIFEST_ME, 'lift-organization': MANIFEST_LIFT }));
  t = await startTestVigil({ VIGIL_TRUSTED_DOCUMENTS: dir });
  [alice, bob, carol] = await Promise.all([
    t.bootstrap('alice@example.com', 'Alice Corp'),
    t.bootstrap('bob@example.com', 'Bob Corp'),
    t.bootstrap('carol@example.com', 'Carol Corp'),
  ]);
  const created = await t.graphql(
    'mutation { createApiKey(input: { name: "frontend", trustedDocumentsOnly: true }) { apiKey { key trustedDocumentsOnly } } }',
    {},
    alice.apiKey,
  );
  expect(created.body.data.createApiKey.apiKey.trustedDocumentsOnly).toBe(true);
  restricted = created.body.data.createApiKey.apiKey.key;
  // F follows A.
  const asked = await t.graphql(
    'mutation($org: ID!, $token: ID!) { createFollowerRequest(input: { organizationId: $org, token: $token }) { followerRequest { id } } }',
    { org: alice.organizationId, token: carol.organizationId },
    alice.apiKey,
  );
  expect(asked.body.errors).toBeUndefined();
  const accepted = await t.graphql(
    'mutation($org: ID!, $id: ID!) { acceptFollowingRequest(input: { organizationId: $org, followingId: $id }) { following { id } } }',
    { org: carol.organizationId, id: alice.organizationId },
    carol.apiKey,
  );
  expect(accepted.body.errors).toBeUndefined();
});
afterAll(async () => {
  await t?.close();
});

type Outcome = 'answered' | typeof REFUSED | string;

/** The code an answer's first error carries, or 'answered' when it has data and no error. */
const outcomeOf = (status: number, body: unknown): Outcome => {
  const errors = (body as { errors?: Array<{ extensions?: { code?: string } }> })?.errors;
  if (errors?.length) return errors[0].extensions?.code ?? `status ${status}`;
  return status === 200 ? 'answered' : `status ${status}`;
};

const post = async (key: string, body: unknown) => {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const postOutcome = async (key: string, body: unknown) => {
  const { status, body: answer } = await post(key, body);
  return outcomeOf(status, answer);
};

/** A stream request (multipart or SSE): its refusal's code, or 'answered' when the stream opened. */
const openStream = async (key: string, url: string, accept: string, body: unknown): Promise<Outcome> => {
  const abort = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
    signal: abort.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 200 && (type.startsWith('multipart/mixed') || type.startsWith('text/event-stream'))) {
    abort.abort();
    return 'answered';
  }
  return outcomeOf(res.status, await res.json());
};

/** An ad-hoc document (not in the manifest) sent with `key` on each transport: what each answered. */
async function adHocOnEveryTransport(key: string, organizationId: string): Promise<Record<string, Outcome>> {
  const single = await post(key, { query: AD_HOC });
  const getRes = await fetch(`${t.url}/graphql?${new URLSearchParams({ query: AD_HOC })}`, {
    headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
  });
  const batch = await post(key, [{ documentId: 'trusted-me' }, { query: AD_HOC }]);
  const batchOutcome = Array.isArray(batch.body) ? batch.body.map((one) => outcomeOf(200, one)).join(',') : outcomeOf(batch.status, batch.body);
  const subscription = { query: adHocSubscription, variables: { org: organizationId } };
  const multipart = await openStream(key, `${t.url}/graphql`, 'multipart/mixed;subscriptionSpec="1.0", application/json', subscription);
  const sse = await openStream(key, `${t.url}/graphql/stream`, 'text/event-stream', subscription);
  const client = wsClient(t.url, { authorization: `Bearer ${key}` });
  let ws: Outcome;
  try {
    const query = subscribe(client, AD_HOC);
    await query.waitForEnd();
    const errors = query.errors.flat();
    ws = errors.length ? (errors[0].extensions?.code ?? JSON.stringify(errors)) : 'answered';
  } finally {
    await client.dispose();
  }
  return { post: outcomeOf(single.status, single.body), get: outcomeOf(getRes.status, await getRes.json()), batch: batchOutcome, multipart, sse, ws };
}

const everyTransport = (outcome: Outcome) => ({ post: outcome, get: outcome, batch: outcome, multipart: outcome, sse: outcome, ws: outcome });
const ANSWERED = { ...everyTransport('answered'), batch: 'answered,answered' };

/** The manifest's operation: by its id over POST and GET, by its text over graphql-ws (whose protocol carries the text). */
async function manifestOperation(key: string): Promise<string[]> {
  const byId = await post(key, { documentId: 'trusted-me' });
  const getRes = await fetch(`${t.url}/graphql?${new URLSearchParams({ documentId: 'trusted-me' })}`, {
    headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
  });
  const byGet = (await getRes.json()) as { data?: { me: { email: string } } };
  const client = wsClient(t.url, { authorization: `Bearer ${key}` });
  try {
    const byText = subscribe(client, MANIFEST_ME);
    await byText.waitForEnd();
    return [(byId.body as { data?: { me: { email: string } } }).data?.me.email, byGet.data?.me.email, byText.data[0]?.me.email];
  } finally {
    await client.dispose();
  }
}

const setOrganizationFlag = async (account: Account, on: boolean) => {
  const res = await t.graphql(
    'mutation($org: ID!, $on: Boolean) { updateOrganization(input: { organizationId: $org, trustedDocumentsOnly: $on }) { organization { trustedDocumentsOnly } } }',
    { org: account.organizationId, on },
    account.apiKey,
  );
  expect(res.body.data?.updateOrganization.organization.trustedDocumentsOnly).toBe(on);
};

it('a key restricted by its own flag is refused an ad-hoc document on every transport and runs the manifest’s operation', async () => {
  expect(await adHocOnEveryTransport(restricted, alice.organizationId)).toEqual(everyTransport(REFUSED));
  expect(await manifestOperation(restricted)).toEqual(['alice@example.com', 'alice@example.com', 'alice@example.com']);
  // An id no manifest has is refused too (not handed to APQ).
  expect(await postOutcome(restricted, { documentId: 'no-such-id' })).toBe(REFUSED);
});

it('another key of the same user and organization, not restricted, runs ad-hoc documents on every transport', async () => {
  expect(await adHocOnEveryTransport(alice.apiKey, alice.organizationId)).toEqual(ANSWERED);
});

it('the REST API answers a restricted key as any other (its routes run their own operations)', async () => {
  const statuses = [
    (await t.rest('GET', '/me', { key: restricted })).status,
    (await t.rest('GET', '/organizations', { key: restricted })).status,
    (await t.rest('GET', `/organizations/${alice.organizationId}`, { key: restricted })).status,
    (await t.rest('GET', '/me/apikeys', { key: restricted })).status,
    (await t.rest('PUT', `/organizations/${alice.organizationId}`, { key: restricted, body: { name: 'Alice Corp', picture: null, email: null } })).status,
    (await t.rest('POST', `/organizations/${alice.organizationId}/alerts?size=10`, { key: restricted, body: {} })).status,
  ];
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  const keys = await t.rest('GET', '/me/apikeys', { key: restricted });
  expect((keys.body as Array<{ name: string }>).map((k) => k.name)).toEqual(['bootstrap', 'frontend']);
});

/** `account`'s organization lifts its flag with the manifest's mutation, sent by id (an ad-hoc one is refused now). */
const liftByManifest = async (account: Account) => {
  const adHoc = { query: MANIFEST_LIFT.replace('Lift', 'AdHocLift'), variables: { org: account.organizationId } };
  expect(await postOutcome(account.apiKey, adHoc)).toBe(REFUSED);
  const lifted = await post(account.apiKey, { documentId: 'lift-organization', variables: { org: account.organizationId } });
  expect(lifted.body).toEqual({ data: { updateOrganization: { organization: { trustedDocumentsOnly: false } } } });
};

it('an organization’s flag restricts every key of its members, and lifting it frees them', async () => {
  expect(await adHocOnEveryTransport(bob.apiKey, bob.organizationId)).toEqual(ANSWERED);
  await setOrganizationFlag(bob, true);
  expect(await adHocOnEveryTransport(bob.apiKey, bob.organizationId)).toEqual(everyTransport(REFUSED));
  // A key created after the flag was set is restricted as well (created through REST, which the flag leaves alone).
  const second = await t.rest('POST', '/me/apikeys', { key: bob.apiKey, body: { name: 'new' } });
  expect(second.status).toBe(200);
  expect(await postOutcome(second.body.key, { query: AD_HOC })).toBe(REFUSED);
  expect(await manifestOperation(bob.apiKey)).toEqual(['bob@example.com', 'bob@example.com', 'bob@example.com']);

  await liftByManifest(bob);
  expect(await postOutcome(second.body.key, { query: AD_HOC })).toBe('answered');
});

it('a follower’s flag restricts its own members, not the organization it follows', async () => {
  await setOrganizationFlag(carol, true);
  expect(await postOutcome(carol.apiKey, { query: AD_HOC })).toBe(REFUSED);
  expect(await adHocOnEveryTransport(alice.apiKey, alice.organizationId)).toEqual(ANSWERED);
  await liftByManifest(carol);
  expect(await postOutcome(carol.apiKey, { query: AD_HOC })).toBe('answered');
});

it('members read their organization’s flag; a follower reads null', async () => {
  await setOrganizationFlag(alice, true); // its payload: the member's view, true
  const asFollower = await t.graphql('query($id: ID!) { organization(id: $id) { name trustedDocumentsOnly } }', { id: alice.organizationId }, carol.apiKey);
  expect(asFollower.body).toEqual({ data: { organization: { name: 'Alice Corp', trustedDocumentsOnly: null } } });
  await liftByManifest(alice);
  const asMember = await t.graphql('query($id: ID!) { organization(id: $id) { trustedDocumentsOnly } }', { id: alice.organizationId }, alice.apiKey);
  expect(asMember.body).toEqual({ data: { organization: { trustedDocumentsOnly: false } } });
});

it('the key’s owner lifts its flag with another key; updateApiKey of someone else’s key is NOT_FOUND', async () => {
  const keys = await t.graphql('{ apiKeys { nodes { id name trustedDocumentsOnly } } }', {}, alice.apiKey);
  const frontend = (keys.body.data.apiKeys.nodes as Array<{ id: string; name: string; trustedDocumentsOnly: boolean }>).find((k) => k.name === 'frontend');
  expect(frontend?.trustedDocumentsOnly).toBe(true);
  const update =
    'mutation($id: ID!, $on: Boolean) { updateApiKey(input: { apiKeyId: $id, trustedDocumentsOnly: $on }) { apiKey { id trustedDocumentsOnly } } }';
  const foreign = await t.graphql(update, { id: frontend?.id, on: false }, bob.apiKey);
  expect(foreign.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  expect(await postOutcome(restricted, { query: update, variables: { id: frontend?.id, on: false } })).toBe(REFUSED);

  const lifted = await t.graphql(update, { id: frontend?.id, on: false }, alice.apiKey);
  expect(lifted.body.data.updateApiKey.apiKey).toEqual({ id: frontend?.id, trustedDocumentsOnly: false });
  expect(await postOutcome(restricted, { query: AD_HOC })).toBe('answered');
});

it('an operator lifts an organization’s flag with the trusted-documents-only command, when its ADMINs cannot', async () => {
  await setOrganizationFlag(bob, true);
  expect(await postOutcome(bob.apiKey, { query: AD_HOC })).toBe(REFUSED);
  const command = COMMANDS['trusted-documents-only'];
  await expect(command.run(t.vigil.db, { organization: bob.organizationId }, () => undefined)).rejects.toThrow(/--off/);
  expect(await command.run(t.vigil.db, { organization: bob.organizationId, off: true }, () => undefined)).toEqual({
    organizationId: bob.organizationId,
    trustedDocumentsOnly: false,
  });
  expect(await postOutcome(bob.apiKey, { query: AD_HOC })).toBe('answered');
});
