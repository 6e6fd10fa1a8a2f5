import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/** CORS: off by default; with VIGIL_CORS_ORIGINS, the listed origins only (preflights included). */
let open: TestVigil;
let closed: TestVigil;
let alice: Account;
beforeAll(async () => {
  closed = await startTestVigil();
  open = await startTestVigil({ VIGIL_CORS_ORIGINS: 'https://app.example.com,http://localhost:3000' });
  alice = await open.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
});

const preflight = (base: string, origin: string) =>
  fetch(`${base}/graphql`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

it('sends no CORS header by default', async () => {
  const answer = await fetch(`${closed.url}/healthz`, { headers: { origin: 'https://app.example.com' } });
  expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  expect((await preflight(closed.url, 'https://app.example.com')).headers.get('access-control-allow-origin')).toBeNull();
});

it('allows a listed origin, preflight and call, and no other', async () => {
  const ok = await preflight(open.url, 'https://app.example.com');
  expect(ok.status).toBe(204);
  expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  const call = await fetch(`${open.url}/me`, { headers: { origin: 'http://localhost:3000', authorization: `Bearer ${alice.apiKey}` } });
  expect(call.status).toBe(200);
  expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  const other = await fetch(`${open.url}/me`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${alice.apiKey}` } });
  expect(other.headers.get('access-control-allow-origin')).toBeNull();
  expect((await preflight(open.url, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
});
