import { bootstrapCommand, embeddedEnvironment, startServiceProcess } from '../../support/processes';
import { answered200 } from '../../support/vigil';

// The posture statements (percentile_cont, date arithmetic in UTC, LATERAL, unnest) on embedded
// PGlite's single connection, through `npm start` as a real process.
const env = embeddedEnvironment('embedded-posture');
jest.setTimeout(240_000);

it('answers every posture route on the embedded database', async () => {
  const service = await startServiceProcess(env);
  try {
    const bootstrap = (email: string, organization: string) => bootstrapCommand(env, email, organization);
    const owner = await bootstrap('owner@embedded-posture.test', 'Owner');
    const follower = await bootstrap('follower@embedded-posture.test', 'Follower');
    const ok = (who: { apiKey: string }, method: string, p: string, body?: unknown) => answered200(service.url, who, method, p, body);
    await ok(owner, 'POST', `/organizations/${owner.organizationId}/followers/requests`, { token: follower.organizationId });
    await ok(follower, 'POST', `/organizations/${follower.organizationId}/following/requests/${owner.organizationId}/accept`, {});
    const org = `/organizations/${owner.organizationId}`;
    const target = await ok(owner, 'POST', `${org}/scantargets`, { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } });
    const finding = (n: number, severity: string) => ({ rule: `embedded-rule-${n % 2}`, resource: `r-${n}`, severity, compliances: ['CIS'] });
    await ok(owner, 'POST', `${org}/scantargets/${target.id}/findings`, {
      format: 'vigil',
      findings: [finding(1, 'CRITICAL'), finding(2, 'HIGH'), finding(3, 'LOW')],
    });
    await ok(owner, 'POST', `${org}/scantargets/${target.id}/findings`, { format: 'vigil', findings: [finding(1, 'CRITICAL'), finding(3, 'LOW')] });

    expect(await ok(owner, 'GET', `${org}/posture`)).toMatchObject({ view: 'MEMBER', open: { critical: 1, high: 0, low: 1, total: 2 }, grade: 'D' });
    const trend = await ok(owner, 'GET', `${org}/posture/trend`);
    expect(trend.days).toHaveLength(30);
    expect(trend.days.at(-1)).toMatchObject({ open: { total: 2 }, opened: { total: 3 }, resolved: { high: 1, total: 1 } });
    // A year: the daily rollup (posture_daily, kept by the triggers' EXECUTE over transition tables) and the moves (a
    // compliance filter every alert matches) give the same days.
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const year = await ok(owner, 'GET', `${org}/posture/trend?from=${from}`);
    expect(year.days).toHaveLength(365);
    expect(year.days.at(-1)).toEqual(trend.days.at(-1));
    expect(year.days.slice(0, -1).every((d: { open: { total: number } }) => d.open.total === 0)).toBe(true);
    expect((await ok(owner, 'GET', `${org}/posture/trend?from=${from}&compliances=CIS`)).days).toEqual(year.days);
    expect((await ok(owner, 'GET', `${org}/posture/breakdown?by=compliance`)).data).toEqual([
      { key: 'CIS', label: 'CIS', counts: { critical: 1, high: 0, medium: 0, low: 1, info: 0, total: 2 } },
    ]);
    const ttr = await ok(owner, 'GET', `${org}/posture/time-to-resolve`);
    expect(ttr.data.find((r: { severity: string }) => r.severity === 'HIGH')).toMatchObject({ resolved: 1, medianHours: expect.any(Number) });
    expect((await ok(owner, 'GET', `${org}/posture/scan-freshness`)).data[0]).toMatchObject({ lastScanStatus: 'DONE', neverScanned: false });
    const followed = await ok(follower, 'GET', `/organizations/${follower.organizationId}/followings/posture`);
    expect(followed.data).toEqual([
      expect.objectContaining({ organization: expect.objectContaining({ id: owner.organizationId }), trendDelta: 2, grade: 'D' }),
    ]);
    expect(await ok(follower, 'GET', `${org}/posture`)).toMatchObject({ view: 'FOLLOWER', open: { total: 2 } });
  } finally {
    await service.stop();
  }
});
