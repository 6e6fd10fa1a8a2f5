import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * The console (web/dist) with the deployment set to run only trusted documents (VIGIL_TRUSTED_DOCUMENTS_ONLY=on,
 * no other manifest): its own manifest is trusted, so it signs in and draws every view with no refused request.
 */
jest.setTimeout(300_000);

let t: TestVigil;
let acme: Account;
let browser: Browser;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_TRUSTED_DOCUMENTS_ONLY: 'on' });
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it('the console signs in and draws the overview and every other view with only trusted documents running, no request refused', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const refused: string[] = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('/graphql') && res.status() >= 400) refused.push(`${res.status()} ${res.request().postData()}`);
  });
  await page.goto(`${t.url}/dashboard`);
  await page.fill('#key', acme.apiKey);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="grade"]', { timeout: 30_000 });
  expect(await page.textContent('main')).toContain('Open alerts by severity');
  // Every view's operations are in the manifest: each view draws with nothing refused.
  for (const [view, drawn] of [
    ['alerts', '#filter-compliance option:text-is("LGPD")'],
    ['assessments', '#h-assessments-received + p'],
    ['risks', '#h-risks ~ ul.acceptances'],
    ['scantargets', 'table.freshness'],
    ['following', '#h-following + p'],
  ]) {
    await page.click(`header a[href="#${view}"]`);
    await page.waitForSelector(drawn, { state: 'attached', timeout: 30_000 });
  }
  expect(refused).toEqual([]);
  // A document of its own is refused for the same key: the setting is on.
  const other = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${acme.apiKey}` },
    body: JSON.stringify({ query: '{ me { id } }' }),
  });
  expect(other.status).toBe(400);
  await page.close();
});
