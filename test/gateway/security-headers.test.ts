import { createHash } from 'node:crypto';
import net from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Security headers: every answer says nosniff, refuses framing, sends no referrer and carries a
 * Content-Security-Policy — API answers and /storage downloads one that runs nothing, the three pages
 * (/dashboard, the IDE on /graphql, /docs) one fitted to them that Chromium enforces without a single
 * violation while the page works. Answers carrying a secret are `Cache-Control: no-store`.
 */
jest.setTimeout(180_000);

let t: TestVigil;
let acme: Account;
let browser: Browser;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

const API_POLICY = /^default-src 'none';.*sandbox/;

describe('security headers', () => {
  it('sends nosniff, no framing, no referrer and a CSP that runs nothing on JSON answers, errors and /storage downloads', async () => {
    const answers = [
      await t.rest('GET', '/me', { key: acme.apiKey }),
      await t.rest('GET', '/me'),
      await t.rest('GET', '/no-such-route', { key: acme.apiKey }),
      await t.graphql('{ me { id } }', {}, acme.apiKey),
    ];
    const content = Buffer.from('<script>alert(1)</script>');
    const md5 = createHash('md5').update(content).digest('base64');
    const attachment = await t.rest('POST', `/organizations/${acme.organizationId}/attachments`, {
      key: acme.apiKey,
      body: { fileName: 'x.html', contentLength: content.length, contentType: 'text/html', contentMD5: md5 },
    });
    const upload = await fetch(attachment.body.url, { method: 'PUT', body: content, headers: { 'content-md5': md5, 'content-type': 'text/html' } });
    expect(upload.status).toBe(200);
    expectCommonHeaders(upload.headers);
    const read = await t.rest('GET', `/attachments/${attachment.body.id}`, { key: acme.apiKey });
    answers.push(read);
    const download = await fetch(read.body.url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(content.toString());
    for (const answer of [...answers.map((a) => a.headers), download.headers]) {
      expectCommonHeaders(answer);
      expect(answer.get('content-security-policy')).toMatch(API_POLICY);
    }
  });

  it('sends nosniff on the refusals node:http makes before any route (not HTTP at all)', async () => {
    const url = new URL(t.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket
        .on('data', (chunk) => (text += chunk))
        .once('end', () => resolve(text))
        .once('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  });

  it('answers a new API key and a webhook secret with Cache-Control: no-store, over REST and GraphQL', async () => {
    const rest = await t.rest('POST', '/me/apikeys', { key: acme.apiKey, body: { name: 'ci' } });
    expect(rest.body.key).toMatch(/^vgl_/);
    const graphql = await t.graphql('mutation { createApiKey(input: { name: "ci2" }) { apiKey { key } } }', {}, acme.apiKey);
    expect(graphql.body.data?.createApiKey.apiKey.key).toMatch(/^vgl_/);
    const webhook = await t.rest('POST', `/organizations/${acme.organizationId}/webhooks`, { key: acme.apiKey, body: { url: 'http://127.0.0.1:9/hook' } });
    expect(webhook.body.secret).toMatch(/^whsec_/);
    const rotated = await t.graphql(
      'mutation($input: RotateWebhookSecretInput!) { rotateWebhookSecret(input: $input) { webhook { secret } } }',
      { input: { organizationId: acme.organizationId, id: webhook.body.id } },
      acme.apiKey,
    );
    expect(rotated.body.data?.rotateWebhookSecret.webhook.secret).toMatch(/^whsec_/);
    for (const answer of [rest, graphql, webhook, rotated]) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['/dashboard', '#key'],
    ['/graphql', '.graphiql-container .CodeMirror, .graphiql-container .cm-editor'],
    ['/docs', '.opblock'],
  ])('serves %s with its own strict CSP, which Chromium enforces without a violation while the page works', async (pagePath, selector) => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${t.url}${pagePath}`);
    const headers = new Headers((await response?.allHeaders()) ?? {});
    expectCommonHeaders(headers);
    const policy = headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+')*;/); // no 'unsafe-inline', no 'unsafe-eval'
    expect(policy).toContain("object-src 'none'");
    // Swagger UI took more than 30 s to draw /docs at load 16 with two CPU burners: the pages get a minute each.
    await page.waitForSelector(selector, { timeout: 60_000 });
    if (pagePath === '/dashboard') {
      // The console's key form, then its first view: its queries (and its live subscription) ran under the CSP.
      await page.fill('#key', acme.apiKey);
      await page.click('form.key button[type="submit"]');
      await page.waitForSelector('[data-testid="grade"]', { timeout: 60_000 });
    }
    // No violation while the page worked, proved by a sentinel rather than a pause: an image from another origin,
    // added now, must be refused, and its violation is the only one the page reports (however late the others).
    await page.evaluate(() => {
      const sentinel = document.createElement('img');
      sentinel.src = 'https://csp-sentinel.invalid/pixel.png';
      document.body.appendChild(sentinel);
    });
    for (let waited = 0; !violations.some((v) => v.includes('csp-sentinel.invalid')) && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.filter((v) => !v.includes('csp-sentinel.invalid'))).toEqual([]);
    await page.close();
  });
});
