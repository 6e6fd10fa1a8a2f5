import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser';
import { type Account, startTestVigil, type TestVigil } from './support/vigil';

/**
 * The live dashboard in a real browser (Debian's Chromium, driven by playwright-core): a user pastes
 * an API key, sees the organization's counts, newest alerts and followed organizations, and the page
 * follows a change made through the API without reloading — also after its connection dropped.
 * Every request the page makes goes to Vigil. A screenshot is kept in test-artifacts/dashboard.png.
 */
jest.setTimeout(240_000);

const ARTIFACTS = path.join(__dirname, '..', 'test-artifacts');

let t: TestVigil;
let acme: Account;
let target: string;
let browser: Browser;

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  const supplier = await t.bootstrap('sam@supplier.example', 'Supplier Co');
  // Acme follows Supplier Co (request by Supplier, accepted by Acme).
  expect(
    (await t.rest('POST', `/organizations/${supplier.organizationId}/followers/requests`, { key: supplier.apiKey, body: { token: acme.organizationId } }))
      .status,
  ).toBe(200);
  expect(
    (await t.rest('POST', `/organizations/${acme.organizationId}/following/requests/${supplier.organizationId}/accept`, { key: acme.apiKey, body: {} })).status,
  ).toBe(200);
  const created = await t.rest('POST', `/organizations/${acme.organizationId}/scantargets`, {
    key: acme.apiKey,
    body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
  });
  target = created.body.id;
  const findings = ['logs', 'www', 'backup'].map((bucket) => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::${bucket}` }));
  expect(
    (await t.rest('POST', `/organizations/${acme.organizationId}/scantargets/${target}/findings`, { key: acme.apiKey, body: { format: 'vigil', findings } }))
      .body.status,
  ).toBe('DONE');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it('shows counts, newest alerts and followed organizations, and follows API changes live, also after a dropped connection', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin.replace(/^ws/, 'http')));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(`${message.text()} ${message.location().url}`));

  await page.goto(`${t.url}/dashboard`);
  await page.fill('#api-key', acme.apiKey);
  await page.click('#connect');
  await page.waitForSelector('#open-count');
  expect(await page.textContent('#open-count')).toBe('3');
  expect(await page.locator('#newest tr').count()).toBe(3);
  expect(await page.textContent('#followed')).toContain('Supplier Co');
  await page.waitForSelector('#live-status.live');

  // A change made through the API reaches the page without a reload.
  const alerts = (await t.rest('POST', `/organizations/${acme.organizationId}/alerts?size=10`, { key: acme.apiKey, body: {} })).body.data as Array<{
    id: string;
  }>;
  expect(
    (
      await t.rest('PUT', `/organizations/${acme.organizationId}/scantargets/${target}/alerts/${alerts[0].id}`, {
        key: acme.apiKey,
        body: { state: 'RISK_ACCEPTED' },
      })
    ).status,
  ).toBe(200);
  await page.waitForSelector(`#feed li[data-alert="${alerts[0].id}"][data-state="RISK_ACCEPTED"]`);
  await page.waitForFunction(() => document.querySelector('#state-counts [data-state="RISK_ACCEPTED"]')?.textContent === '1');

  // The connection drops; a change made meanwhile arrives once the page has reconnected from its cursor.
  await page.evaluate(() => (window as unknown as { vigilDashboard: { drop(): void } }).vigilDashboard.drop());
  expect(
    (
      await t.rest('PUT', `/organizations/${acme.organizationId}/scantargets/${target}/alerts/${alerts[1].id}`, {
        key: acme.apiKey,
        body: { state: 'FALSE_POSITIVE' },
      })
    ).status,
  ).toBe(200);
  await page.waitForSelector(`#feed li[data-alert="${alerts[1].id}"][data-state="FALSE_POSITIVE"]`, { timeout: 20_000 });
  await page.waitForSelector('#live-status.live');
  // Resumed right after the last event it had: nothing replayed, nothing twice. The sentinel, a later change,
  // arrives after anything replayed would have (the stream delivers in log order).
  expect(
    (
      await t.rest('PUT', `/organizations/${acme.organizationId}/scantargets/${target}/alerts/${alerts[0].id}`, {
        key: acme.apiKey,
        body: { state: 'IN_PROGRESS' },
      })
    ).status,
  ).toBe(200);
  await page.waitForSelector(`#feed li[data-alert="${alerts[0].id}"][data-state="IN_PROGRESS"]`, { timeout: 20_000 });
  expect(await page.locator(`#feed li[data-alert="${alerts[0].id}"][data-state="RISK_ACCEPTED"]`).count()).toBe(1);
  expect(await page.locator(`#feed li[data-alert="${alerts[1].id}"]`).count()).toBe(1);
  expect(await page.locator(`#feed li[data-alert="${alerts[0].id}"]`).count()).toBe(2);
  expect(await page.textContent('body')).not.toContain('Loading');

  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard.png'), fullPage: true });
  expect([...origins]).toEqual([t.url]);
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

it('fits a phone, a laptop and a wide screen: no horizontal overflow of the page or of any card, every column of the newest alerts in view', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${t.url}/dashboard`);
  await page.fill('#api-key', acme.apiKey);
  await page.click('#connect');
  await page.waitForSelector('#newest tr');
  const overflows: Record<number, unknown> = {};
  for (const width of [390, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // charts resize on the next frames
    overflows[width] = await page.evaluate(() => {
      const found: string[] = [];
      const page = document.documentElement;
      if (page.scrollWidth > page.clientWidth) found.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
      for (const card of document.querySelectorAll('section, header')) {
        if (card.scrollWidth > card.clientWidth)
          found.push(`${card.querySelector('h2')?.textContent ?? card.tagName} ${card.scrollWidth} > ${card.clientWidth}`);
      }
      const card = document.querySelector('#newest')!.closest('section')!.getBoundingClientRect();
      for (const cell of document.querySelectorAll('#newest tr:first-child td')) {
        const box = cell.getBoundingClientRect();
        if (box.right > card.right + 0.5 || box.width < 8)
          found.push(`newest column ${cell.textContent} at ${Math.round(box.left)}–${Math.round(box.right)}, card ends at ${Math.round(card.right)}`);
      }
      return found;
    });
    await page.screenshot({ path: path.join(ARTIFACTS, `dashboard-${width}.png`), fullPage: true });
  }
  expect(overflows).toEqual({ 390: [], 1366: [], 1920: [] });
});

it('gives each label one meaning: the headline count of alerts not closed is not called "open" beside the OPEN state', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${t.url}/dashboard`);
  await page.fill('#api-key', acme.apiKey);
  await page.click('#connect');
  await page.waitForSelector('#open-count');
  const headings = await page.locator('section h2').allTextContents();
  expect(headings.filter((h) => /\bopen\b/i.test(h))).toEqual([]);
  expect(await page.textContent('#state-counts')).toContain('OPEN');
});

it('serves a favicon on every page without an API key', async () => {
  const icon = await fetch(`${t.url}/favicon.ico`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/^image\//);
});
