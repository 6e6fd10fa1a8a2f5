import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * The documents subgraph's connections (issue 23 item 3): an organization's event log, its webhooks,
 * a webhook's delivery log and a user's documents, each paged with `first`/`after` until
 * `hasNextPage` is false, give every entry once, in the order of one big page; each edge's cursor
 * resumes right after its node. Also the typed event name catalog and the mutations' payloads.
 */

let t: TestVigil;
let admin: Account;
const webhookIds: string[] = [];
let deliveryHook = '';

interface Connection {
  edges: Array<{ cursor: string; node: { id: string } }>;
  nodes: Array<{ id: string }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
}

/** `field`'s whole list read in pages of `first` (checked against the same list read as one page): the ids, in order. */
async function pageThrough(field: string, ids: Record<string, string>, first: number) {
  const definitions = Object.keys(ids).map((name) => `, $${name}: ID!`);
  const args = Object.keys(ids).map((name) => `${name}: $${name}, `);
  const query = `query($first: Int, $after: String${definitions.join('')}) {
    ${field}(${args.join('')}first: $first, after: $after) { edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage endCursor } } }`;
  const read = async (size: number, after: string | null): Promise<Connection> => {
    const answer = await t.graphql(query, { ...ids, first: size, after }, admin.apiKey);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data[field];
  };
  const whole = await read(1000, null);
  expect(whole.pageInfo.hasNextPage).toBe(false);
  const seen: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Connection = await read(first, after);
    expect(page.nodes.length).toBeLessThanOrEqual(first);
    expect(page.edges.map((e) => e.node.id)).toEqual(page.nodes.map((n) => n.id));
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    if (page.edges.length) expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1].cursor);
    // An edge's cursor resumes right after its node.
    if (page.edges.length > 1) expect((await read(1, page.edges[0].cursor)).nodes).toEqual([page.nodes[1]]);
    seen.push(...page.nodes.map((n) => n.id));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual(whole.nodes.map((n) => n.id));
  return seen;
}

beforeAll(async () => {
  // Disabled webhooks to a local address: registered, never delivered to.
  t = await startTestVigil({ VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  admin = await t.bootstrap('pages@documents.example', 'Paged Org');
  for (let i = 0; i < 5; i++) {
    const created = await t.graphql(
      `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id secret eventNames enabled } } }`,
      {
        input: { organizationId: admin.organizationId, url: `http://127.0.0.1:9/hook-${i}`, eventNames: ['ALERT_UPDATED', 'WEBHOOK_CREATED'], enabled: false },
      },
      admin.apiKey,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createWebhook.webhook).toMatchObject({ eventNames: ['ALERT_UPDATED', 'WEBHOOK_CREATED'], enabled: false });
    webhookIds.push(created.body.data.createWebhook.webhook.id);
  }
  deliveryHook = webhookIds[0];
  const pool = t.vigil.db.pool;
  const { rows } = await pool.query<{ id: string; seq: string; name: string }>(
    `SELECT id, seq::text AS seq, name FROM documents.events WHERE "organizationId" = $1 ORDER BY seq LIMIT 1`,
    [admin.organizationId],
  );
  for (let attempt = 1; attempt <= 7; attempt++)
    await pool.query(
      `INSERT INTO documents.webhook_deliveries ("webhookId", "eventId", "eventSeq", "eventName", attempt, status, "responseCode", "latencyMs", error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 12, $8)`,
      [
        deliveryHook,
        rows[0].id,
        rows[0].seq,
        rows[0].name,
        attempt,
        attempt === 7 ? 'DELIVERED' : 'FAILED',
        attempt === 7 ? 200 : 500,
        attempt === 7 ? null : 'HTTP 500',
      ],
    );
  // Documents created in the same millisecond: the id breaks the tie.
  await pool.query(
    `INSERT INTO documents.documents (id, "userId", "organizationId", type, params, "expiresAt", "createdAt")
     SELECT gen_random_uuid(), $1, $2, 'EVENT', '{}'::jsonb, now() + interval '1 day', now() - interval '1 hour' FROM generate_series(1, 6)`,
    [admin.userId, admin.organizationId],
  );
}, 120_000);
afterAll(() => t.close());

describe('connections page through every entry once', () => {
  it("pages an organization's event log", async () => {
    const ids = await pageThrough('events', { organizationId: admin.organizationId }, 2);
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  it("pages an organization's webhooks, oldest first", async () => {
    expect(await pageThrough('webhooks', { organizationId: admin.organizationId }, 2)).toEqual(webhookIds);
  });

  it("pages a webhook's delivery log, newest first, with typed names and statuses", async () => {
    const ids = await pageThrough('webhookDeliveries', { organizationId: admin.organizationId, webhookId: deliveryHook }, 3);
    expect(ids).toHaveLength(7);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a));
    const first = await t.graphql(
      `query($o: ID!, $w: ID!) { webhookDeliveries(organizationId: $o, webhookId: $w, first: 1) { nodes { attempt status eventName responseCode } } }`,
      { o: admin.organizationId, w: deliveryHook },
      admin.apiKey,
    );
    expect(first.body.data.webhookDeliveries.nodes).toEqual([{ attempt: 7, status: 'DELIVERED', eventName: 'ORGANIZATION_CREATED', responseCode: 200 }]);
  });

  it("pages the caller's documents, newest first", async () => {
    expect(await pageThrough('documents', {}, 4)).toHaveLength(6);
  });
});

describe('typed event names and mutation payloads', () => {
  it('lists the event name catalog as typed groups, REST keeps its object', async () => {
    const answer = await t.graphql(`{ eventNames { entity names } }`, {}, admin.apiKey);
    expect(answer.body.data.eventNames).toContainEqual({ entity: 'ALERT_COMMENT', names: ['ALERT_COMMENT_CREATED'] });
    const rest = await t.rest('GET', '/events/names', { key: admin.apiKey });
    expect(rest.body.alertComment).toEqual(['AlertCommentCreated']);
  });

  it('filters the log by an EventName', async () => {
    const answer = await t.graphql(
      `query($o: ID!) { events(organizationId: $o, name: WEBHOOK_CREATED, first: 100) { nodes { name } } }`,
      { o: admin.organizationId },
      admin.apiKey,
    );
    expect(answer.body.data.events.nodes).toEqual(webhookIds.map(() => ({ name: 'WEBHOOK_CREATED' })));
  });

  it('answers the changed object, or the deleted id', async () => {
    const id = webhookIds[4];
    const updated = await t.graphql(
      `mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhook { id eventNames secret } } }`,
      { input: { organizationId: admin.organizationId, id, eventNames: null } },
      admin.apiKey,
    );
    expect(updated.body.data.updateWebhook.webhook).toEqual({ id, eventNames: null, secret: null });
    const deleted = await t.graphql(
      `mutation($input: DeleteWebhookInput!) { deleteWebhook(input: $input) { deletedId } }`,
      { input: { organizationId: admin.organizationId, id } },
      admin.apiKey,
    );
    expect(deleted.body.data.deleteWebhook).toEqual({ deletedId: id });
    const malformed = await t.graphql(
      `mutation($input: DeleteWebhookInput!) { deleteWebhook(input: $input) { deletedId } }`,
      { input: { organizationId: admin.organizationId, id: 'not-a-uuid' } },
      admin.apiKey,
    );
    expect(malformed.body.errors?.[0]).toMatchObject({ message: 'id must be a UUID', extensions: { code: 'BAD_REQUEST' } });
  });
});
