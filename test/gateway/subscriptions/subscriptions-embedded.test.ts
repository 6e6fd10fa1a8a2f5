import { createClient as createSseClient } from 'graphql-sse';
import { bootstrapCommand, embeddedEnvironment, startServiceProcess } from '../../support/processes';
import { subscribe, wsClient } from '../../support/subscription-clients';
import { answered200 } from '../../support/vigil';

// Live subscriptions on the default installation: `npm start` on embedded PGlite (one connection, no
// LISTEN/NOTIFY across connections) as a real process, a real graphql-ws client. A change made through
// REST reaches the open stream, and a stream resumed with its cursor gets what it missed, in order.
const env = embeddedEnvironment('embedded-subscriptions', { REDIS_URL: '' });
jest.setTimeout(240_000);

const ALERT_CHANGED = `subscription($org: ID!, $after: String) {
  alertChanged(organizationId: $org, after: $after) { cursor event alert(lang: EN_US) { id state resource scanTarget { name } } }
}`;

it('streams alert changes live and resumes after a dropped connection on the embedded database', async () => {
  const service = await startServiceProcess(env);
  try {
    const admin = await bootstrapCommand(env, 'live@embedded.test', 'Live');
    const ok = (method: string, p: string, body?: unknown) => answered200(service.url, admin, method, p, body);
    const org = `/organizations/${admin.organizationId}`;
    const target = await ok('POST', `${org}/scantargets`, { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } });
    await ok('POST', `${org}/scantargets/${target.id}/findings`, {
      format: 'vigil',
      findings: [
        { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::logs' },
        { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::www' },
      ],
    });
    const listed = await ok('POST', `${org}/alerts?size=10`, {});
    const [a, b] = listed.data.map((alert: { id: string }) => alert.id).sort();

    const client = wsClient(service.url, { authorization: `Bearer ${admin.apiKey}` });
    const live = subscribe(client, ALERT_CHANGED, { org: admin.organizationId });
    // The stream is live once a change made now reaches it; earlier ones (the ingestion) are not replayed.
    let first: any;
    for (let i = 0; i < 20 && !first; i++) {
      await ok('PUT', `${org}/scantargets/${target.id}/alerts/${a}`, { state: i % 2 ? 'OPEN' : 'IN_PROGRESS' });
      first = (await live.waitFor(1, 1_000).catch(() => undefined))?.[0];
    }
    expect(first.alertChanged).toMatchObject({
      event: 'ALERT_UPDATED',
      alert: { id: a, resource: expect.stringContaining('arn:aws:s3:::'), scanTarget: { name: 'prod' } },
    });
    const seen = await live.waitFor(live.data.length);
    const cursor = seen[seen.length - 1].alertChanged.cursor;
    await client.dispose();

    // Missed while disconnected, then resumed from the last cursor: both changes, in order, nothing twice.
    await ok('PUT', `${org}/scantargets/${target.id}/alerts/${b}`, { state: 'RISK_ACCEPTED' });
    await ok('PUT', `${org}/scantargets/${target.id}/alerts/${a}`, { state: 'FALSE_POSITIVE' });
    const again = wsClient(service.url, { apiKey: admin.apiKey });
    const resumed = subscribe(again, ALERT_CHANGED, { org: admin.organizationId, after: cursor });
    const missed = await resumed.waitFor(2, 20_000);
    expect(missed.map((m) => [m.alertChanged.alert.id, m.alertChanged.alert.state])).toEqual([
      [b, 'RISK_ACCEPTED'],
      [a, 'FALSE_POSITIVE'],
    ]);
    // …and live again after the catch-up.
    await ok('PUT', `${org}/scantargets/${target.id}/alerts/${b}`, { state: 'OPEN' });
    const after = await resumed.waitFor(3, 20_000);
    expect(after.map((m) => [m.alertChanged.alert.id, m.alertChanged.alert.state])).toEqual([
      [b, 'RISK_ACCEPTED'],
      [a, 'FALSE_POSITIVE'],
      [b, 'OPEN'],
    ]);
    await again.dispose();
  } finally {
    expect(await service.stop()).toBe(0);
  }
});

it('on the embedded database: a malformed subscription is refused and disturbs nobody, and an open stream follows a follow both ways (graphql-ws and single-connection SSE)', async () => {
  const service = await startServiceProcess(env);
  try {
    const acme = await bootstrapCommand(env, 'admin@acme.embedded.test', 'Acme');
    const beta = await bootstrapCommand(env, 'admin@beta.embedded.test', 'Beta');
    const ok = (apiKey: string, method: string, p: string, body?: unknown) => answered200(service.url, { apiKey }, method, p, body);
    const org = `/organizations/${acme.organizationId}`;
    const target = await ok(acme.apiKey, 'POST', `${org}/scantargets`, { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } });
    await ok(acme.apiKey, 'POST', `${org}/scantargets/${target.id}/findings`, {
      format: 'vigil',
      findings: [{ rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::logs' }],
    });
    const [alert] = (await ok(acme.apiKey, 'POST', `${org}/alerts?size=10`, {})).data;
    const change = (state: string) => ok(acme.apiKey, 'PUT', `${org}/scantargets/${target.id}/alerts/${alert.id}`, { state });

    const acmeClient = wsClient(service.url, { apiKey: acme.apiKey });
    const malformed = subscribe(acmeClient, `subscription($org: ID!, $s: [AlertState!]) { alertChanged(organizationId: $org, states: $s) { cursor } }`, {
      org: acme.organizationId,
      s: 5,
    });
    await malformed.waitForEnd();
    expect(malformed.errors.flat()[0]?.extensions?.code).toBeDefined();

    const EVENTS = `subscription($org: ID!, $names: [EventName!]) { eventAppended(organizationId: $org, names: $names) { cursor event { name } } }`;
    const names = ['FOLLOWING_ACCEPTED', 'ALERT_FOLLOWING_UPDATED', 'FOLLOWING_REMOVED'];
    const betaClient = wsClient(service.url, { apiKey: beta.apiKey });
    const overWs = subscribe(betaClient, EVENTS, { org: beta.organizationId, names });
    const sse = createSseClient({
      url: `${service.url}/graphql/stream`,
      headers: { authorization: `Bearer ${beta.apiKey}` },
      singleConnection: true,
      retryAttempts: 0,
    });
    const overSse: string[] = [];
    sse.subscribe(
      { query: EVENTS, variables: { org: beta.organizationId, names } },
      {
        next: (m: any) => overSse.push(m.data?.eventAppended?.event?.name ?? JSON.stringify(m)),
        error: (e) => overSse.push(String(e)),
        complete: () => undefined,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));

    await ok(acme.apiKey, 'POST', `${org}/followers/requests`, { token: beta.organizationId });
    await ok(beta.apiKey, 'POST', `/organizations/${beta.organizationId}/following/requests/${acme.organizationId}/accept`);
    await change('IN_PROGRESS');
    await overWs.waitFor(2, 20_000);
    await ok(beta.apiKey, 'DELETE', `/organizations/${beta.organizationId}/following/${acme.organizationId}`);
    await overWs.waitFor(3, 20_000);
    await change('OPEN');
    // The sentinel: Beta follows Acme again after the change it must not see; both streams deliver in log
    // order, so once FOLLOWING_ACCEPTED has arrived a derived ALERT_FOLLOWING_UPDATED would have too.
    await ok(acme.apiKey, 'POST', `${org}/followers/requests`, { token: beta.organizationId });
    await ok(beta.apiKey, 'POST', `/organizations/${beta.organizationId}/following/requests/${acme.organizationId}/accept`);
    await overWs.waitFor(4, 20_000);
    const sseDeadline = Date.now() + 20_000;
    while (overSse.length < 4 && Date.now() < sseDeadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(overWs.data.map((d) => d.eventAppended.event.name)).toEqual([...names, 'FOLLOWING_ACCEPTED']);
    expect(overSse).toEqual([...names, 'FOLLOWING_ACCEPTED']);
    await acmeClient.dispose();
    await betaClient.dispose();
    sse.dispose();
  } finally {
    expect(await service.stop()).toBe(0);
  }
});
