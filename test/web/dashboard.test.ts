import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { checkEveryWidth, clean, SHOTS, signIn as signInAt, tabTo } from '../support/console';
import { follow, joinAsMember } from '../support/organizations';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * The live posture console (web/, built into web/dist) in Debian's Chromium driven by playwright-core: a user pastes
 * an API key, reads each view, opens an alert from the list, and sees a change made through the API arrive without
 * a reload. Every view at 390/1366/1920 px: axe-core WCAG 2.1 A/AA 0 violations, no horizontal overflow, no text cut;
 * a screenshot per view and width in docs/images/ (docs/dashboard.md shows them).
 */
jest.setTimeout(300_000);

const ROOT = path.join(__dirname, '..', '..');
const VIEWS = ['overview', 'alerts', 'alert', 'scantargets', 'following', 'followed'] as const;

let t: TestVigil;
let acme: Account;
let globex: Account; // followed by Acme
let initech: Account; // followed by Acme, nothing open
let target: string;
let browser: Browser;

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('ann@acme.example', 'Acme');
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
  // Two organizations Acme follows: Globex with two open alerts, Initech with none (the followed-organizations view).
  globex = await t.bootstrap('gil@globex.example', 'Globex');
  initech = await t.bootstrap('ian@initech.example', 'Initech');
  const globexTarget = (
    await t.rest('POST', `/organizations/${globex.organizationId}/scantargets`, {
      key: globex.apiKey,
      body: { name: 'globex-prod', kind: 'AWS', credential: { account: '111122223333' } },
    })
  ).body.id;
  const globexFindings = ['secret-a', 'secret-b'].map((bucket) => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::${bucket}` }));
  expect(
    (
      await t.rest('POST', `/organizations/${globex.organizationId}/scantargets/${globexTarget}/findings`, {
        key: globex.apiKey,
        body: { format: 'vigil', findings: globexFindings },
      })
    ).body.status,
  ).toBe('DONE');
  await follow(t, globex, acme);
  await follow(t, initech, acme);
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const signIn = (page: Page, key = acme.apiKey) => signInAt(page, t.url, key);

it('ships at most 250 KB of JavaScript gzip', () => {
  const dir = path.join(ROOT, 'web', 'dist', 'assets');
  const total = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
  console.log(`console JavaScript: ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

// The console's time budgets (first view interactive ≤ 1.5 s, a view change from the cache ≤ 200 ms) are measured by
// `npm run bench:console`, not here: a loaded 2-core machine missed them with nothing wrong (issue 40). The tests below
// keep what the page shows: the overview marks itself interactive once drawn with its data, views change with no request.
it('opens from the key form to the overview, drawn with its data and marked interactive, and follows an API change live on the alert list', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  // A returning user (key in this tab's session): from navigation start to the overview drawn with its data.
  await page.reload();
  await page.waitForSelector('[data-testid="grade"]');
  // The mark bench:console times: set once, when the overview is drawn with its data.
  expect(await page.evaluate(() => performance.getEntriesByName('vigil:interactive').length)).toBe(1);
  expect(await page.textContent('main')).toContain('Open alerts by severity');

  await page.click('a[href="#alerts"]');
  await page.waitForSelector('table.alerts tbody tr');
  expect(await page.locator('table.alerts tbody tr').count()).toBe(3);
  expect(await page.textContent('table.alerts')).toContain('Open');

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
  await page.waitForFunction(() => document.querySelector('table.alerts')?.textContent?.includes('Risk accepted'), undefined, { timeout: 15_000 });

  await page.click(`a[href="#alert/${alerts[0].id}"]`);
  await page.waitForSelector('#h-alert');
  expect(await page.textContent('dl')).toContain('Risk accepted');
  expect(errors).toEqual([]);
});

it('filters the alert list by state, severity, text and scan target through the API filter, and empties it when nothing matches', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page);
  await page.goto(`${t.url}/dashboard#alerts`);
  await page.waitForSelector('table.alerts tbody tr');
  const rows = () => page.locator('table.alerts tbody tr').count();
  await page.fill('#filter-search', 'backup');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 1);
  expect(await page.textContent('table.alerts tbody')).toContain('arn:aws:s3:::backup');
  await page.fill('#filter-search', '');
  await page.selectOption('#filter-state', 'CLOSED');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 0);
  await page.selectOption('#filter-state', '');
  await page.selectOption('#filter-severity', 'INFO');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 0);
  await page.selectOption('#filter-severity', '');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 3);
  expect(await rows()).toBe(3);

  // A second scan target without findings: choosing it by its name empties the list, choosing prod brings back all three.
  await t.rest('POST', `/organizations/${acme.organizationId}/scantargets`, {
    key: acme.apiKey,
    body: { name: 'staging', kind: 'AWS', credential: { account: '210987654321' } },
  });
  await page.reload();
  await page.waitForSelector('table.alerts tbody tr');
  await page.selectOption('#filter-scan-target', { label: 'staging' });
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 0);
  await page.selectOption('#filter-scan-target', { label: 'prod' });
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 3);
});

