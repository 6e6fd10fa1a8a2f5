import type { Database } from '../lib/db';
import { updateAlert } from '../subgraphs/alerts/alerts/updates';
import type { NewScanTarget } from '../subgraphs/alerts/scan-targets/scan-targets';
import { createScanTarget } from '../subgraphs/alerts/scan-targets/scan-targets';
import { findTargetForScan, startScan } from '../subgraphs/alerts/scans/queue';
import { runDueScans } from '../subgraphs/alerts/scans/scheduler';
import { acceptInvite, bootstrapAccount } from '../subgraphs/organizations/account';
import { acceptFollowingRequest, createFollowerRequest } from '../subgraphs/organizations/follows';
import { createInvite } from '../subgraphs/organizations/invites';
import type { CommandServices, Progress } from './command';

/** The demo organizations; the first is the demo admin's, followed by the next three, following the last and the next two. */
const ORGANIZATIONS = [
  { name: 'Vigil Demo', admin: 'demo@vigil.example' },
  { name: 'Northwind Traders', admin: 'admin@northwind.example' },
  { name: 'Contoso', admin: 'admin@contoso.example' },
  { name: 'Globex', admin: 'admin@globex.example' },
  { name: 'Initech', admin: 'admin@initech.example' },
] as const;

function demoTargets(index: number): NewScanTarget[] {
  const account = String(100000000000 + index * 7919).padStart(12, '0');
  return [
    {
      name: `aws-production-${index}`,
      kind: 'AWS',
      credential: { account },
      schedule: { frequency: '1d', timeOfDay: 'NIGHT' },
      tags: ['production', 'aws'],
      scanner: 'DEMO',
    },
    {
      name: `gcp-analytics-${index}`,
      kind: 'GCP',
      credential: { projectId: `analytics-${index}` },
      schedule: { frequency: '12h' },
      tags: ['analytics'],
      scanner: 'DEMO',
    },
    {
      name: `github-org-${index}`,
      kind: 'GITHUB',
      credential: { organizationName: `demo-org-${index}`, installationId: String(4000 + index) },
      schedule: { frequency: '7d', timeOfDay: 'MORNING', day: 'MONDAY' },
      tags: [],
      scanner: 'DEMO',
    },
  ] as NewScanTarget[];
}

const SCANS_PER_TARGET = 2;
/** The demo's alerts are spread over this many days before now, so the dashboard's charts and the posture trend show a history. */
const HISTORY_DAYS = 90;

/**
 * The seed's scans all run now, so every alert would be opened (and closed) today and the daily charts
 * would be flat with a jump at the end. Each alert this run created gets an opening time spread over
 * the last HISTORY_DAYS days (from a hash of its id: the same data set every time), and every time of
 * the alert and of its history rows moves by one order-keeping map of [its creation, now] onto
 * [that opening, now]: history and alert stay consistent as the writers make them (an opening row's
 * openedAt equals its createdAt, which the posture trend reads: docs/posture.md), and old CRITICAL and
 * HIGH alerts still open are overdue. Events keep their real times.
 */
async function spreadOverLastDays(db: Database, organizationIds: string[], since: Date): Promise<void> {
  const moved = (t: string) => `k.opened + (${t} - k.t0) * k.scale`;
  await db.pool.query(
    `WITH s AS (
       SELECT id, "createdAt" AS t0, now() - interval '1 hour' - (abs(hashtext(id::text)) % ($3::int * 96)) * interval '15 minutes' AS opened
         FROM alerts.alerts WHERE "organizationId" = ANY($1::uuid[]) AND "createdAt" >= $2
     ), k AS (
       SELECT id, t0, opened, extract(epoch FROM now() - opened) / GREATEST(extract(epoch FROM now() - t0), 0.001) AS scale FROM s
     ), history AS (
       UPDATE alerts.alert_history h
          SET "createdAt" = ${moved('h."createdAt"')},
              "openedAt" = CASE WHEN h."openedAt" IS NULL THEN NULL ELSE ${moved('h."openedAt"')} END,
              "resolvedAt" = CASE WHEN h."resolvedAt" IS NULL THEN NULL ELSE ${moved('h."resolvedAt"')} END
         FROM k WHERE h."alertId" = k.id AND h."createdAt" >= k.t0
       RETURNING h.seq
     )
     UPDATE alerts.alerts a
        SET "createdAt" = k.opened,
            "openedAt" = CASE WHEN a."openedAt" IS NULL THEN NULL ELSE ${moved('a."openedAt"')} END,
            "resolvedAt" = CASE WHEN a."resolvedAt" IS NULL THEN NULL ELSE ${moved('a."resolvedAt"')} END
       FROM k WHERE a.id = k.id`,
    [organizationIds, since, HISTORY_DAYS - 1],
  );
}

/**
 * A demo data set: five organizations, a regular member, follows in both directions (three followed by the demo organization), three scan
 * targets each and two demo scans per target (so alerts open, close and reopen), through the same
 * domain services the API uses. Running it again adds scans to the existing data.
 */
