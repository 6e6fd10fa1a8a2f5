import { createHash } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { createPersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { print } from 'graphql';
import { trustedDocuments } from '../../gateway/trusted-documents';
import { subscribe, wsClient } from '../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Trusted documents (gateway/trusted-documents.ts) with VIGIL_TRUSTED_DOCUMENTS_ONLY=on: Apollo Client's
 * persisted-queries link runs a document of an Apollo manifest by its hash alone, Codegen's documentId runs
 * one of its manifest, and any other document is refused with PERSISTED_QUERY_NOT_IN_LIST.
 */
jest.setTimeout(60_000);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ME = gql`query Me { me { email } }`;
// As Apollo's generate-persisted-query-manifest writes it: the document as the cache sends it, with __typename.
const meBody = print(gql`query Me { me { email __typename } }`);
const codegenBody = 'query MeId { me { id email } }';
const untrustedSubscription = 'subscription Events($org: ID!) { eventAppended(organizationId: $org) { cursor } }';

let dir: string;
let t: TestVigil;
let alice: Account;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-trusted-'));
  writeFileSync(
    path.join(dir, 'apollo.json'),
    JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: sha256(meBody), body: meBody, name: 'Me', type: 'query' }] }),
  );
  writeFileSync(path.join(dir, 'codegen.json'), JSON.stringify({ 'codegen-id-1': codegenBody }));
  t = await startTestVigil({ VIGIL_TRUSTED_DOCUMENTS: dir, VIGIL_TRUSTED_DOCUMENTS_ONLY: 'on' });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(async () => {
  await t?.close();
});

const post = async (body: unknown) => {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.apiKey}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data?: { me: { email: string } }; errors?: Array<{ extensions: { code: string } }> } };
};

it("runs a manifest operation by its hash alone through Apollo's persisted-queries link", async () => {
  const sent: unknown[] = [];
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: createPersistedQueryLink({ sha256 }).concat(
      new HttpLink({
        uri: `${t.url}/graphql`,
        headers: { authorization: `Bearer ${alice.apiKey}` },
        fetch: (input, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return fetch(input, init);
        },
      }),
    ),
  });
  const { data } = await client.query({ query: ME, fetchPolicy: 'network-only' });
  expect((data as { me: { email: string } }).me.email).toBe('alice@example.com');
  expect(sent).toHaveLength(1);
  expect(sent[0]).not.toHaveProperty('query');
});

