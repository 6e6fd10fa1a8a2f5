import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { addReadOnlyMember, createScanTarget, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Webhooks end to end: registration through REST and GraphQL, deliveries to a real HTTP receiver on
 * 127.0.0.1 (allow-listed), verified with the `standardwebhooks` library exactly as a receiver would.
 */

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
  at: number;
}

/** The receiver: each path answers with the statuses queued for it (then 200), and records every request. */
class Receiver {
  readonly received: Received[] = [];
  private readonly plans = new Map<string, number[]>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const plan = this.plans.get(path) ?? [];
      const answered = plan.length ? plan.shift()! : (this.always.get(path) ?? 200);
      this.received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), answered, at: Date.now() });
      res.statusCode = answered;
      res.end(answered < 300 ? 'ok' : 'no');
    });
  });
  readonly always = new Map<string, number>();
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }
  answer(path: string, statuses: number[]): void {
    this.plans.set(path, [...statuses]);
  }
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestVigil;
const receiver = new Receiver();

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function register(account: Account, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const created = await t.rest('POST', `/organizations/${account.organizationId}/webhooks`, { key: account.apiKey, body });
  expect(created.status).toBe(200);
  return created.body;
}

async function rename(account: Account, name: string): Promise<void> {
  const renamed = await t.rest('PUT', `/organizations/${account.organizationId}`, { key: account.apiKey, body: { name } });
  expect(renamed.status).toBe(200);
}

/** What a receiver does: verify the signature with the library, then read the event. */
function verified(secret: string, request: Received): Record<string, any> {
  return new Webhook(secret).verify(request.body, request.headers) as Record<string, any>;
}

async function deliveries(account: Account, webhookId: string, query = 'size=1000'): Promise<any> {
  const log = await t.rest('GET', `/organizations/${account.organizationId}/webhooks/${webhookId}/deliveries?${query}`, { key: account.apiKey });
  expect(log.status).toBe(200);
  return log.body;
}

