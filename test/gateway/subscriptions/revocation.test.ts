import { createHash } from 'node:crypto';
import { createScanTarget, insertRules } from '../../support/alert-fixtures';
import { joinAsMember } from '../../support/organizations';
import { type Received, sseSubscribe, subscribe, untilLive, wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Access that ends when it is taken away: deleting an API key or removing a membership ends that
 * principal's live streams at once, over graphql-ws, SSE and multipart HTTP alike. The periodic re-check is set to an
 * hour here, so only the wake that follows the deletion can end them within the bound.
 */
jest.setTimeout(90_000);

let t: TestVigil;
let acme: Account;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_SUBSCRIPTION_RECHECK_MS: '3600000' });
  acme = await t.bootstrap('admin@acme-revocation.test', 'Acme');
  await insertRules(t.vigil.db);
  await createScanTarget(t.vigil.db, acme.organizationId);
}, 60_000);
afterAll(() => t?.close());

const ALERT_CHANGED = `subscription($org: ID!) { alertChanged(organizationId: $org) { seq event } }`;
/**
 * A margin that holds on a loaded machine (the wake takes well under a second on an idle one, ~700 ms at load 19; a
 * 3 s bound was a margin load could eat), and a small part of the hour between re-checks: a re-check that happens to
 * fall inside it (20 s of 3,600) is the only way a stream missing the wake could still meet it.
 */
const BOUND_MS = 20_000;

const live = (n: number) => untilLive(t.vigil, n);

/** A multipart HTTP subscription (Apollo's protocol, as Apollo Client's HttpLink opens it): its body's text, and when it ended. */
function multipartSubscribe(key: string, organizationId: string) {
  const stream = { text: '', endedAt: 0, ended: null as Promise<void> | null };
  stream.ended = (async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;subscriptionSpec="1.0", application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: ALERT_CHANGED, variables: { org: organizationId } }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stream.text += decoder.decode(value, { stream: true });
    }
    stream.endedAt = Date.now();
  })();
  return stream;
}

/** A graphql-ws, an SSE and a multipart HTTP stream of `who` on `organizationId`, all live. */
async function streamsOf(who: Account, organizationId: string) {
  const before = t.vigil.subscriptions.liveCount();
  const client = wsClient(t.url, { authorization: `Bearer ${who.apiKey}` });
  const ws = subscribe(client, ALERT_CHANGED, { org: organizationId });
  const sse = sseSubscribe(t.url, who.apiKey, ALERT_CHANGED, { org: organizationId });
  const multipart = multipartSubscribe(who.apiKey, organizationId);
  await live(before + 3);
  return { client, ws, sse, multipart };
}

/** Milliseconds from `started` until the multipart stream's body ended (rejects past the bound). */
async function multipartEndedWithin(stream: ReturnType<typeof multipartSubscribe>, started: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`multipart stream still open after ${BOUND_MS} ms`)), BOUND_MS);
  });
  try {
    await Promise.race([stream.ended, bound]);
  } finally {
    clearTimeout(timer);
  }
  return stream.endedAt - started;
}

/** Milliseconds from now until `r` ended (rejects past the bound). */
async function endedWithin(r: Received, started: number): Promise<number> {
  await r.waitForEnd(BOUND_MS);
  return Date.now() - started;
}

describe('revocation ends live streams through the wake, not the periodic re-check', () => {
  it('deleting an API key ends its graphql-ws connection (4403) and its SSE stream', async () => {
    const user = await t.bootstrap('owner@deleted-key.test', 'Deleted key');
    const { client, ws, sse, multipart } = await streamsOf(user, user.organizationId);
    const keys = await t.rest('GET', '/me/apikeys', { key: user.apiKey });
    expect(keys.body).toHaveLength(1);
    const started = Date.now();
    expect((await t.rest('DELETE', `/me/apikeys/${keys.body[0].id}`, { key: user.apiKey })).status).toBe(200);
    const [wsMs, sseMs, multipartMs] = await Promise.all([endedWithin(ws, started), endedWithin(sse, started), multipartEndedWithin(multipart, started)]);
    expect(await client.closeCode()).toBe(4403);
    expect(sse.errors.length + sse.data.length).toBeGreaterThan(0);
    expect(multipart.text).toContain('UNAUTHENTICATED');
    console.log(`key deletion: graphql-ws ended after ${wsMs} ms, SSE after ${sseMs} ms, multipart HTTP after ${multipartMs} ms`);
    client.dispose();
  });

  it("removing a member ends the member's streams on that organization with FORBIDDEN", async () => {
    const member = await joinAsMember(t, acme, acme.organizationId, 'removed@acme-revocation.test');
    const { client, ws, sse, multipart } = await streamsOf(member, acme.organizationId);
    const started = Date.now();
    expect((await t.rest('DELETE', `/organizations/${acme.organizationId}/members/${member.userId}`, { key: acme.apiKey })).status).toBe(200);
    const [wsMs, sseMs, multipartMs] = await Promise.all([endedWithin(ws, started), endedWithin(sse, started), multipartEndedWithin(multipart, started)]);
    const codes = [...ws.errors, ...sse.errors, ...sse.data].map((e) => JSON.stringify(e));
    expect(codes.join(' ')).toContain('FORBIDDEN');
    expect(multipart.text).toContain('FORBIDDEN');
    console.log(`member removal: graphql-ws ended after ${wsMs} ms, SSE after ${sseMs} ms, multipart HTTP after ${multipartMs} ms`);
    client.dispose();
  });
});

describe('signed download URLs (local storage)', () => {
  it("stop serving a member's URL at the member's removal, not at the URL's expiry; the admin's URL still serves", async () => {
    const member = await joinAsMember(t, acme, acme.organizationId, 'downloader@acme-revocation.test');
    const content = Buffer.from('board minutes');
    const md5 = createHash('md5').update(content).digest('base64');
    const created = await t.rest('POST', `/organizations/${acme.organizationId}/attachments`, {
      key: acme.apiKey,
      body: { fileName: 'minutes.txt', contentLength: content.length, contentType: 'text/plain', contentMD5: md5 },
    });
    expect(created.status).toBe(200);
    expect((await fetch(created.body.url, { method: 'PUT', body: content, headers: { 'content-md5': md5, 'content-type': 'text/plain' } })).status).toBe(200);
    const urlOf = async (who: Account) => (await t.rest('GET', `/attachments/${created.body.id}`, { key: who.apiKey })).body.url as string;
    const [memberUrl, adminUrl] = [await urlOf(member), await urlOf(acme)];
    expect(memberUrl).toMatch(/\/storage\//);
    const before = await fetch(memberUrl);
    expect([before.status, await before.text()]).toEqual([200, 'board minutes']);

    expect((await t.rest('DELETE', `/organizations/${acme.organizationId}/members/${member.userId}`, { key: acme.apiKey })).status).toBe(200);
    const after = await fetch(memberUrl);
    expect([after.status, await after.json()]).toEqual([404, expect.objectContaining({ statusCode: 404 })]);
    const admin = await fetch(adminUrl);
    expect([admin.status, await admin.text()]).toEqual([200, 'board minutes']);
  });
});