it("runs Codegen's documentId, and refuses other documents and unknown ids with PERSISTED_QUERY_NOT_IN_LIST", async () => {
  const byId = await post({ documentId: 'codegen-id-1' });
  expect(byId.json.data?.me.email).toBe('alice@example.com');

  const other = await post({ query: '{ me { id } }' });
  expect(other.status).toBe(400);
  expect(other.json.errors?.[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');

  const unknown = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ me { id } }') } } });
  expect(unknown.json.errors?.[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');

  const batch = await post([{ documentId: 'codegen-id-1' }, { query: '{ me { id } }' }]);
  expect(batch.json.errors?.[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');

  const fullText = await post({ query: meBody });
  expect(fullText.json.data?.me.email).toBe('alice@example.com');

  // The same document as Apollo Client sends a Codegen manifest's (its own field order, __typename added) runs;
  // one more field does not.
  const asSent = await post({ query: 'query MeId {\n  me {\n    email\n    id\n    __typename\n  }\n}' });
  expect(asSent.json.data?.me.email).toBe('alice@example.com');
  expect((await post({ query: 'query MeId { me { id email emailVerified } }' })).status).toBe(400);
});

it('trusts a manifest added to the directory without a restart', async () => {
  expect((await post({ documentId: 'added-later' })).json.errors?.[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
  writeFileSync(path.join(dir, 'later.json'), JSON.stringify({ 'added-later': 'query Later { me { email } }' }));
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect((await post({ documentId: 'added-later' })).json.data?.me.email).toBe('alice@example.com');
});

describe('on every other transport', () => {
  const get = async (params: Record<string, string>) => {
    const res = await fetch(`${t.url}/graphql?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${alice.apiKey}`, 'apollo-require-preflight': 'true' },
    });
    return { status: res.status, json: (await res.json()) as { data?: { me: { email: string } }; errors?: Array<{ extensions: { code: string } }> } };
  };

  it('GET /graphql runs a manifest operation by its hash or documentId and refuses any other document', async () => {
    const byHash = await get({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(meBody) } }) });
    expect(byHash.json.data?.me.email).toBe('alice@example.com');
    expect((await get({ documentId: 'codegen-id-1' })).json.data?.me.email).toBe('alice@example.com');
    expect((await get({ query: meBody })).json.data?.me.email).toBe('alice@example.com');

    const other = await get({ query: '{ me { id } }' });
    expect(other.status).toBe(400);
    expect(other.json.errors?.[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect((await get({ documentId: 'no-such-id' })).json.errors?.[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
  });

  it('a multipart HTTP subscription of a document not in the manifest is refused', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'multipart/mixed;subscriptionSpec="1.0", application/json',
        authorization: `Bearer ${alice.apiKey}`,
      },
      body: JSON.stringify({ query: untrustedSubscription, variables: { org: alice.organizationId } }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/PERSISTED_QUERY_NOT_IN_LIST/);
  });

  it('graphql-sse refuses a document not in the manifest with 400 PERSISTED_QUERY_NOT_IN_LIST', async () => {
    const res = await fetch(`${t.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${alice.apiKey}` },
      body: JSON.stringify({ query: untrustedSubscription, variables: { org: alice.organizationId } }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/PERSISTED_QUERY_NOT_IN_LIST/);
  });

  it('graphql-ws refuses a document not in the manifest, a query as a subscription; a trusted one is answered', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${alice.apiKey}` });
    try {
      const refused = subscribe(client, untrustedSubscription, { org: alice.organizationId });
      await refused.waitForEnd();
      expect(JSON.stringify(refused.errors)).toMatch(/PERSISTED_QUERY_NOT_IN_LIST/);
      const query = subscribe(client, '{ me { id } }');
      await query.waitForEnd();
      expect(JSON.stringify(query.errors)).toMatch(/PERSISTED_QUERY_NOT_IN_LIST/);
      const trusted = subscribe(client, codegenBody);
      await trusted.waitForEnd();
      expect(JSON.stringify(trusted.data)).toContain('alice@example.com');
    } finally {
      await client.dispose();
    }
  });
});

it('a malformed manifest is reported once with its file and what is wrong, and its last good documents stay trusted', async () => {
  const own = mkdtempSync(path.join(os.tmpdir(), 'vigil-trusted-bad-'));
  const file = path.join(own, 'app.json');
  writeFileSync(file, JSON.stringify({ 'app-1': 'query App { me { id } }', 'app-m': 'mutation Two { a: logout { ok } b: logout { ok } }' }));
  const warnings: Array<{ message: string; fields: Record<string, unknown> }> = [];
  const trusted = trustedDocuments({ path: own, only: true }, (message, fields) => warnings.push({ message, fields }));
  const byId = (id: string) => {
    const operation: { documentId: string; query?: string } = { documentId: id };
    return { refusal: trusted.admit(operation, null), query: operation.query };
  };
  expect(byId('app-1')).toEqual({ refusal: null, query: 'query App { me { id } }' });
  // A mutation's root fields run in order: the same fields in another order are another document.
  expect(trusted.refuseText('mutation Two { a: logout { ok } b: logout { ok } }', null)).toBeNull();
  expect(trusted.refuseText('mutation Two { b: logout { ok } a: logout { ok } }', null)).toMatch(/Only trusted documents/);

  // A deploy that writes half a file, and a second manifest whose document does not parse.
  writeFileSync(file, '{ "app-1": "query App { me');
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  writeFileSync(path.join(own, 'broken.json'), JSON.stringify({ 'broken-1': 'query Broken { me {' }));
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(byId('app-1')).toEqual({ refusal: null, query: 'query App { me { id } }' });
  expect(byId('broken-1').refusal).toMatch(/No trusted document/);
  expect(warnings.map((w) => [w.fields.file, w.fields.keptDocuments])).toEqual([
    [file, 2],
    [path.join(own, 'broken.json'), 0],
  ]);
  expect(String(warnings[0].fields.problem)).toMatch(/JSON/);
  expect(String(warnings[1].fields.problem)).toMatch(/"broken-1" does not parse/);

  // Reported once, not each second; a good version replaces the kept one.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(byId('app-1').refusal).toBeNull();
  expect(warnings).toHaveLength(2);
  writeFileSync(file, JSON.stringify({ 'app-2': 'query App2 { me { email } }' }));
  utimesSync(file, new Date(), new Date(Date.now() + 10_000));
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(byId('app-2').refusal).toBeNull();
  expect(byId('app-1').refusal).toMatch(/No trusted document/);
});