beforeAll(async () => {
  await receiver.start();
  t = await startTestVigil({
    VIGIL_WORKERS: 'all',
    VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    VIGIL_WEBHOOK_POLL_MS: '50',
    VIGIL_WEBHOOK_BACKOFF_MS: '400',
    VIGIL_WEBHOOK_BACKOFF_MAX_MS: '1000',
    VIGIL_WEBHOOK_DISABLE_AFTER_FAILURES: '4',
    VIGIL_WEBHOOK_TIMEOUT_MS: '2000',
    VIGIL_RATE_LIMIT_PER_KEY: '0',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver.close();
});

describe('registration', () => {
  it('answers the secret once, at creation and rotation, and lists webhooks without it', async () => {
    const admin = await t.bootstrap('ada@hooks.example', 'Hooks Org');
    const created = await register(admin, { url: receiver.url('/registration'), eventNames: ['OrganizationUpdated'] });
    expect(created).toMatchObject({
      url: receiver.url('/registration'),
      eventNames: ['OrganizationUpdated'],
      enabled: true,
      organizationId: admin.organizationId,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // Stored sealed: the database holds no copy of it.
    const { rows: stored } = await t.vigil.db.pool.query(`SELECT * FROM documents.webhooks WHERE id = $1`, [created.id]);
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice('whsec_'.length));

    const listed = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks`, { key: admin.apiKey });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].secret).toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    const one = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${created.id}`, { key: admin.apiKey });
    expect(one.body.secret).toBeNull();

    const rotated = await t.rest('POST', `/organizations/${admin.organizationId}/webhooks/${created.id}/secret`, { key: admin.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);

    const updated = await t.rest('PUT', `/organizations/${admin.organizationId}/webhooks/${created.id}`, {
      key: admin.apiKey,
      body: { eventNames: null, enabled: false },
    });
    expect(updated.body).toMatchObject({ eventNames: null, enabled: false, secret: null });
    const deleted = await t.rest('DELETE', `/organizations/${admin.organizationId}/webhooks/${created.id}`, { key: admin.apiKey });
    expect(deleted.status).toBe(200);
    expect((await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${created.id}`, { key: admin.apiKey })).status).toBe(404);

    const events = await t.rest('GET', `/organizations/${admin.organizationId}/events?size=100`, { key: admin.apiKey });
    const webhookEvents = events.body.data.filter((e: any) => e.name.startsWith('Webhook'));
    expect(webhookEvents.map((e: any) => e.name)).toEqual(['WebhookCreated', 'WebhookUpdated', 'WebhookUpdated', 'WebhookDeleted']);
    expect(webhookEvents[1].data.changes).toEqual(['secret']);
    expect(JSON.stringify(events.body)).not.toContain(created.secret);
    expect(JSON.stringify(events.body)).not.toContain(rotated.body.secret);
  });

  it('works through GraphQL too', async () => {
    const admin = await t.bootstrap('gil@hooks.example', 'GraphQL Hooks Org');
    const created = await t.graphql(
      `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id secret eventNames enabled } } }`,
      { input: { organizationId: admin.organizationId, url: receiver.url('/graphql-hook') } },
      admin.apiKey,
    );
    expect(created.body.errors).toBeUndefined();
    const webhook = created.body.data.createWebhook.webhook;
    expect(webhook).toMatchObject({ eventNames: null, enabled: true });
    expect(webhook.secret).toMatch(/^whsec_/);
    const listed = await t.graphql(`query($o: ID!) { webhooks(organizationId: $o) { nodes { id secret } } }`, { o: admin.organizationId }, admin.apiKey);
    expect(listed.body.data.webhooks.nodes).toEqual([{ id: webhook.id, secret: null }]);
  });

  it('refuses a bad URL or an unknown event name with a 400 naming the field', async () => {
    const admin = await t.bootstrap('val@hooks.example', 'Validation Org');
    for (const url of ['not a url', 'ftp://example.com/hook', '/relative/hook', 'http://user:pw@127.0.0.1/hook']) {
      const refused = await t.rest('POST', `/organizations/${admin.organizationId}/webhooks`, { key: admin.apiKey, body: { url } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('url');
    }
    const unknown = await t.rest('POST', `/organizations/${admin.organizationId}/webhooks`, {
      key: admin.apiKey,
      body: { url: receiver.url('/x'), eventNames: ['NoSuchEvent'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('eventNames');
  });

  it('is for ADMINs only: a read-only member gets 403, another organization 404', async () => {
    const admin = await t.bootstrap('own@hooks.example', 'Permission Org');
    const reader = await addReadOnlyMember(t, 'reader@hooks.example', admin.organizationId);
    const stranger = await t.bootstrap('str@hooks.example', 'Stranger Org');
    const hook = await register(admin, { url: receiver.url('/perm') });
    const base = `/organizations/${admin.organizationId}/webhooks`;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', base],
      ['POST', base, { url: receiver.url('/perm2') }],
      ['GET', `${base}/${hook.id}`],
      ['PUT', `${base}/${hook.id}`, { enabled: false }],
      ['POST', `${base}/${hook.id}/secret`],
      ['GET', `${base}/${hook.id}/deliveries`],
      ['DELETE', `${base}/${hook.id}`],
    ];
    for (const [method, path, body] of attempts) {
      expect([method, path, (await t.rest(method, path, { key: reader.apiKey, body })).status]).toEqual([method, path, 403]);
      expect([method, path, (await t.rest(method, path, { key: stranger.apiKey, body })).status]).toEqual([method, path, 404]);
    }
    const still = await t.rest('GET', `${base}/${hook.id}`, { key: admin.apiKey });
    expect(still.body.enabled).toBe(true);
  });
});

describe('SSRF', () => {
  it('refuses at registration a URL that reaches an internal address unless the host is allow-listed', async () => {
    const admin = await t.bootstrap('ssrf@hooks.example', 'SSRF Org');
    const internal = [
      'http://localhost:8080/hook', // resolves to loopback; only 127.0.0.1 is allow-listed
      'http://127.0.0.2/hook',
      'http://10.1.2.3/hook',
      'http://172.20.0.1/hook',
      'http://192.168.1.1/hook',
      'http://100.64.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/hook',
      'http://[::1]/hook',
      'http://[fd00:ec2::254]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://2130706434/hook', // 127.0.0.2 spelled as a number
    ];
    for (const url of internal) {
      const refused = await t.rest('POST', `/organizations/${admin.organizationId}/webhooks`, { key: admin.apiKey, body: { url } });
      expect([url, refused.status]).toEqual([url, 400]);
      expect(refused.body.message).toMatch(/^url: /);
    }
    const allowed = await t.rest('POST', `/organizations/${admin.organizationId}/webhooks`, {
      key: admin.apiKey,
      body: { url: receiver.url('/ssrf-allowed') },
    });
    expect(allowed.status).toBe(200);
    const moved = await t.rest('PUT', `/organizations/${admin.organizationId}/webhooks/${allowed.body.id}`, {
      key: admin.apiKey,
      body: { url: 'http://10.0.0.8/hook' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/^url: /);
  });

  it('checks the address again at delivery: a host that now resolves to loopback gets nothing', async () => {
    const admin = await t.bootstrap('dns@hooks.example', 'DNS Change Org');
    const hook = await register(admin, { url: receiver.url('/rebound'), eventNames: ['OrganizationUpdated'] });
    // As if its DNS changed after registration: the same receiver, by a name that resolves to 127.0.0.1 and is not allow-listed.
    await t.vigil.db.pool.query(`UPDATE documents.webhooks SET url = $2 WHERE id = $1`, [hook.id, receiver.url('/rebound', 'localhost')]);
    await rename(admin, 'DNS Change Org 2');
    const log = await until('a failed delivery', async () => {
      const body = await deliveries(admin, hook.id);
      return body.data.length > 0 && body;
    });
    expect(log.data[0]).toMatchObject({ eventName: 'OrganizationUpdated', status: 'FAILED', responseCode: null, attempt: 1 });
    expect(log.data[0].error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is loopback/);
    expect(receiver.at('/rebound')).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('POSTs the event record signed per Standard Webhooks, verified with the standardwebhooks library', async () => {
    const admin = await t.bootstrap('sig@hooks.example', 'Signature Org');
    const hook = await register(admin, { url: receiver.url('/signed'), eventNames: ['OrganizationUpdated'] });
    await rename(admin, 'Signature Org renamed');
    const [request] = await until('a delivery', () => receiver.at('/signed').length > 0 && receiver.at('/signed'));
    const payload = verified(hook.secret, request);
    const events = await t.rest('GET', `/organizations/${admin.organizationId}/events?name=OrganizationUpdated`, { key: admin.apiKey });
    expect(payload).toEqual(events.body.data[0]);
    expect(request.headers['webhook-id']).toBe(payload.id);
    expect(request.headers['content-type']).toBe('application/json');
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 bytes!').toString('base64')}`).verify(request.body, request.headers)).toThrow();
    expect(() => new Webhook(hook.secret).verify(request.body.replace('renamed', 'forged!'), request.headers)).toThrow();

    // After rotation the new secret signs, the old one no longer verifies.
    const rotated = await t.rest('POST', `/organizations/${admin.organizationId}/webhooks/${hook.id}/secret`, { key: admin.apiKey });
    await rename(admin, 'Signature Org again');
    const second = await until('a second delivery', () => receiver.at('/signed').length > 1 && receiver.at('/signed')[1]);
    expect(verified(rotated.body.secret, second).data.name).toBe('Signature Org again');
    expect(() => verified(hook.secret, second)).toThrow();
  });

  it('ends quietly when its webhook is deleted while a delivery is in flight', async () => {
    // A receiver that holds its answer until told: the webhook is deleted between the POST and its answer.
    let answer: (() => void) | undefined;
    const held = http.createServer((req, res) => {
      req.resume();
      answer = () => res.end('ok');
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    try {
      const admin = await t.bootstrap('gone@hooks.example', 'Deleted Hook Org');
      const url = `http://127.0.0.1:${(held.address() as AddressInfo).port}/held`;
      const hook = await register(admin, { url, eventNames: ['OrganizationUpdated'] });
      await rename(admin, 'Deleted Hook Org renamed');
      await until('the POST held', () => answer !== undefined);
      const deleted = await t.rest('DELETE', `/organizations/${admin.organizationId}/webhooks/${hook.id}`, { key: admin.apiKey });
      expect(deleted.status).toBe(200);
      answer!();
      const job = await until('the delivery job ended', async () => {
        const { rows } = await t.vigil.db.pool.query(`SELECT state, "lastError" FROM jobs.jobs WHERE kind = 'webhook.deliver' AND "singletonKey" = $1`, [
          hook.id,
        ]);
        return rows.length > 0 && rows.every((r) => r.state !== 'RUNNING') && rows;
      });
      // Before: the job failed on the deliveries' foreign key ("violates foreign key constraint") and was retried.
      expect(job.map((r: { state: string; lastError: string | null }) => [r.state, r.lastError])).toEqual([['DONE', null]]);
    } finally {
      held.closeAllConnections();
      await new Promise((resolve) => held.close(resolve));
    }
  });

  it('retries a failing receiver with backoff and delivers every event once, in order', async () => {
    const admin = await t.bootstrap('retry@hooks.example', 'Retry Org');
    receiver.answer('/flaky', [500, 500]);
    const hook = await register(admin, { url: receiver.url('/flaky'), eventNames: ['OrganizationUpdated'] });
    for (const name of ['Retry 1', 'Retry 2', 'Retry 3']) await rename(admin, name);
    const requests = await until(
      'three accepted deliveries',
      () => receiver.at('/flaky').filter((r) => r.answered === 200).length >= 3 && receiver.at('/flaky'),
    );
    expect(requests.map((r) => r.answered)).toEqual([500, 500, 200, 200, 200]);
    const names = requests.map((r) => verified(hook.secret, r).data.name);
    expect(names).toEqual(['Retry 1', 'Retry 1', 'Retry 1', 'Retry 2', 'Retry 3']);
    // The same message id on every attempt at one event, so a receiver can deduplicate.
    expect(new Set(requests.slice(0, 3).map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Backoff 400 ms × 2^(n-1) with ±50 % jitter: at least 200 ms, then 400 ms (a poll is 50 ms).
    expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(195);
    expect(requests[2].at - requests[1].at).toBeGreaterThanOrEqual(395);

    const log = await until('the log of five attempts', async () => {
      const body = await deliveries(admin, hook.id);
      return body.data.length >= 5 && body;
    });
    expect(log.data.map((d: any) => [d.eventName, d.attempt, d.status, d.responseCode]).reverse()).toEqual([
      ['OrganizationUpdated', 1, 'FAILED', 500],
      ['OrganizationUpdated', 2, 'FAILED', 500],
      ['OrganizationUpdated', 3, 'DELIVERED', 200],
      ['OrganizationUpdated', 1, 'DELIVERED', 200],
      ['OrganizationUpdated', 1, 'DELIVERED', 200],
    ]);
    expect(log.data[4].error).toContain('500');
    for (const d of log.data) expect(d.latencyMs).toBeGreaterThanOrEqual(0);
    const state = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${hook.id}`, { key: admin.apiKey });
    expect(state.body).toMatchObject({ enabled: true, consecutiveFailures: 0, failingSince: null });
  });

  it('keeps the order of many events written by concurrent transactions, none lost', async () => {
    const admin = await t.bootstrap('order@hooks.example', 'Order Org');
    const hook = await register(admin, { url: receiver.url('/ordered'), eventNames: ['ScanTargetUpdated'] });
    const total = 300;
    // Ten writers at once, each committing its events one transaction at a time.
    await Promise.all(
      Array.from({ length: 10 }, (_, writer) =>
        (async () => {
          for (let i = 0; i < total / 10; i++) {
            await t.vigil.db.pool.query(
              `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'ScanTargetUpdated', 'service.scanTarget', $2)`,
              [admin.organizationId, JSON.stringify({ writer, i })],
            );
          }
        })(),
      ),
    );
    const received = await until('every event', () => receiver.at('/ordered').length >= total && receiver.at('/ordered'), 60_000);
    const ids = received.map((r) => verified(hook.secret, r).id);
    const { rows } = await t.vigil.db.pool.query<{ id: string }>(
      `SELECT id FROM documents.events WHERE "organizationId" = $1 AND name = 'ScanTargetUpdated' ORDER BY seq`,
      [admin.organizationId],
    );
    expect(ids).toEqual(rows.map((r) => r.id));
    expect(rows).toHaveLength(total);
  }, 90_000);

  it('does not pass an event whose transaction commits after a later one', async () => {
    const admin = await t.bootstrap('late@hooks.example', 'Late Commit Org');
    const hook = await register(admin, { url: receiver.url('/late'), eventNames: ['ScanTargetUpdated'] });
    const insert = `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'ScanTargetUpdated', 'service.scanTarget', $2) RETURNING id, seq`;
    const slow = await t.vigil.db.pool.connect();
    try {
      await slow.query('BEGIN');
      const early = await slow.query(insert, [admin.organizationId, JSON.stringify({ which: 'early seq, late commit' })]);
      const later = await t.vigil.db.pool.query(insert, [admin.organizationId, JSON.stringify({ which: 'later seq, committed first' })]);
      expect(BigInt(later.rows[0].seq)).toBeGreaterThan(BigInt(early.rows[0].seq));
      // Several polls go by while the early event is still uncommitted: nothing may be delivered past it.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(receiver.at('/late')).toHaveLength(0);
      await slow.query('COMMIT');
      const received = await until('both events', () => receiver.at('/late').length >= 2 && receiver.at('/late'));
      expect(received.map((r) => verified(hook.secret, r).id)).toEqual([early.rows[0].id, later.rows[0].id]);
    } finally {
      slow.release();
    }
  });

  it('pages the delivery log with sealed cursors', async () => {
    const admin = await t.bootstrap('page@hooks.example', 'Paging Org');
    const hook = await register(admin, { url: receiver.url('/paged'), eventNames: ['OrganizationUpdated'] });
    for (let i = 1; i <= 5; i++) await rename(admin, `Paging ${i}`);
    await until('five deliveries', async () => (await deliveries(admin, hook.id)).data.length >= 5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await deliveries(admin, hook.id, `size=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((d: any) => d.eventId));
      cursor = page.cursor;
    } while (cursor);
    const events = await t.rest('GET', `/organizations/${admin.organizationId}/events?name=OrganizationUpdated`, { key: admin.apiKey });
    expect(seen).toEqual(events.body.data.map((e: any) => e.id).reverse());
    const forged = await deliveries(admin, hook.id, 'size=2').then((p: any) => p.cursor);
    const other = await register(admin, { url: receiver.url('/paged-2') });
    const replayed = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${other.id}/deliveries?cursor=${forged}`, { key: admin.apiKey });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toContain('cursor');
  });

  it('disables a webhook that keeps failing, with a WebhookDisabled event', async () => {
    const admin = await t.bootstrap('down@hooks.example', 'Down Org');
    receiver.always.set('/down', 503);
    const hook = await register(admin, { url: receiver.url('/down'), eventNames: ['OrganizationUpdated'] });
    await rename(admin, 'Down Org 2');
    const disabled = await until('the webhook disabled', async () => {
      const state = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${hook.id}`, { key: admin.apiKey });
      return state.body.enabled === false && state.body;
    });
    expect(disabled.consecutiveFailures).toBe(4);
    expect(disabled.disabledReason).toContain('4 consecutive failed deliveries');
    expect(receiver.at('/down')).toHaveLength(4);
    const events = await t.rest('GET', `/organizations/${admin.organizationId}/events?name=WebhookDisabled`, { key: admin.apiKey });
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].data).toMatchObject({ id: hook.id, enabled: false });
    expect(JSON.stringify(events.body.data[0])).not.toContain(hook.secret);

    // Enabled again, it resumes with the event it stopped at.
    receiver.always.set('/down', 200);
    await t.rest('PUT', `/organizations/${admin.organizationId}/webhooks/${hook.id}`, { key: admin.apiKey, body: { enabled: true } });
    const delivered = await until('the pending event', () => receiver.at('/down').find((r) => r.answered === 200));
    expect(verified(hook.secret, delivered).data.name).toBe('Down Org 2');
  });

  it("delivers a follower's derived alert events censored", async () => {
    const owner = await t.bootstrap('olga@hooks.example', 'Followed Org');
    const follower = await t.bootstrap('fay@hooks.example', 'Follower Org');
    await follow(t.vigil.db, follower.organizationId, owner.organizationId);
    await insertRules(t.vigil.db);
    const scanTargetId = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'prod' });
    const [alertId] = await insertAlerts(t.vigil.db, [
      {
        organizationId: owner.organizationId,
        scanTargetId,
        rule: 'fx-root-mfa',
        resource: 'db-7.secret.internal',
        severity: 'CRITICAL',
        metadata: { account: 'acct-998877' },
      },
    ]);
    const hook = await register(follower, { url: receiver.url('/following') });
    const ownerHook = await register(owner, { url: receiver.url('/followed'), eventNames: ['AlertUpdated'] });
    const updated = await t.rest('PUT', `/organizations/${owner.organizationId}/scantargets/${scanTargetId}/alerts/${alertId}`, {
      key: owner.apiKey,
      body: { state: 'RISK_ACCEPTED' },
    });
    expect(updated.status).toBe(200);
    const [request] = await until('the derived event', () => receiver.at('/following').length > 0 && receiver.at('/following'));
    const event = verified(hook.secret, request);
    expect(event.name).toBe('AlertFollowingUpdated');
    expect(event.data.id).toBe(alertId);
    expect(request.body).not.toContain('db-7.secret.internal');
    expect(request.body).not.toContain('acct-998877');
    expect(event.metadata.userId).toBeUndefined();
    const followerLog = await t.rest('GET', `/organizations/${follower.organizationId}/events?name=AlertFollowingUpdated`, { key: follower.apiKey });
    expect(event).toEqual(followerLog.body.data[0]);
    // The owner's own webhook gets the whole alert.
    const [own] = await until('the owner delivery', () => receiver.at('/followed').length > 0 && receiver.at('/followed'));
    expect(verified(ownerHook.secret, own).data.resource).toBe('db-7.secret.internal');
  });
});
