import { createHash } from 'node:crypto';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * A signed /storage URL never outlives its attachment: its expiry is cut to the attachment's
 * `expiresAt` when issued, and GET /storage serves nothing once the attachment has expired — also
 * when `expiresAt` was moved earlier after the URL was issued — without waiting for the cleanup job.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;

beforeAll(async () => {
  // The cleanup job must not be what stops the URL: it runs once in ten minutes here.
  t = await startTestVigil({ VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS: '600000', VIGIL_ATTACHMENT_URL_TTL_SECONDS: '900' });
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  // The first REST request starts the REST graph's gateway (seconds on a loaded machine): not inside the
  // first test's few seconds before its attachment expires (it was refused 400, expiresAt already past).
  expect((await t.rest('GET', '/me', { key: acme.apiKey })).status).toBe(200);
});
afterAll(() => t.close());

const content = Buffer.from('quarterly posture report');
const md5 = createHash('md5').update(content).digest('base64');

async function uploaded(expiresAt: Date): Promise<{ id: string; url: string }> {
  const created = await t.rest('POST', `/organizations/${acme.organizationId}/attachments`, {
    key: acme.apiKey,
    body: { fileName: 'report.txt', contentLength: content.length, contentType: 'text/plain', contentMD5: md5, expiresAt: expiresAt.toISOString() },
  });
  expect(created.status).toBe(200);
  expect((await fetch(created.body.url, { method: 'PUT', body: content, headers: { 'content-md5': md5, 'content-type': 'text/plain' } })).status).toBe(200);
  const read = await t.rest('GET', `/attachments/${created.body.id}`, { key: acme.apiKey });
  expect(read.body.url).toMatch(/\/storage\//);
  return { id: created.body.id, url: read.body.url };
}

/** The expiry (ms) a local storage URL's signed grant carries. */
const grantExpiry = (url: string) =>
  (JSON.parse(Buffer.from(url.slice(url.lastIndexOf('/') + 1).split('.')[0], 'base64url').toString()) as { exp: number }).exp * 1000;

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

describe('signed download URLs and attachment expiry', () => {
  it("issues a URL that ends no later than the attachment's expiresAt, and serves nothing after it", async () => {
    const expiresAt = new Date(Date.now() + 5_000);
    const { id, url } = await uploaded(expiresAt);
    expect(grantExpiry(url)).toBeLessThanOrEqual(expiresAt.getTime());
    const before = await fetch(url);
    expect([before.status, await before.text()]).toEqual([200, content.toString()]);
    await until('the attachment to expire', () => Date.now() > expiresAt.getTime() + 1_000);
    expect((await t.rest('GET', `/attachments/${id}`, { key: acme.apiKey })).status).toBe(404);
    // The URL itself has expired with its attachment (as an expired S3 presigned URL answers 403).
    const after = await fetch(url);
    expect([after.status, await after.json()]).toEqual([403, expect.objectContaining({ statusCode: 403, message: expect.stringContaining('expired') })]);
  });

  it('serves nothing from a URL issued before expiresAt was moved earlier, once the new expiresAt has passed', async () => {
    const { id, url } = await uploaded(new Date(Date.now() + 3_600_000));
    expect(grantExpiry(url)).toBeGreaterThan(Date.now() + 800_000); // issued for the full TTL
    const expiresAt = new Date(Date.now() + 2_000);
    expect((await t.rest('PUT', `/attachments/${id}`, { key: acme.apiKey, body: { expiresAt: expiresAt.toISOString() } })).status).toBe(200);
    const before = await fetch(url);
    expect([before.status, await before.text()]).toEqual([200, content.toString()]);
    await until('the new expiresAt to pass', () => Date.now() > expiresAt.getTime() + 500);
    const after = await fetch(url);
    expect([after.status, await after.json()]).toEqual([404, expect.objectContaining({ statusCode: 404, error: 'NotFound' })]);
  });
});
