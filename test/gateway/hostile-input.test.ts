import { randomUUID } from 'node:crypto';
import { assertHostileCallsAnswerInShape, type HostileFixture, hostileRunSettings, INTROSPECTION } from '../support/hostile-input';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Hostile input on PostgreSQL: the field-level cases a probe found (each answered 500 before), and
 * the property-based suite over every REST route and GraphQL field (test/support/hostile-input.ts).
 * The embedded run of the same suite is hostile-input-embedded.test.ts.
 */

let t: TestVigil;
let admin: Account;
let stranger: Account;
let fixture: HostileFixture;

const NUL = 'bad\u0000value';

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('hostile-admin@example.com', 'Hostile Org');
  stranger = await t.bootstrap('hostile-stranger@example.com', 'Stranger Org');
  const target = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets`, {
    key: admin.apiKey,
    body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
  });
  expect(target.status).toBe(200);
  const findings = ['a', 'b', 'c'].map((r) => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::${r}` }));
  const scan = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${target.body.id}/findings`, {
    key: admin.apiKey,
    body: { format: 'vigil', findings },
  });
  expect(scan.body).toMatchObject({ status: 'DONE' });
  const page = await t.rest('POST', `/organizations/${admin.organizationId}/alerts?size=1`, { key: admin.apiKey, body: {} });
  expect(page.body.cursor).toEqual(expect.any(String));
  fixture = {
    url: t.url,
    apiKey: admin.apiKey,
    userId: admin.userId,
    ids: { organizationId: admin.organizationId, scanTargetId: target.body.id, alertId: page.body.data[0].id, foreignOrganizationId: stranger.organizationId },
    cursor: page.body.cursor,
  };
});
afterAll(() => t?.close());

const badRequest = (message: RegExp) => ({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(message) });

describe('a NUL character (PostgreSQL text cannot hold it)', () => {
  it('is refused with 400 naming the field in every REST part: names, tags, labels, comments, filters, paths', async () => {
    const o = fixture.ids.organizationId;
    const st = fixture.ids.scanTargetId;
    const al = fixture.ids.alertId;
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/organizations', { name: NUL }, /^name: /],
      ['PUT', `/organizations/${o}`, { name: NUL }, /^name: /],
      ['PUT', '/me', { name: NUL }, /^name: /],
      ['POST', '/me/apikeys', { name: NUL }, /^name: /],
      ['POST', `/organizations/${o}/scantargets`, { name: 'x', kind: 'AWS', credential: { account: NUL } }, /^credential\.account: /],
      ['PUT', `/organizations/${o}/scantargets/${st}`, { tags: ['ok', NUL] }, /^tags\.1: /],
      ['PUT', `/organizations/${o}/scantargets/${st}/alerts/${al}`, { labels: [NUL] }, /^labels\.0: /],
      ['POST', `/organizations/${o}/alerts/${al}/comments`, { comment: NUL }, /^comment: /],
      ['POST', `/organizations/${o}/alerts?size=10`, { search: NUL }, /^search: /],
      ['POST', `/organizations/${o}/alerts?size=10`, { scanTargetTags: [NUL] }, /^scanTargetTags\.0: /],
      ['POST', '/alerts', { organizationId: o, page: 1, pageSize: 10, rule: NUL }, /^rule: /],
      ['GET', `/organizations/${o}/events?name=bad%00value`, undefined, /^name: /],
      ['GET', `/organizations/${o}/invites/bad%00value@example.com`, undefined, /^email: /],
      ['POST', `/organizations/${o}/scantargets/${st}/findings`, { format: 'vigil', findings: [{ rule: 'r', resource: NUL }] }, /^findings\.0\.resource: /],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await t.rest(method, path, { key: admin.apiKey, body });
      expect({ call: `${method} ${path}`, status: res.status, body: res.body }).toEqual({ call: `${method} ${path}`, status: 400, body: badRequest(field) });
      expect(res.body.message).toMatch(/U\+0000/);
    }
    expect((await t.rest('POST', '/me/apikeys', { key: admin.apiKey, text: NUL })).body).toEqual(badRequest(/^body: .*U\+0000/));
  });

  it('is refused in GraphQL variables (BAD_USER_INPUT, also nested and in keys) and literals (GRAPHQL_VALIDATION_FAILED), with the field; 400 as graphql-response+json', async () => {
    const o = fixture.ids.organizationId;
    const calls: Array<[string, Record<string, unknown>, string, string]> = [
      ['mutation($n: String) { createApiKey(input: { name: $n }) { apiKey { id } } }', { n: NUL }, 'n', 'BAD_USER_INPUT'],
      [
        'query($o: ID!, $f: AlertFilter) { alerts(organizationId: $o, filter: $f) { pageInfo { endCursor } } }',
        { o, f: { rules: ['ok', NUL] } },
        'f.rules.1',
        'BAD_USER_INPUT',
      ],
      [
        'mutation($i: IngestFindingsInput!) { ingestFindings(input: $i) { scan { id } } }',
        { i: { organizationId: o, scanTargetId: o, document: { [NUL]: 1 } } },
        `i.document.${NUL}`,
        'BAD_USER_INPUT',
      ],
      [`query { alerts(organizationId: "${o}", filter: {search: "a\\u0000"}) { pageInfo { endCursor } } }`, {}, 'filter.search', 'GRAPHQL_VALIDATION_FAILED'],
      [`mutation { createOrganization(input: {name: "x\\u0000"}) { organization { id } } }`, {}, 'input.name', 'GRAPHQL_VALIDATION_FAILED'],
    ];
    for (const [query, variables, field, code] of calls) {
      const res = await t.rest('POST', '/graphql', { key: admin.apiKey, body: { query, variables }, headers: { accept: 'application/graphql-response+json' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ message: expect.stringMatching(/U\+0000/), extensions: { code, field } }]);
    }
  });
});

describe('malformed GraphQL requests', () => {
  const post = (body: object) => t.rest('POST', '/graphql', { key: admin.apiKey, body });
  const codesOf = (res: { body: { errors?: Array<{ extensions?: { code?: string } }> } }) => res.body.errors?.map((e) => e.extensions?.code);

  it('answer the standard codes: two unnamed operations, an unknown operationName, several operations without one (200 to application/json), an unknown persisted query (400)', async () => {
    for (const [body, status, code] of [
      [{ query: '{ me { id } } { me { email } }' }, 200, 'GRAPHQL_VALIDATION_FAILED'],
      [{ query: 'query A { me { id } }', operationName: 'B' }, 200, 'OPERATION_RESOLUTION_FAILURE'],
      [{ query: 'query A { me { id } } query B { me { email } }' }, 200, 'OPERATION_RESOLUTION_FAILURE'],
      [{ extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } } }, 400, 'PERSISTED_QUERY_NOT_FOUND'],
    ] as const) {
      const res = await post(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(new Set(codesOf(res))).toEqual(new Set([code]));
    }
    // An APQ client still recognises the miss and sends the query.
    expect((await post({ extensions: { persistedQuery: { version: 1, sha256Hash: 'cd'.repeat(32) } } })).body.errors[0].message).toBe('PersistedQueryNotFound');
  });

  it('refuse a bad DateTime, as a literal inside an input object (GRAPHQL_VALIDATION_FAILED) or as a variable (BAD_USER_INPUT), and years PostgreSQL cannot hold; 400 as graphql-response+json', async () => {
    const o = fixture.ids.organizationId;
    for (const [query, variables, code] of [
      [`{ alerts(organizationId: "${o}", filter: {createdAtStart: "not a date"}) { pageInfo { endCursor } } }`, {}, 'GRAPHQL_VALIDATION_FAILED'],
      [`{ alerts(organizationId: "${o}", filter: {createdAtStart: 20200101}) { pageInfo { endCursor } } }`, {}, 'GRAPHQL_VALIDATION_FAILED'],
      [`query($d: DateTime) { alerts(organizationId: "${o}", filter: {createdAtStart: $d}) { pageInfo { endCursor } } }`, { d: 'nope' }, 'BAD_USER_INPUT'],
      [
        `query($f: AlertFilter) { alerts(organizationId: "${o}", filter: $f) { pageInfo { endCursor } } }`,
        { f: { updatedAtEnd: '-200000-01-01T00:00:00Z' } },
        'BAD_USER_INPUT',
      ],
      [`query($s: DateTime) { events(organizationId: "${o}", start: $s) { nodes { id } } }`, { s: '+275760-09-13T00:00:00Z' }, 'BAD_USER_INPUT'],
    ] as const) {
      const res = await t.rest('POST', '/graphql', { key: admin.apiKey, body: { query, variables }, headers: { accept: 'application/graphql-response+json' } });
      expect({ query, status: res.status, codes: codesOf(res) }).toEqual({ query, status: 400, codes: [code] });
    }
  });
});

describe('out-of-range numbers', () => {
  it('answer 400: sequence numbers past bigint in event and history cursors, page sizes, Int overflow', async () => {
    const o = fixture.ids.organizationId;
    const seqCursor = Buffer.from('9999999999999999999').toString('base64url');
    const historyCursor = Buffer.from(JSON.stringify(['h', '9999999999999999999'])).toString('base64url');
    for (const [method, path, body] of [
      ['GET', `/organizations/${o}/events?cursor=${seqCursor}`, undefined],
      ['POST', '/alerts/history', { organizationId: o, pageSize: 10, cursor: historyCursor }],
      ['GET', `/alerts/${fixture.ids.alertId}/history?cursor=${historyCursor}&size=10`, undefined],
      ['POST', `/organizations/${o}/alerts?size=1001`, {}],
      ['POST', `/organizations/${o}/alerts?size=-1`, {}],
      ['POST', '/alerts', { organizationId: o, page: 1e15, pageSize: 10 }],
      ['POST', '/alerts/summaries/scans', { organizationId: o, daysBefore: 1e12 }],
    ] as const) {
      const res = await t.rest(method, path, { key: admin.apiKey, body });
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 400, error: 'BadRequest' });
    }
    const overflow = await t.graphql(`{ alerts(organizationId: "${o}", first: 2147483648) { pageInfo { endCursor } } }`, {}, admin.apiKey);
    // A validation error: 200 to Accept: application/json (GraphQL-over-HTTP), with no data.
    expect({ status: overflow.status, data: overflow.body.data, code: overflow.body.errors?.[0].extensions?.code }).toEqual({
      status: 200,
      data: undefined,
      code: 'GRAPHQL_VALIDATION_FAILED',
    });
    const events = await t.graphql(
      `query($c: String) { events(organizationId: "${o}", after: $c) { pageInfo { endCursor } } }`,
      { c: seqCursor },
      admin.apiKey,
    );
    expect(events.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_REQUEST', field: 'cursor' } })]);
  });
});

describe('a batch update needs its condition and condition.dryRun', () => {
  it('refuses a missing, null or empty condition, or no dryRun, with 400 naming the field, and changes nothing', async () => {
    const path = `/organizations/${fixture.ids.organizationId}/alerts/status/batch`;
    const states = async () =>
      (await t.vigil.db.pool.query(`SELECT state, version FROM alerts.alerts WHERE "organizationId" = $1 ORDER BY id`, [fixture.ids.organizationId])).rows;
    const before = await states();
    for (const [body, field] of [
      [{ state: 'RISK_ACCEPTED' }, /^condition: /],
      [{ state: 'RISK_ACCEPTED', condition: null }, /^condition: /],
      [{ state: 'RISK_ACCEPTED', condition: {} }, /^condition\.dryRun: /],
      [{ state: 'RISK_ACCEPTED', comment: null, condition: { dryRun: null, scanTargetIds: null } }, /^condition\.dryRun: /],
    ] as const) {
      const res = await t.rest('PUT', path, { key: admin.apiKey, body });
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: badRequest(field) });
    }
    const gql = await t.graphql(
      `mutation($o: ID!) { batchUpdateAlerts(input: {organizationId: $o, state: [RISK_ACCEPTED], condition: {}}) { count } }`,
      { o: fixture.ids.organizationId },
      admin.apiKey,
    );
    expect(gql.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_REQUEST', field: 'condition.dryRun' } })]);
    const missing = await t.graphql(
      `mutation($o: ID!) { batchUpdateAlerts(input: {organizationId: $o, state: [RISK_ACCEPTED]}) { count } }`,
      { o: fixture.ids.organizationId },
      admin.apiKey,
    );
    expect({ status: missing.status, code: missing.body.errors?.[0].extensions?.code }).toEqual({ status: 200, code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(await states()).toEqual(before);
    // With dryRun given, no filter means every alert, as the caller said.
    const dry = await t.rest('PUT', path, { key: admin.apiKey, body: { state: 'RISK_ACCEPTED', condition: { dryRun: true } } });
    expect(dry.body).toEqual({ count: before.length, dryRun: true, remaining: 0 });
  });
});

describe('asking for access to an organization', () => {
  it('answers an unknown organization id as it answers a real one (PENDING), so ids cannot be probed', async () => {
    const requester = await t.bootstrap('hostile-requester@example.com', 'Requester Org');
    const real = await t.rest('POST', '/me/invites/requests', { key: requester.apiKey, body: { organizationId: fixture.ids.organizationId } });
    const unknown = await t.rest('POST', '/me/invites/requests', { key: requester.apiKey, body: { organizationId: randomUUID() } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: real.status, body: real.body });
    expect(real.body).toEqual({ status: 'PENDING' });
    const gql = await t.graphql(`mutation($o: ID!) { requestAccess(input: { organizationId: $o }) { status } }`, { o: randomUUID() }, requester.apiKey);
    expect(gql.body).toEqual({ data: { requestAccess: { status: 'PENDING' } } });
  });
});

describe('asking an organization to follow', () => {
  it('answers an unknown organization id exactly as a real one, without its name', async () => {
    const invited = await t.bootstrap('hostile-invited@example.com', 'Invited Org Name');
    const ask = (token: string) => t.rest('POST', `/organizations/${fixture.ids.organizationId}/followers/requests`, { key: admin.apiKey, body: { token } });
    const shape = (res: { status: number; body: Record<string, unknown> }, token: string) => ({
      status: res.status,
      body: {
        ...res.body,
        token: res.body.token === token,
        id: res.body.id === token,
        followerId: res.body.followerId === token,
        createdAt: typeof res.body.createdAt,
      },
    });
    const unknown = randomUUID();
    const real = await ask(invited.organizationId);
    expect(shape(await ask(unknown), unknown)).toEqual(shape(real, invited.organizationId));
    expect(JSON.stringify(real.body)).not.toContain('Invited Org Name');
  });
});

describe('the property-based hostile-input suite on PostgreSQL', () => {
  it('answers every REST route and GraphQL field, called with random and adversarial values, below 500 in the spec shape, and keeps serving', async () => {
    const introspection = await t.graphql(INTROSPECTION, {}, admin.apiKey);
    expect(introspection.status).toBe(200);
    await assertHostileCallsAnswerInShape(fixture, introspection.body.data.__schema, hostileRunSettings(60));
  }, 120_000);
});
