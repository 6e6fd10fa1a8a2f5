import { serverAudits } from 'graphql-http';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * GraphQL-over-HTTP as its reference audit (graphql-http's serverAudits) checks it, against the running
 * gateway with an API key: every MUST and every SHOULD passes — among them, parse, validation and
 * variable errors answer 200 to `Accept: application/json` and 400 to
 * `Accept: application/graphql-response+json`. And the codes are the standard ones Apollo's clients
 * expect (lib/graphql-errors.ts), the same over HTTP with either media type.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let alice: Account;

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(async () => {
  await t?.close();
});

const withKey =
  (key: string) =>
  (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    return fetch(input, { ...init, headers });
  };

it('passes every MUST and SHOULD of the graphql-http audit', async () => {
  const audits = serverAudits({ url: `${t.url}/graphql`, fetchFn: withKey(alice.apiKey) });
  const results = [];
  for (const audit of audits) results.push(await audit.fn());
  const failed = results.filter((r) => r.status !== 'ok').map((r) => `${r.name}: ${'reason' in r ? r.reason : ''}`);
  expect(failed).toEqual([]);
  expect(results.filter((r) => r.name.startsWith('MUST')).length).toBeGreaterThanOrEqual(13);
  expect(results.filter((r) => r.name.startsWith('SHOULD')).length).toBeGreaterThanOrEqual(23);
});

const post = async (body: unknown, accept: string) => {
  const res = await withKey(alice.apiKey)(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  return {
    status: res.status,
    codes: json.errors?.map((e) => e.extensions?.code),
    hasData: 'data' in json,
    message: json.errors?.[0]?.message,
    contentType: res.headers.get('content-type'),
  };
};

describe('request errors carry the standard codes', () => {
  const cases: Array<[string, unknown, string]> = [
    ['a document that does not parse', { query: '{ me { id ' }, 'GRAPHQL_PARSE_FAILED'],
    ['a field the schema lacks', { query: '{ nope }' }, 'GRAPHQL_VALIDATION_FAILED'],
    [
      'a bad DateTime literal',
      { query: '{ events(organizationId: "00000000-0000-4000-8000-000000000000", start: "not a date") { nodes { id } } }' },
      'GRAPHQL_VALIDATION_FAILED',
    ],
    ['a variable of the wrong type', { query: 'query($id: ID!) { organization(id: $id) { id } }', variables: { id: { x: 1 } } }, 'BAD_USER_INPUT'],
    [
      'a bad DateTime variable',
      { query: 'query($s: DateTime) { events(organizationId: "00000000-0000-4000-8000-000000000000", start: $s) { nodes { id } } }', variables: { s: 'nope' } },
      'BAD_USER_INPUT',
    ],
    ['an unknown operationName', { query: 'query A { me { id } }', operationName: 'B' }, 'OPERATION_RESOLUTION_FAILURE'],
  ];
  it.each(cases)('%s: 200 with application/json, 400 with application/graphql-response+json, no data', async (_name, body, code) => {
    const json = await post(body, 'application/json');
    expect({ status: json.status, codes: json.codes, hasData: json.hasData }).toEqual({ status: 200, codes: [code], hasData: false });
    expect(json.contentType).toMatch(/^application\/json/);
    const graphql = await post(body, 'application/graphql-response+json');
    expect({ status: graphql.status, codes: graphql.codes, hasData: graphql.hasData }).toEqual({ status: 400, codes: [code], hasData: false });
    expect(graphql.contentType).toMatch(/^application\/graphql-response\+json/);
  });

  it('an unknown persisted query is PERSISTED_QUERY_NOT_FOUND (message PersistedQueryNotFound, 400)', async () => {
    const res = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } } }, 'application/json');
    expect(res).toMatchObject({ status: 400, codes: ['PERSISTED_QUERY_NOT_FOUND'], message: 'PersistedQueryNotFound' });
  });

  it('a persisted query whose hash does not match its text is a 400 client error, not INTERNAL_SERVER_ERROR', async () => {
    const res = await post({ query: '{ me { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } } }, 'application/json');
    expect(res).toMatchObject({ status: 400, codes: ['BAD_REQUEST'], message: 'provided sha does not match query' });
  });

  it("Vigil's own input checks in resolvers stay BAD_REQUEST with the field, the answer's data present", async () => {
    const res = await t.graphql(
      `query($org: ID!) { alerts(organizationId: $org, first: 0) { pageInfo { endCursor } } }`,
      { org: alice.organizationId },
      alice.apiKey,
    );
    expect(res.body.errors?.[0].extensions).toEqual({ code: 'BAD_REQUEST', field: 'first' });
  });

  it('REST keeps {statusCode, error, message} with 400 when its operation refuses an input', async () => {
    const res = await t.rest('GET', `/organizations/${alice.organizationId}/assessments?role=bogus`, { key: alice.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/\$role.*BOGUS/) });
  });
});
