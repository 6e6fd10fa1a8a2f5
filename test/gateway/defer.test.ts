import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { createScanTarget, FIXTURE_RULES, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * @defer through Vigil's gateway, read by Apollo Client 4 over multipart/mixed (deferSpec=20220824): the
 * first emission has the fields not deferred, the next the deferred ones; the final data equals the same
 * query's without @defer; an error in a deferred fragment stays in its part; the whole query's cost limit
 * applies; what is not deferred (if: false, under a list, no multipart Accept) is answered at once.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;
let viewer: Account;
let alertId: string;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_GRAPHQL_MAX_COST: '3000' });
  acme = await t.bootstrap('admin@acme.test', 'Acme');
  viewer = await t.bootstrap('admin@viewer.test', 'Viewer');
  await insertRules(t.vigil.db);
  const target = await createScanTarget(t.vigil.db, acme.organizationId, { name: 'prod-account', kind: 'AWS' });
  [alertId] = await insertAlerts(t.vigil.db, [
    { organizationId: acme.organizationId, scanTargetId: target, rule: FIXTURE_RULES[0].id, resource: 'bucket-a', severity: 'HIGH' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

const client = (key = acme.apiKey) =>
  new ApolloClient({
    link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${key}` } }),
    cache: new InMemoryCache(),
    incrementalHandler: new Defer20220824Handler(),
  });

/** Every result an Apollo Client query emitted, until it is complete. */
async function emissions(query: string, variables: Record<string, unknown>, errorPolicy: 'none' | 'all' = 'none') {
  const results: any[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = client()
      .watchQuery({ query: gql(query), variables, fetchPolicy: 'no-cache', errorPolicy })
      .subscribe({
        next: (result) => {
          if (result.loading && result.data === undefined) return;
          results.push(result);
          // The last: complete, or (a deferred fragment failed) still 'streaming' but no longer loading.
          if (!result.loading) {
            subscription.unsubscribe();
            resolve();
          }
        },
        error: reject,
      });
  });
  return results;
}

/** The parts of a multipart/mixed answer, parsed. */
async function parts(query: string, variables: Record<string, unknown>, accept = 'multipart/mixed;deferSpec=20220824, application/json') {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${acme.apiKey}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/mixed')) return { type, status: res.status, parts: [JSON.parse(text)], text };
  const split = text.split('\r\n--graphql');
  return {
    type,
    status: res.status,
    text,
    parts: split.slice(1, -1).map((p) => JSON.parse(p.slice(p.indexOf('\r\n\r\n') + 4))),
  };
}

const ALERT = `query Alert($id: ID!) {
  alert(id: $id) {
    id state resource
    ... @defer(label: "context") { organization { name } scanTarget { name kind } ruleTitle }
  }
}`;

describe('Apollo Client 4 reads a deferred query', () => {
  it('in two steps: the fields not deferred first, then the deferred ones; the final data equals the same query without @defer', async () => {
    const results = await emissions(ALERT, { id: alertId });
    expect(results.length).toBeGreaterThanOrEqual(2);
    expect(results[0].dataState).toBe('streaming');
    expect(results[0].data.alert).toMatchObject({ id: alertId, state: 'OPEN', resource: 'bucket-a' });
    expect(results[0].data.alert.organization).toBeUndefined();
    const last = results[results.length - 1];
    expect(last.dataState).toBe('complete');
    expect(last.data.alert).toMatchObject({
      organization: { name: 'Acme' },
      scanTarget: { name: 'prod-account', kind: 'AWS' },
      ruleTitle: FIXTURE_RULES[0].titleEn,
    });
    const plain = await client().query({ query: gql(ALERT.replace(' @defer(label: "context")', '')), variables: { id: alertId }, fetchPolicy: 'no-cache' });
    expect(last.data).toEqual(plain.data);
  });

  it('keeps an error of a deferred fragment in its part: the first part has none', async () => {
    const query = `query($id: ID!) { alert(id: $id) { id } ... @defer { alertHistoryOf(alertId: $id, first: 0) { totalCount } } }`;
    const answer = await parts(query, { id: alertId });
    expect(answer.parts[0]).toEqual({ data: { alert: { id: alertId } }, hasNext: true });
    const [item] = answer.parts[1].incremental;
    expect(item.path).toEqual([]);
    expect(item.errors[0].path).toEqual(['alertHistoryOf']);
    expect(item.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(answer.parts[1].hasNext).toBe(false);
    const results = await emissions(query, { id: alertId }, 'all');
    expect(results[0].error).toBeUndefined();
    const last = results[results.length - 1];
    expect(last.data).toEqual({ alert: { id: alertId, __typename: 'Alert' } });
    expect(last.error.errors[0].path).toEqual(['alertHistoryOf']);
  });
});

describe('the wire format', () => {
  it("sends the first part while a deferred fragment's subgraph call is still blocked (its table locked), the fragment once it is released", async () => {
    const lock = await t.vigil.db.pool.connect();
    let text = '';
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE alerts.alert_history IN ACCESS EXCLUSIVE MODE');
      const res = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'multipart/mixed;deferSpec=20220824', authorization: `Bearer ${acme.apiKey}` },
        body: JSON.stringify({
          query: `query($id: ID!) { me { id } ... @defer { alertHistoryOf(alertId: $id) { totalCount } } }`,
          variables: { id: alertId },
        }),
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
        }
      };
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        readUntil('"hasNext":true}'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no first part while the lock is held: ${text}`)), 5_000))),
      ]).finally(() => clearTimeout(timer));
      expect(text).toContain(`{"data":{"me":{"id":"${acme.userId}"}},"hasNext":true}`);
      // The sentinel: the deferred query cannot have read the locked table yet.
      expect(text).not.toContain('incremental');
      await lock.query('COMMIT');
      await readUntil('--graphql--');
      expect(text).toContain('{"incremental":[{"data":{"alertHistoryOf":{"totalCount":1}},"path":[]}],"hasNext":false}');
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      lock.release();
    }
  });

  it('answers multipart/mixed;boundary="graphql";deferSpec=20220824: {data, hasNext: true}, then {incremental: [{data, path, label}], hasNext: false}, then the close delimiter', async () => {
    const answer = await parts(`query($id: ID!) { me { id } ... @defer(label: "alert") { alert(id: $id) { id } } }`, { id: alertId });
    expect(answer.type).toBe('multipart/mixed;boundary="graphql";deferSpec=20220824');
    expect(answer.parts).toEqual([
      { data: { me: { id: acme.userId } }, hasNext: true },
      { incremental: [{ data: { alert: { id: alertId } }, path: [], label: 'alert' }], hasNext: false },
    ]);
    expect(answer.text.endsWith('\r\n--graphql--\r\n')).toBe(true);
  });

  it('defers a fragment under an object field, re-anchored at its path; a parent that is null gets no part', async () => {
    const query = `query($id: ID!) { alert(id: $id) { id ...Context @defer } }
      fragment Context on Alert { organization { name } }`;
    const answer = await parts(query, { id: alertId });
    expect(answer.parts[1]).toEqual({ incremental: [{ data: { organization: { name: 'Acme' } }, path: ['alert'] }], hasNext: false });
    // Another organization's alert is null for this key: nothing to add the fragment to.
    const foreign = await parts(query, { id: '00000000-0000-4000-8000-000000000000' });
    expect(foreign.parts).toEqual([{ data: { alert: null }, hasNext: true }, { hasNext: false }]);
  });

  it('answers at once, in one JSON body, what it does not defer: if: false, a fragment under a list, a client without the multipart Accept', async () => {
    const notDeferred = await parts(`query($id: ID!) { alert(id: $id) { id ... @defer(if: false) { resource } } }`, { id: alertId });
    expect(notDeferred.type).toContain('application/json');
    expect(notDeferred.parts[0]).toEqual({ data: { alert: { id: alertId, resource: 'bucket-a' } } });
    const underList = await parts(`query($org: ID!) { alerts(organizationId: $org, first: 5) { nodes { id ... @defer { resource } } } }`, {
      org: acme.organizationId,
    });
    expect(underList.type).toContain('application/json');
    expect(underList.parts[0].data.alerts.nodes).toEqual([{ id: alertId, resource: 'bucket-a' }]);
    const plainClient = await parts(ALERT, { id: alertId }, 'application/json');
    expect(plainClient.type).toContain('application/json');
    expect(plainClient.parts[0].data.alert.organization).toEqual({ name: 'Acme' });
  });

  it('answers a query whose part without the fragments fails whole (data null) in one JSON body, as without @defer', async () => {
    const answer = await parts(`query($id: ID!) { alertHistoryOf(alertId: $id, first: 0) { totalCount } ... @defer { me { id } } }`, { id: alertId });
    expect(answer.type).toContain('application/json');
    expect(answer.parts[0].data).toBeNull();
    expect(answer.parts[0].errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('reads `if` from a variable: false answers at once, true defers', async () => {
    const query = `query($id: ID!, $later: Boolean!) { alert(id: $id) { id ... @defer(if: $later) { resource } } }`;
    const now = await parts(query, { id: alertId, later: false });
    expect(now.type).toContain('application/json');
    expect(now.parts[0]).toEqual({ data: { alert: { id: alertId, resource: 'bucket-a' } } });
    const later = await parts(query, { id: alertId, later: true });
    expect(later.parts).toEqual([
      { data: { alert: { id: alertId } }, hasNext: true },
      { incremental: [{ data: { resource: 'bucket-a' }, path: ['alert'] }], hasNext: false },
    ]);
  });

  it('splits a query into at most 10 deferred parts: the fragments past them come in the first part', async () => {
    const fragments = Array.from({ length: 12 }, (_, i) => `... @defer(label: "f${i}") { a${i}: alert(id: $id) { id } }`).join(' ');
    const answer = await parts(`query($id: ID!) { me { id } ${fragments} }`, { id: alertId });
    expect(Object.keys(answer.parts[0].data).sort()).toEqual(['a10', 'a11', 'me']);
    const labels = answer.parts.slice(1).flatMap((p: any) => (p.incremental ?? []).map((i: any) => i.label));
    expect(labels.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `f${i}`).sort());
    expect(answer.parts[answer.parts.length - 1].hasNext).toBe(false);
  });

  it('declares @defer in the served schema (introspection)', async () => {
    const res = await t.graphql(`{ __schema { directives { name locations args { name } } } }`, {}, acme.apiKey);
    expect(res.body.data.__schema.directives).toContainEqual({
      name: 'defer',
      locations: ['FRAGMENT_SPREAD', 'INLINE_FRAGMENT'],
      args: [{ name: 'if' }, { name: 'label' }],
    });
  });

  it("applies the cost limit to the whole query, not to each part; a follower's or stranger's deferred part is what the same query answers them", async () => {
    const fragment = (n: number) => `... @defer { h${n}: alertHistoryOf(alertId: $id, first: 1000) { totalCount } }`;
    const refused = await parts(`query($id: ID!) { me { id } ${fragment(1)} ${fragment(2)} }`, { id: alertId });
    expect(refused.type).toContain('json');
    expect(refused.parts[0].errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(refused.parts[0].errors[0].message).toContain('VIGIL_GRAPHQL_MAX_COST');
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;deferSpec=20220824', authorization: `Bearer ${viewer.apiKey}` },
      body: JSON.stringify({ query: `query($id: ID!) { me { id } ... @defer { alert(id: $id) { id resource } } }`, variables: { id: alertId } }),
    });
    expect(await res.text()).toContain('{"incremental":[{"data":{"alert":null},"path":[]}],"hasNext":false}');
  });
});
