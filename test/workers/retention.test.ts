import { loadConfig, retentionSettings } from '../../lib/config';
import { streamCodec } from '../../lib/subscriptions/streams';
import { PURGE_BATCH, purgeByRetention } from '../../workers/retention-purge';
import { sseSubscribe, subscribe, wsClient } from '../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Retention (docs/operations.md#retention): the retention.purge job deletes what is older than each
 * log's retention in batches, and a cursor from before what it purged answers CURSOR_EXPIRED on REST
 * (410 CursorExpired), GraphQL and both live transports.
 */
let t: TestVigil;
let acme: Account;
let webhookId: string;
const OLD = PURGE_BATCH * 2 + 500; // more than one batch
const HOUR = 3_600_000;

const runPurge = (settings: Partial<ReturnType<typeof retentionSettings>>) =>
  purgeByRetention(t.vigil.db, { ...retentionSettings(), ...settings })({}, { signal: new AbortController().signal } as never);

const count = async (sql: string, params: unknown[] = []) => (await t.vigil.db.pool.query<{ n: number }>(sql, params)).rows[0].n;

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('admin@acme.retention.test', 'Acme');
  const pool = t.vigil.db.pool;
  // Two hours old: OLD events, alert history entries and delivery attempts; then young ones of each.
  await pool.query(
    `INSERT INTO documents.events (id, "organizationId", name, source, data, "createdAt")
     SELECT gen_random_uuid(), $1, 'OrganizationUpdated', 'test', jsonb_build_object('i', i), now() - interval '2 hours'
       FROM generate_series(1, $2::int) i`,
    [acme.organizationId, OLD],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO documents.webhooks (id, "organizationId", url, secret) VALUES (gen_random_uuid(), $1, 'https://hooks.example/x', 's') RETURNING id`,
    [acme.organizationId],
  );
  webhookId = rows[0].id;
  for (const age of ['2 hours', '0 hours']) {
    await pool.query(
      `INSERT INTO documents.webhook_deliveries ("webhookId", "eventId", "eventSeq", "eventName", attempt, status, "latencyMs", "createdAt")
       SELECT $1, gen_random_uuid(), i, 'OrganizationUpdated', 1, 'DELIVERED', 5, now() - $2::interval FROM generate_series(1, 10) i`,
      [webhookId, age],
    );
    await pool.query(
      `INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, operation, "createdAt")
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'r', 'res', 'HIGH', 'OPEN', 1, 'INSERT', now() - $2::interval FROM generate_series(1, 10) i`,
      [acme.organizationId, age],
    );
  }
  await pool.query(
    `INSERT INTO documents.events (id, "organizationId", name, source, data) SELECT gen_random_uuid(), $1, 'OrganizationUpdated', 'test', '{}' FROM generate_series(1, 5)`,
    [acme.organizationId],
  );
}, 120_000);
afterAll(() => t.close());

describe('retention settings', () => {
  it('default to 90 days of events, 365 of alert history and 30 of webhook deliveries; forever keeps everything; a malformed value is refused', () => {
    expect(retentionSettings()).toEqual({
      eventsMs: 90 * 24 * HOUR,
      alertHistoryMs: 365 * 24 * HOUR,
      webhookDeliveriesMs: 30 * 24 * HOUR,
      intervalMs: 300_000,
    });
    expect(
      retentionSettings({ VIGIL_RETENTION_EVENTS: 'forever', VIGIL_RETENTION_ALERT_HISTORY: '12h', VIGIL_RETENTION_WEBHOOK_DELIVERIES: '30m' }),
    ).toMatchObject({
      eventsMs: null,
      alertHistoryMs: 12 * HOUR,
      webhookDeliveriesMs: 30 * 60_000,
    });
    expect(() => loadConfig({ VIGIL_RETENTION_EVENTS: '90 days' })).toThrow(/VIGIL_RETENTION_EVENTS/);
  });
});

describe('the purge and the cursors it expires', () => {
  let oldCursor: string;
  let youngCursor: string;
  let oldSeq: string;

  it('keeps everything while retention is forever', async () => {
    const first = await t.rest('GET', `/organizations/${acme.organizationId}/events?size=1`, { key: acme.apiKey });
    expect(first.status).toBe(200);
    oldCursor = first.body.cursor;
    oldSeq = (await t.vigil.db.pool.query<{ s: string }>(`SELECT min(seq)::text AS s FROM documents.events WHERE "organizationId" = $1`, [acme.organizationId]))
      .rows[0].s;
    await runPurge({ eventsMs: null, alertHistoryMs: null, webhookDeliveriesMs: null });
    expect(await count(`SELECT count(*)::int AS n FROM documents.events WHERE "organizationId" = $1`, [acme.organizationId])).toBeGreaterThanOrEqual(OLD + 5);
    expect(await count(`SELECT count(*)::int AS n FROM alerts.alert_history`)).toBe(20);
    expect(await count(`SELECT count(*)::int AS n FROM documents.webhook_deliveries`)).toBe(20);
    // Nothing purged: the oldest cursor still reads on.
    expect((await t.rest('GET', `/organizations/${acme.organizationId}/events?size=1&cursor=${oldCursor}`, { key: acme.apiKey })).status).toBe(200);
  });

  it('deletes, in batches, what is older than each retention and keeps the rest', async () => {
    await runPurge({ eventsMs: HOUR, alertHistoryMs: HOUR, webhookDeliveriesMs: HOUR });
    expect(await count(`SELECT count(*)::int AS n FROM documents.events WHERE "createdAt" < now() - interval '1 hour'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM documents.events WHERE "organizationId" = $1`, [acme.organizationId])).toBeGreaterThanOrEqual(5);
    expect(await count(`SELECT count(*)::int AS n FROM alerts.alert_history`)).toBe(10);
    expect(await count(`SELECT count(*)::int AS n FROM documents.webhook_deliveries`)).toBe(10);
    // The cursor of the last entry (above what was purged), and one entry after it.
    const page = await t.graphql(
      `query($org: ID!) { events(organizationId: $org, first: 1000) { pageInfo { endCursor hasNextPage } } }`,
      {
        org: acme.organizationId,
      },
      acme.apiKey,
    );
    expect(page.body.data.events.pageInfo.hasNextPage).toBe(false);
    youngCursor = page.body.data.events.pageInfo.endCursor;
    await t.vigil.db.pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source) VALUES (gen_random_uuid(), $1, 'OrganizationUpdated', 'test')`,
      [acme.organizationId],
    );
    // Run again: nothing more is due, nothing more goes.
    const before = await count(`SELECT count(*)::int AS n FROM documents.events`);
    await runPurge({ eventsMs: HOUR, alertHistoryMs: HOUR, webhookDeliveriesMs: HOUR });
    expect(await count(`SELECT count(*)::int AS n FROM documents.events`)).toBe(before);
  });

  it('answers 410 CursorExpired over REST for a cursor from before the purge, and reads on from one after it', async () => {
    const expired = await t.rest('GET', `/organizations/${acme.organizationId}/events?size=1&cursor=${oldCursor}`, { key: acme.apiKey });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ statusCode: 410, error: 'CursorExpired', message: expect.stringContaining('VIGIL_RETENTION_EVENTS') });
    const fresh = await t.rest('GET', `/organizations/${acme.organizationId}/events?size=1&cursor=${youngCursor}`, { key: acme.apiKey });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toHaveLength(1);
  });

  it('answers extensions.code CURSOR_EXPIRED over GraphQL', async () => {
    const q = `query($org: ID!, $after: String) { events(organizationId: $org, first: 1, after: $after) { nodes { id } } }`;
    const expired = await t.graphql(q, { org: acme.organizationId, after: oldCursor }, acme.apiKey);
    expect(expired.body.errors?.[0].extensions?.code).toBe('CURSOR_EXPIRED');
    const fresh = await t.graphql(q, { org: acme.organizationId, after: youngCursor }, acme.apiKey);
    expect(fresh.body.errors).toBeUndefined();
    expect(fresh.body.data.events.nodes).toHaveLength(1);
  });

  it('refuses a live resume from before the purge with CURSOR_EXPIRED over graphql-ws and SSE, and resumes from after it', async () => {
    const codec = streamCodec(t.secret, 'eventAppended', acme.organizationId);
    const q = `subscription($org: ID!, $after: String) { eventAppended(organizationId: $org, after: $after) { cursor event { name } } }`;
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    try {
      const ws = subscribe(client, q, { org: acme.organizationId, after: codec.seal([oldSeq]) });
      await ws.waitForEnd();
      expect(ws.errors[0]).toMatchObject({ extensions: { code: 'CURSOR_EXPIRED' } });
      const sse = sseSubscribe(t.url, acme.apiKey, q, { org: acme.organizationId, after: codec.seal([oldSeq]) });
      await sse.waitForEnd();
      expect(sse.errors[0]).toMatchObject({ extensions: { code: 'CURSOR_EXPIRED' } });
      sse.client.dispose();
      // From the last purged seq on, nothing is missing: the stream catches up with the young events.
      const through = (await t.vigil.db.pool.query<{ s: string }>(`SELECT "throughSeq"::text AS s FROM documents.purged_logs WHERE log = 'events'`)).rows[0].s;
      const resumed = subscribe(client, q, { org: acme.organizationId, after: codec.seal([through]) });
      const messages = await resumed.waitFor(6);
      expect(messages.every((m) => m.eventAppended.event.name === 'ORGANIZATION_UPDATED')).toBe(true);
      resumed.stop();
    } finally {
      await client.dispose();
    }
  });
});

describe('the background job', () => {
  it('is enqueued by a process running retention.purge and purges on its own', async () => {
    const other = await startTestVigil({ VIGIL_WORKERS: 'retention.purge', VIGIL_RETENTION_EVENTS: '1m', VIGIL_RETENTION_INTERVAL_MS: '200' });
    try {
      const org = await other.bootstrap('admin@bg.retention.test', 'Background');
      await other.vigil.db.pool.query(
        `INSERT INTO documents.events (id, "organizationId", name, source, "createdAt") VALUES (gen_random_uuid(), $1, 'OrganizationUpdated', 'test', now() - interval '5 minutes')`,
        [org.organizationId],
      );
      const old = `SELECT count(*)::int AS n FROM documents.events WHERE "createdAt" < now() - interval '1 minute'`;
      const deadline = Date.now() + 15_000;
      while ((await other.vigil.db.pool.query<{ n: number }>(old)).rows[0].n > 0) {
        if (Date.now() > deadline) throw new Error('the old event was not purged within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { rows } = await other.vigil.db.pool.query(`SELECT state FROM jobs.jobs WHERE kind = 'retention.purge'`);
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
