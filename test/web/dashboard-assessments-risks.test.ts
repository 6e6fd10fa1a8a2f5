import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { checkEveryWidth, clean, SHOTS, signIn, tabTo } from '../support/console';
import { follow, joinAsMember } from '../support/organizations';
import { buildTemplate, call, sendAssessment } from '../support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * The console's assessments and risk-acceptances views, and the alert list's compliance filter, in Chromium as a
 * person uses them: opened by mouse and by keyboard, a change made through the API arriving on screen with no reload,
 * axe-core WCAG 2.1 AA 0 violations, no overflow and no word cut at 390/1366/1920 px, screenshots in docs/images.
 */
jest.setTimeout(300_000);

let t: TestVigil;
let acme: Account; // the console's user: ADMIN of Acme
let rita: Account; // another ADMIN of Acme, who accepts a risk through the API
let globex: Account; // followed by Acme; sends and receives assessments
let target: string;
let browser: Browser;
const alertIds: Record<string, string> = {}; // by resource

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  globex = await t.bootstrap('gil@globex.example', 'Globex');
  await follow(t, globex, acme);
  rita = await joinAsMember(t, acme, acme.organizationId, 'rita@acme.example', ['ADMIN']);
  target = (
    await call(t, acme, 'POST', `/organizations/${acme.organizationId}/scantargets`, {
      name: 'prod',
      kind: 'AWS',
      credential: { account: '123456789012' },
    })
  ).id;
  // Two rules with different compliance tags: aws-s3-bucket-public (CIS-AWS-2.1, LGPD, PCI-DSS), aws-ebs-volume-unencrypted (CIS-AWS-2.2).
  const findings = [
    { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::logs' },
    { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::www' },
    { rule: 'aws-ebs-volume-unencrypted', resource: 'arn:aws:ec2:::volume/vol-1' },
  ];
  expect((await call(t, acme, 'POST', `/organizations/${acme.organizationId}/scantargets/${target}/findings`, { format: 'vigil', findings })).status).toBe(
    'DONE',
  );
  const listed = await call(t, acme, 'POST', `/organizations/${acme.organizationId}/alerts?size=10`, {});
  for (const a of listed.data as { id: string; resource: string }[]) alertIds[a.resource] = a.id;
  // Acme sent Globex a review due far ahead; Globex sent Acme one three days late (and an hour, so it rounds to three).
  const acmeTemplate = await buildTemplate(t, acme, 'Acme vendor review');
  await sendAssessment(t, acme, globex.organizationId, acmeTemplate.questionnaireId, '2099-01-01T00:00:00Z');
  const globexTemplate = await buildTemplate(t, globex, 'Globex supplier review');
  await sendAssessment(t, globex, acme.organizationId, globexTemplate.questionnaireId, new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString());
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, t.url, acme.apiKey);
  return { page, errors };
}

