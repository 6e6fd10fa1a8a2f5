import { COMMANDS } from '../../cli/commands';
import { startWorkers } from '../../workers';
import { startTestVigil, type TestVigil } from '../support/vigil';

let t: TestVigil;
beforeAll(async () => {
  t = await startTestVigil();
});
afterAll(() => t.close());

jest.setTimeout(120_000);

it('seeds a demo data set whose admin has alerts and followers, reports progress, and can run again', async () => {
  const progress: Array<[number, number]> = [];
  const result = (await COMMANDS.seed.run(t.vigil.db, {}, (done, total) => progress.push([done, total]), { secret: t.secret })) as {
    userId: string;
    organizationId: string;
    apiKey: string;
  };
  expect(result).toEqual({ userId: expect.any(String), organizationId: expect.any(String), apiKey: expect.stringMatching(/^vgl_/) });
  expect(progress.length).toBeGreaterThan(10);
  expect(progress[progress.length - 1][0]).toBe(progress[progress.length - 1][1]);

  const key = result.apiKey;
  const alerts = await t.rest('POST', `/organizations/${result.organizationId}/alerts?size=1000`, { key, body: {} });
  expect(alerts.status).toBe(200);
  expect(alerts.body.data.length).toBeGreaterThan(0);
  expect(alerts.body.data.some((a: { state: string }) => a.state === 'RISK_ACCEPTED')).toBe(true);
  const closed = await t.rest('POST', `/organizations/${result.organizationId}/alerts?size=1000`, { key, body: { states: ['CLOSED'] } });
  expect(closed.body.data.length).toBeGreaterThan(0);

  const followers = await t.rest('GET', `/organizations/${result.organizationId}/followers`, { key });
  expect(followers.body.map((f: { name: string }) => f.name).sort()).toEqual(['Contoso', 'Globex', 'Northwind Traders']);
  const following = await t.rest('POST', `/organizations/${result.organizationId}/followings/alerts?size=100`, { key, body: {} });
  expect(following.body.data.length).toBeGreaterThan(0);
  expect(following.body.data.every((a: { resource: string }) => a.resource === '[censored]')).toBe(true);
  const members = await t.rest('GET', `/organizations/${result.organizationId}/members`, { key });
  expect(members.body).toHaveLength(2);

  // A history over the last 90 days (the seed's HISTORY_DAYS), not everything today: the 90-day chart rises and falls.
  // (Which day each alert opens on comes from a hash of its random id: over 30 days the chart changed on as
  // few as 4 distinct totals in one CI run, so the test reads the whole seeded window.)
  const daily = await t.rest('POST', '/graphql', {
    key,
    body: { query: `{ dailyOpenAlerts(organizationId: "${result.organizationId}", days: 90) { date total } }` },
  });
  const totals = (daily.body.data.dailyOpenAlerts as Array<{ total: number }>).map((d) => d.total);
  expect(totals).toHaveLength(90);
  expect(new Set(totals).size).toBeGreaterThanOrEqual(5);
  expect(totals.filter((n) => n > 0).length).toBeGreaterThanOrEqual(60);
  const dates = await t.vigil.db.pool.query<{ opened: number; resolved_before_opened: number; future: number }>(
    `SELECT count(DISTINCT date_trunc('day', "openedAt"))::int AS opened,
            count(*) FILTER (WHERE "resolvedAt" < "openedAt")::int AS resolved_before_opened,
            count(*) FILTER (WHERE "openedAt" > now() OR "resolvedAt" > now())::int AS future
       FROM alerts.alerts WHERE "organizationId" = $1`,
    [result.organizationId],
  );
  expect(dates.rows[0].opened).toBeGreaterThanOrEqual(15);
  expect(dates.rows[0].resolved_before_opened).toBe(0);
  expect(dates.rows[0].future).toBe(0);

  // Posture (docs/posture.md): every aggregate shows something for the demo admin, over 90 days of history.
  const posture = await t.graphql(
    `query($org: ID!, $from: String) { posture(organizationId: $org) {
        open { total } overdue { total } grade
        trend(input: { from: $from }) { days { date open { total } opened { total } resolved { total } } }
        state: breakdown(input: { by: STATE }) { totalCount } target: breakdown(input: { by: SCAN_TARGET }) { totalCount }
        rule: breakdown(input: { by: RULE }) { totalCount } compliance: breakdown(input: { by: COMPLIANCE }) { totalCount }
        timeToResolve(input: { from: $from }) { resolved } scanFreshness { totalCount } }
      followingPosture(organizationId: $org) { totalCount nodes { open { total } } } }`,
    { org: result.organizationId, from: new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10) },
    key,
  );
  expect(posture.body.errors).toBeUndefined();
  const p = posture.body.data.posture;
  expect(p.open.total).toBeGreaterThan(0);
  expect(p.overdue.total).toBeGreaterThan(0);
  expect(p.trend.days).toHaveLength(90);
  expect(p.trend.days.at(-1).open.total).toBe(p.open.total);
  expect(p.trend.days.filter((d: { opened: { total: number } }) => d.opened.total > 0).length).toBeGreaterThanOrEqual(20);
  expect(p.trend.days.filter((d: { resolved: { total: number } }) => d.resolved.total > 0).length).toBeGreaterThanOrEqual(5);
  expect(p.trend.days.every((d: { open: { total: number } }) => d.open.total >= 0)).toBe(true);
  for (const dimension of ['state', 'target', 'rule', 'compliance']) expect(p[dimension].totalCount).toBeGreaterThan(0);
  expect(p.timeToResolve.reduce((n: number, r: { resolved: number }) => n + r.resolved, 0)).toBeGreaterThan(0);
  expect(p.scanFreshness.totalCount).toBe(3);
  expect(posture.body.data.followingPosture.totalCount).toBe(3);
  expect(posture.body.data.followingPosture.nodes).toHaveLength(3); // .every() of an empty list proves nothing
  expect(posture.body.data.followingPosture.nodes.every((n: { open: { total: number } }) => n.open.total > 0)).toBe(true);

  const again = (await COMMANDS.seed.run(t.vigil.db, {}, () => undefined, { secret: t.secret })) as { organizationId: string; apiKey: string };
  expect(again.organizationId).toBe(result.organizationId);
  const organizations = await t.vigil.db.prisma.organization.count();
  expect(organizations).toBe(5);
  expect(await t.vigil.db.prisma.scanTarget.count()).toBe(15);
});

it("counts every demo scan on its bar while a running service's job runner takes some of them", async () => {
  // A job runner of the same database running scan.run jobs, as `npm start` does while the seed runs.
  const workers = startWorkers(t.vigil.db, { kinds: ['scan.run'], pollMs: 20, concurrency: 4 });
  const steps: Array<[number, number, string]> = [];
  try {
    await COMMANDS.seed.run(t.vigil.db, {}, (done, total, label) => steps.push([done, total, label ?? '']), { secret: t.secret });
  } finally {
    await workers?.stop();
  }
  const total = steps[steps.length - 1][1];
  const scans = steps.filter(([, , label]) => label === 'scans').map(([done]) => done);
  // Every scan is counted (the last scan step is the step before "done"), and the bar never goes back.
  expect(Math.max(...scans)).toBe(total - 1);
  expect(steps.map(([done]) => done)).toEqual([...steps.map(([done]) => done)].sort((a, b) => a - b));
});