export async function seedDemo(db: Database, progress: Progress, services?: CommandServices) {
  if (!services) throw new Error('seed needs the instance secret');
  const total = ORGANIZATIONS.length + 2 + ORGANIZATIONS.length * 3 * SCANS_PER_TARGET + 1;
  let done = 0;
  const step = (label: string) => progress(++done, total, label);

  const seedStarted = new Date();
  const accounts = [];
  for (const org of ORGANIZATIONS) {
    accounts.push(await bootstrapAccount(db.prisma, { email: org.admin, organization: org.name }));
    step('organizations');
  }
  const [demo, ...others] = accounts;

  // A read-only member of the demo organization, joined through an invite.
  const analyst = await db.prisma.user.upsert({
    where: { email: 'analyst@vigil.example' },
    update: {},
    create: { email: 'analyst@vigil.example', name: 'Demo Analyst' },
  });
  const isMember = await db.prisma.membership.findUnique({ where: { organizationId_userId: { organizationId: demo.organizationId, userId: analyst.id } } });
  if (!isMember) {
    const invite = await createInvite(db.prisma, demo.userId, demo.organizationId, analyst.email, []);
    await acceptInvite(db.prisma, analyst.id, invite.id);
  }
  step('members');

  // Northwind, Contoso and Globex follow the demo organization; the demo organization follows Initech.
  const follow = async (followed: { userId: string; organizationId: string }, follower: { userId: string; organizationId: string }, tags: string[]) => {
    const exists = await db.prisma.follow.findUnique({
      where: { followerId_followedId: { followerId: follower.organizationId, followedId: followed.organizationId } },
    });
    if (exists) return;
    await db.prisma.followRequest.deleteMany({
      where: { followedId: followed.organizationId, followerId: follower.organizationId, status: { not: 'PENDING' } },
    });
    const pending = await db.prisma.followRequest.findUnique({
      where: { followedId_followerId: { followedId: followed.organizationId, followerId: follower.organizationId } },
    });
    if (!pending) await createFollowerRequest(db.prisma, followed.userId, followed.organizationId, follower.organizationId);
    await acceptFollowingRequest(db.prisma, follower.userId, follower.organizationId, followed.organizationId, tags);
  };
  await follow(demo, others[0], ['supplier', 'critical']);
  await follow(demo, others[1], ['supplier']);
  await follow(demo, others[2], []);
  await follow(others[3], demo, ['vendor']);
  // and Northwind and Contoso back: several followed organizations to compare (Query.followingPosture).
  await follow(others[0], demo, ['vendor', 'critical']);
  await follow(others[1], demo, ['vendor']);
  step('follows');

  const targets: Array<{ organizationId: string; id: string }> = [];
  for (const [index, account] of accounts.entries()) {
    const existing = await db.prisma.scanTarget.findMany({ where: { organizationId: account.organizationId, deletedAt: null } });
    for (const target of demoTargets(index)) {
      const found = existing.find((t) => t.name === target.name);
      targets.push(found ?? (await createScanTarget(db.prisma, services.secret, account.organizationId, account.userId, target)));
    }
  }
  // Each round queues a demo scan per target and runs the queue. A running `npm start`'s scheduler may
  // run some of them: the bar counts this round's scans that have finished, whoever ran them.
  const scansBefore = done;
  for (let round = 0; round < SCANS_PER_TARGET; round++) {
    const queued: string[] = [];
    for (const target of targets) queued.push((await startScan(db, await findTargetForScan(db, target.organizationId, target.id), { force: true })).id);
    for (;;) {
      const { ran } = await runDueScans(db, new Date(0), { batchSize: 1 });
      const { rows } = await db.pool.query<{ status: string; error: string | null; id: string }>(
        `SELECT id, status, error FROM alerts.scans WHERE id = ANY($1::uuid[])`,
        [queued],
      );
      const failed = rows.find((scan) => scan.status !== 'DONE' && scan.status !== 'QUEUED' && scan.status !== 'RUNNING');
      if (failed) throw new Error(`demo scan ${failed.id} ended ${failed.status}: ${failed.error ?? ''}`);
      const finished = rows.filter((scan) => scan.status === 'DONE').length;
      done = scansBefore + round * targets.length + finished;
      progress(done, total, 'scans');
      if (finished === queued.length) break;
      if (!ran.length) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  // Risks accepted on two of the demo organization's alerts, so states other than OPEN show up.
  const { rows: open } = await db.pool.query<{ id: string; scanTargetId: string }>(
    `SELECT id, "scanTargetId" FROM alerts.alerts WHERE "organizationId" = $1 AND state = 'OPEN' ORDER BY rule, resource LIMIT 2`,
    [demo.organizationId],
  );
  for (const alert of open) {
    await updateAlert(
      db.pool,
      { organizationId: demo.organizationId, scanTargetId: alert.scanTargetId, alertId: alert.id },
      { state: 'RISK_ACCEPTED', comment: 'Accepted for the demo: compensating control in place.' },
      demo.userId,
    );
  }
  await spreadOverLastDays(
    db,
    accounts.map((account) => account.organizationId),
    seedStarted,
  );
  progress(total, total, 'done');
  return { userId: demo.userId, organizationId: demo.organizationId, apiKey: demo.apiKey };
}