const rowsOf = (page: Page, table: string) =>
  page.$$eval(`[data-testid="${table}"] tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));

it('shows the assessments sent and received with their status and due dates in words, and a new one and a due-date change arrive live', async () => {
  const { page, errors } = await open();
  await page.click('a[href="#assessments"]');
  await page.waitForSelector('[data-testid="assessments-sent"] tbody tr');
  await page.waitForSelector('[data-testid="assessments-received"] tbody tr');
  expect(await rowsOf(page, 'assessments-sent')).toEqual([
    ['Q4 vendor review', 'Globex', 'Being answered', expect.stringMatching(/^1 Jan 2099, in \d+ years$/), expect.stringMatching(/^\d{1,2} \w{3} \d{4}$/)],
  ]);
  expect(await rowsOf(page, 'assessments-received')).toEqual([
    [
      'Q4 vendor review',
      'Globex',
      'Being answered',
      expect.stringMatching(/^\d{1,2} \w{3} \d{4}, 3 days late$/),
      expect.stringMatching(/^\d{1,2} \w{3} \d{4}$/),
    ],
  ]);
  expect(await page.textContent('main')).not.toMatch(/\b(NEW|REQUESTED_REVIEW|RECEIVED|SENT)\b/); // words, not enum names

  // Globex sends another through the API: it appears in Received without a reload.
  const template = await buildTemplate(t, globex, 'Globex follow-up');
  const sent = await sendAssessment(t, globex, acme.organizationId, template.questionnaireId, '2099-06-30T00:00:00Z');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="assessments-received"] tbody tr').length === 2, undefined, { timeout: 15_000 });
  expect(await page.textContent('[data-testid="assessments-received"]')).toContain('30 Jun 2099, in');
  // Globex moves its due date: the new date replaces the old one on screen.
  const moved = await t.graphql(
    'mutation ($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { assessment { dueDate } } }',
    { i: { organizationId: globex.organizationId, assessmentId: sent.id, dueDate: '2099-07-15T00:00:00Z' } },
    globex.apiKey,
  );
  expect(moved.body.errors).toBeUndefined();
  await page.waitForFunction(() => document.querySelector('[data-testid="assessments-received"]')?.textContent?.includes('15 Jul 2099'), undefined, {
    timeout: 15_000,
  });
  expect(await page.textContent('[data-testid="assessments-received"]')).not.toContain('30 Jun 2099');
  expect(errors).toEqual([]);
});

it('lists the risk-accepted alerts with who accepted each, when and their comment, live as they are accepted and moved back', async () => {
  const { page, errors } = await open();
  await page.click('a[href="#risks"]');
  await page.waitForSelector('#h-risks');
  await page.waitForFunction(() => document.querySelector('#h-risks ~ p + p')?.textContent === 'No alert is risk accepted.');

  // Rita (another ADMIN) explains and accepts through the API; the card arrives with her name, the time and her words.
  const alertId = alertIds['arn:aws:s3:::www'];
  const reason = 'Public website bucket: serving static files is its purpose.';
  const commented = await t.graphql(
    'mutation ($i: CreateAlertCommentInput!) { createAlertComment(input: $i) { alertComment { id } } }',
    { i: { organizationId: acme.organizationId, alertId, comment: reason, mimeType: 'text/plain' } },
    rita.apiKey,
  );
  expect(commented.body.errors).toBeUndefined();
  const accepted = await t.graphql(
    'mutation ($i: UpdateAlertInput!) { updateAlert(input: $i) { alert { state updatedAt } } }',
    { i: { organizationId: acme.organizationId, scanTargetId: target, alertId, state: 'RISK_ACCEPTED' } },
    rita.apiKey,
  );
  expect(accepted.body.data.updateAlert.alert.state).toBe('RISK_ACCEPTED');
  await page.waitForFunction(() => document.querySelector('ul.acceptances')?.textContent?.includes('Public website bucket'), undefined, { timeout: 15_000 });
  const members = await t.graphql('query ($o: ID!) { members(organizationId: $o) { nodes { userId name } } }', { o: acme.organizationId }, acme.apiKey);
  const ritaName = members.body.data.members.nodes.find((m: { userId: string }) => m.userId === rita.userId).name;
  const card = await page.textContent('ul.acceptances li');
  expect(card).toContain('S3 bucket is publicly accessible');
  expect(card).toContain('arn:aws:s3:::www');
  expect(card).toContain(`Accepted by${ritaName}`);
  expect(card).toMatch(/On\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
  expect(card).toContain(`“${reason}”`);
  expect(await page.locator('ul.acceptances li').count()).toBe(1);

  // The card opens the alert's page.
  await page.click(`ul.acceptances a[href="#alert/${alertId}"]`);
  await page.waitForSelector('#h-alert');
  expect(await page.textContent('[data-testid="alert-state"]')).toBe('Risk accepted');
  await page.goBack();
  await page.waitForSelector('ul.acceptances li');

  // Moved back to In progress through the API: the card leaves the view live.
  await t.graphql(
    'mutation ($i: UpdateAlertInput!) { updateAlert(input: $i) { alert { state } } }',
    { i: { organizationId: acme.organizationId, scanTargetId: target, alertId, state: 'IN_PROGRESS' } },
    rita.apiKey,
  );
  await page.waitForFunction(() => document.querySelectorAll('ul.acceptances li').length === 0, undefined, { timeout: 15_000 });
  // And accepted again, this time by Ann with no comment of hers: the view names Ann and says she wrote nothing.
  await t.graphql(
    'mutation ($i: UpdateAlertInput!) { updateAlert(input: $i) { alert { state } } }',
    { i: { organizationId: acme.organizationId, scanTargetId: target, alertId, state: 'RISK_ACCEPTED' } },
    acme.apiKey,
  );
  await page.waitForFunction(() => document.querySelector('ul.acceptances')?.textContent?.includes('No comment from them'), undefined, { timeout: 15_000 });
  expect(await page.textContent('ul.acceptances li')).not.toContain(ritaName);
  // Ann then writes why: her comment arrives as the reason, live.
  await t.graphql(
    'mutation ($i: CreateAlertCommentInput!) { createAlertComment(input: $i) { alertComment { id } } }',
    { i: { organizationId: acme.organizationId, alertId, comment: 'Accepted until the site moves to a CDN in Q1.', mimeType: 'text/plain' } },
    acme.apiKey,
  );
  await page.waitForFunction(
    () => document.querySelector('ul.acceptances')?.textContent?.includes('“Accepted until the site moves to a CDN in Q1.”'),
    undefined,
    {
      timeout: 15_000,
    },
  );
  // The API answers what the card shows: Alert.riskAcceptance, read with the list.
  const api = await t.graphql(
    'query ($o: ID!) { alerts(organizationId: $o, filter: { states: [RISK_ACCEPTED] }) { nodes { id riskAcceptance { userId reason { comment } } } } }',
    { o: acme.organizationId },
    acme.apiKey,
  );
  expect(api.body.data.alerts.nodes).toEqual([
    { id: alertId, riskAcceptance: { userId: acme.userId, reason: { comment: 'Accepted until the site moves to a CDN in Q1.' } } },
  ]);
  // The view is one query however many cards it shows (it was one more per card, for its history and comments).
  const queries: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/graphql') queries.push(JSON.parse(r.postData() ?? '{}').operationName);
  });
  await page.reload();
  await page.waitForFunction(() => document.querySelector('ul.acceptances')?.textContent?.includes('“Accepted until the site moves to a CDN in Q1.”'));
  expect(queries.filter((name) => name?.startsWith('ConsoleRisk'))).toEqual(['ConsoleRiskAccepted']);
  expect(errors).toEqual([]);
});

it('filters the alert list by compliance tag through the API filter, the choices being the rule catalog’s tags', async () => {
  const { page } = await open();
  await page.click('a[href="#alerts"]');
  await page.waitForSelector('table.alerts tbody tr');
  const resources = () => page.$$eval('table.alerts tbody tr td:nth-child(4)', (tds) => tds.map((td) => td.textContent).sort());
  const api = async (tag: string) =>
    (
      await t.graphql(
        'query ($o: ID!, $f: AlertFilter) { alerts(organizationId: $o, filter: $f) { nodes { resource } } }',
        { o: acme.organizationId, f: { compliances: [tag] } },
        acme.apiKey,
      )
    ).body.data.alerts.nodes
      .map((n: { resource: string }) => n.resource)
      .sort();
  for (const tag of ['LGPD', 'CIS-AWS-2.2', 'PCI-DSS']) {
    await page.selectOption('#filter-compliance', tag);
    const want = await api(tag);
    await page.waitForFunction(
      (w) =>
        [...document.querySelectorAll('table.alerts tbody tr td:nth-child(4)')]
          .map((td) => td.textContent)
          .sort()
          .join() === w,
      want.join(),
    );
    expect(await resources()).toEqual(want);
  }
  expect(await api('LGPD')).toEqual(['arn:aws:s3:::logs', 'arn:aws:s3:::www']);
  expect(await api('CIS-AWS-2.2')).toEqual(['arn:aws:ec2:::volume/vol-1']);
  // A catalog tag no alert of Acme carries empties the list.
  await page.selectOption('#filter-compliance', 'ISO-27001');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 0);
  await page.selectOption('#filter-compliance', '');
  await page.waitForFunction(() => document.querySelectorAll('table.alerts tbody tr').length === 3);
});

it('opens both views and an accepted alert with the keyboard alone', async () => {
  const { page } = await open();
  await tabTo(page, 'header a[href="#assessments"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="assessments-sent"] tbody tr');
  await tabTo(page, 'header a[href="#risks"]', true);
  await page.keyboard.press('Enter');
  await page.waitForSelector('ul.acceptances li a');
  await tabTo(page, 'ul.acceptances li a');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#h-alert');
  expect(page.url()).toContain(`#alert/${alertIds['arn:aws:s3:::www']}`);
});

it('both views: axe WCAG 2.1 AA 0 violations, no overflow and no word cut at 390, 1366 and 1920 px; screenshots kept', async () => {
  const { page } = await open();
  const found: Record<string, string[]> = {};
  for (const view of ['assessments', 'risks']) {
    await page.goto(`${t.url}/dashboard#${view}`);
    await page.waitForSelector(view === 'risks' ? 'ul.acceptances li dl' : '[data-testid="assessments-received"] tbody tr');
    Object.assign(found, await checkEveryWidth(page, view));
  }
  expect(found).toEqual(clean(['assessments', 'risks']));
});
