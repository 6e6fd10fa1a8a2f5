import { wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * One per-key budget across HTTP, SSE and graphql-ws: operations sent over a WebSocket count like
 * HTTP requests; past the budget an operation gets TOO_MANY_REQUESTS with a retry hint, the socket
 * stays open, and the key's HTTP calls see the same spent budget.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_RATE_LIMIT_PER_KEY: '20', VIGIL_RATE_LIMIT_WINDOW_MS: '60000' });
  acme = await t.bootstrap('admin@acme.test', 'Acme');
});

afterAll(async () => {
  await t?.close();
});

const run = (client: ReturnType<typeof wsClient>, query: string) =>
  new Promise<any>((resolve, reject) => {
    let result: any;
    client.subscribe({ query }, { next: (m) => (result = m), error: reject, complete: () => resolve(result) });
  });

describe('rate limits over graphql-ws', () => {
  it('count each operation in the key budget, refuse past it with TOO_MANY_REQUESTS and a retry hint, and keep the socket open', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await run(client, '{ me { id } }'));
    const answered = results.filter((r) => r.data?.me?.id);
    const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'TOO_MANY_REQUESTS');
    expect(answered.length).toBeLessThanOrEqual(20);
    expect(answered.length).toBeGreaterThan(0);
    expect(refused.length).toBe(25 - answered.length);
    expect(refused[0].errors[0].extensions.retryAfter).toBeGreaterThan(0);
    // The socket serves on (the refusal is per operation) …
    const after = await run(client, '{ me { id } }');
    expect(after.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    // … and HTTP sees the budget the WebSocket spent.
    const http = await t.rest('GET', '/me', { key: acme.apiKey });
    expect(http.status).toBe(429);
    await client.dispose();
  });
});

describe('rate limits over multipart HTTP subscriptions', () => {
  it("count each subscription request in the key's budget and refuse one past it with 429 TOO_MANY_REQUESTS before any stream opens", async () => {
    const bolt = await t.bootstrap('admin@bolt.test', 'Bolt');
    const subscribe = () =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'multipart/mixed;subscriptionSpec=1.0', authorization: `Bearer ${bolt.apiKey}` },
        // Not a member of Acme: each stream is refused at once, after the request was counted.
        body: JSON.stringify({ query: `subscription { eventAppended(organizationId: "${acme.organizationId}") { cursor } }` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await subscribe();
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses.filter((s) => s === 200).length).toBe(20);
    const refused = await subscribe();
    expect(refused.status).toBe(429);
    expect((await refused.json()).errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(t.vigil.subscriptions.sessions.size).toBe(0);
  });
});