it('changes view from the cache, with no request: the alert list and the overview drawn again from what was read', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page);
  await page.goto(`${t.url}/dashboard#alerts`);
  await page.waitForSelector('table.alerts tbody tr');
  await page.goto(`${t.url}/dashboard#overview`);
  await page.waitForSelector('[data-testid="grade"]');
  const fetched: string[] = []; // HTTP requests during the view changes: from the cache means none
  page.on('request', (r) => fetched.push(r.url()));
  await page.evaluate(() => {
    location.hash = '#alerts';
  });
  await page.waitForSelector('#h-alerts');
  await page.waitForSelector('table.alerts tbody tr');
  expect(await page.locator('table.alerts tbody tr').count()).toBe(3);
  await page.evaluate(() => {
    location.hash = '#overview';
  });
  await page.waitForSelector('#h-overview');
  await page.waitForSelector('[data-testid="grade"]');
  expect(await page.textContent('main')).toContain('Open alerts by severity');
  expect(fetched).toEqual([]);
});

it('on the alert page, adds a comment that then shows with its date, and moves the state, which shows in the state and the history', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  const [one] = (await t.rest('POST', `/organizations/${acme.organizationId}/alerts?size=1`, { key: acme.apiKey, body: {} })).body.data as Array<{
    id: string;
  }>;
  await page.goto(`${t.url}/dashboard#alert/${one.id}`);
  await page.waitForSelector('#h-alert');
  expect(await page.textContent('#h-comments')).toContain('Comments (0)');
  await page.fill('#new-comment', 'Checked with the bucket owner: public on purpose.');
  await page.click('form.comment button[type="submit"]');
  await page.waitForSelector('ol.comments li');
  const comment = await page.textContent('ol.comments');
  expect(comment).toContain('Checked with the bucket owner: public on purpose.');
  expect(comment).toMatch(/\d{1,2} \w{3} \d{4}/); // its date, in words
  expect(await page.textContent('#h-comments')).toContain('Comments (1)');
  expect(await page.inputValue('#new-comment')).toBe('');

  const before = await page.locator('ol.history li').count();
  await page.selectOption('#move-state', { label: 'False positive' });
  await page.click('form.move button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="alert-state"]')?.textContent === 'False positive');
  await page.waitForFunction((n) => document.querySelectorAll('ol.history li').length === n + 1, before);
  expect(await page.locator('ol.history li').last().textContent()).toContain('False positive');
  // The API agrees: the comment and the state are the alert's, not only the page's.
  const read = (await t.graphql('query ($id: ID!) { alert(id: $id) { state } alertComments(alertId: $id) { nodes { comment } } }', { id: one.id }, acme.apiKey))
    .body;
  expect(read.data.alert.state).toBe('FALSE_POSITIVE');
  expect(read.data.alertComments.nodes.map((c: { comment: string }) => c.comment)).toEqual(['Checked with the bucket owner: public on purpose.']);
  expect(errors).toEqual([]);
});

it('on the alert page, a member who is not an admin may comment but is told in a sentence that the state is not theirs to move', async () => {
  const member = await joinAsMember(t, acme, acme.organizationId, 'mo@acme.example');
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page, member.apiKey);
  const [one] = (await t.rest('POST', `/organizations/${acme.organizationId}/alerts?size=1`, { key: acme.apiKey, body: {} })).body.data as Array<{
    id: string;
  }>;
  await page.goto(`${t.url}/dashboard#alert/${one.id}`);
  await page.waitForSelector('#h-alert');
  expect(await page.textContent('#h-move + p')).toBe("Only the organization's admins may move an alert's state; this key's user is not one of them.");
  expect(await page.locator('#move-state').count()).toBe(0);
  await page.fill('#new-comment', 'A member can still say something.');
  await page.click('form.comment button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('ol.comments')?.textContent?.includes('A member can still say something.'));
  // The API refuses this member the move too: the page says what the server would.
  const moved = await t.graphql(
    'mutation ($i: UpdateAlertInput!) { updateAlert(input: $i) { alert { state } } }',
    { i: { organizationId: acme.organizationId, scanTargetId: target, alertId: one.id, state: 'IN_PROGRESS' } },
    member.apiKey,
  );
  expect(moved.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});

it("compares the followed organizations side by side, sorts them by each column, and opens one's censored alert list", async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page);
  await page.click('a[href="#following"]');
  await page.waitForSelector('table.following tbody tr');
  const names = () => page.$$eval('table.following tbody tr td:first-child', (tds) => tds.map((td) => td.textContent));
  const api = async (field: string, direction: string) =>
    (
      await t.graphql(
        'query ($org: ID!, $o: FollowedPostureOrder) { followingPosture(organizationId: $org, orderBy: $o) { nodes { organization { name } } } }',
        { org: acme.organizationId, o: { field, direction } },
        acme.apiKey,
      )
    ).body.data.followingPosture.nodes.map((n: { organization: { name: string } }) => n.organization.name);
  expect((await names()).sort()).toEqual(['Globex', 'Initech']);
  expect(await page.textContent('table.following')).toMatch(/Globex\s*[A-F]/);
  // Each column sorts through the API's orderBy: the page shows the API's order, and a second click reverses it.
  for (const field of ['OPEN', 'GRADE', 'OVERDUE', 'TREND_DELTA']) {
    await page.click(`#sort-${field.toLowerCase()}`);
    await page.waitForFunction((f) => document.querySelector(`th:has(#sort-${f}) `)?.getAttribute('aria-sort') === 'descending', field.toLowerCase());
    const desc = await api(field, 'DESC');
    await page.waitForFunction(
      (want) => [...document.querySelectorAll('table.following tbody tr td:first-child')].map((td) => td.textContent).join() === want,
      desc.join(),
    );
    await page.click(`#sort-${field.toLowerCase()}`);
    const asc = await api(field, 'ASC');
    await page.waitForFunction(
      (want) => [...document.querySelectorAll('table.following tbody tr td:first-child')].map((td) => td.textContent).join() === want,
      asc.join(),
    );
  }
  const open = await api('OPEN', 'DESC');
  expect(open).toEqual(['Globex', 'Initech']); // Globex has two open alerts, Initech none: the sort is seen to change the order

  await page.click(`a[href="#followed/${globex.organizationId}"]`);
  await page.waitForSelector('#h-followed');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 2);
  const list = await page.textContent('table.alerts');
  expect(list).toContain('Censored');
  expect(list).not.toContain('secret-a');
  expect(await page.textContent('#h-followed')).toBe('Alerts of Globex');
  expect(errors).toEqual([]);
});

it("shows each scan target's freshness and, once a scan fails, the failure with its time and reason", async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page);
  await page.click('a[href="#scantargets"]');
  await page.waitForSelector('table.freshness tbody tr');
  const row = (name: string) => page.locator('table.freshness tbody tr', { has: page.locator(`td:text-is("${name}")`) }).textContent();
  expect(await row('prod')).toMatch(/prod\d{1,2} \w{3} \d{4}Done0/); // last good scan's date, latest Done, no failure
  expect(await page.textContent('#h-scantargets ~ p')).toContain('No scan failed');
  // A scan of prod fails (as the worker records one: status FAILED with the scanner's error).
  await t.vigil.db.pool.query(
    `INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger, error, "startedAt", "finishedAt", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, 'FAILED', 'MANUAL', 'AWS refused the credential', now(), now(), now(), now())`,
    [target, acme.organizationId],
  );
  await page.reload();
  await page.waitForSelector('ul.failed li li');
  expect(await row('prod')).toMatch(/prod\d{1,2} \w{3} \d{4}Failed1/);
  expect(await page.textContent('ul.failed')).toMatch(/prod.*\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC: AWS refused the credential/s);
});

it('moves through every view with the keyboard alone: nav links, opening an alert, commenting, sorting, opening a followed organization', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page);
  const view = async (href: string, heading: string) => {
    await tabTo(page, `header a[href="${href}"]`, true);
    await page.keyboard.press('Enter');
    await page.waitForSelector(heading);
  };
  await view('#alerts', '#h-alerts');
  expect(page.url()).toContain('#alerts');
  await page.waitForSelector('table.alerts tbody a');
  await tabTo(page, 'table.alerts tbody a');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#h-alert');
  await tabTo(page, '#new-comment');
  await page.keyboard.type('Typed without a mouse.');
  await tabTo(page, 'form.comment button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('ol.comments')?.textContent?.includes('Typed without a mouse.'));
  await view('#scantargets', '#h-scantargets');
  await view('#following', '#h-following');
  await page.waitForSelector('#sort-open');
  await tabTo(page, '#sort-open');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('th:has(#sort-open)')?.getAttribute('aria-sort') === 'descending');
  await tabTo(page, `table.following a[href="#followed/${globex.organizationId}"]`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#h-followed');
  await tabTo(page, 'a[href="#following"]:not(header a)');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#h-following');
  await view('#overview', '#h-overview');
  expect(page.url()).toContain('#overview');
});

it('every view: axe WCAG 2.1 AA 0 violations, no overflow and no word cut at 390, 1366 and 1920 px; screenshots kept', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(page);
  const found: Record<string, unknown> = {};
  const [first] = (await t.rest('POST', `/organizations/${acme.organizationId}/alerts?size=1`, { key: acme.apiKey, body: {} })).body.data as Array<{
    id: string;
  }>;
  for (const view of VIEWS) {
    // The alert page is read for one alert of the list (its hash carries the alert's id).
    const hash = view === 'alert' ? `alert/${first.id}` : view === 'followed' ? `followed/${globex.organizationId}` : view;
    await page.goto(`${t.url}/dashboard#${hash}`);
    await page.waitForSelector(`#h-${view}`);
    Object.assign(found, await checkEveryWidth(page, view));
  }
  expect(found).toEqual(clean(VIEWS));
});

it('serves a favicon on every page without an API key', async () => {
  const icon = await fetch(`${t.url}/favicon.ico`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/^image\//);
});
