import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from '../../lib/db';
import { readEventLog } from '../../lib/event-log';
import { signPrincipal } from '../../lib/principal';
import { Visibility } from '../../lib/visibility';
import { writeAlertCsv } from '../../workers/export-csv';
import { ExportFile } from '../../workers/export-files';
import { type Account, request, type TestVigil } from './vigil';

/**
 * Alerts are created by scans only; tests of the alerts API insert them directly, as the reconciler
 * would leave them: the alert row plus its CREATE history record.
 */

export interface FixtureRule {
  id: string;
  titleEn: string;
  titlePt: string;
  severity: string;
}

export const FIXTURE_RULES: FixtureRule[] = [
  { id: 'fx-root-mfa', titleEn: 'Root account without MFA', titlePt: 'Conta root sem MFA', severity: 'CRITICAL' },
  { id: 'fx-bucket-public', titleEn: 'Bucket is publicly accessible', titlePt: 'Bucket acessível publicamente', severity: 'HIGH' },
  { id: 'fx-key-unrotated', titleEn: 'Access key not rotated', titlePt: 'Chave de acesso não rotacionada', severity: 'MEDIUM' },
  { id: 'fx-volume-unencrypted', titleEn: 'Volume is not encrypted', titlePt: 'Volume não está criptografado', severity: 'LOW' },
  { id: 'fx-tls-info', titleEn: 'TLS certificate details', titlePt: 'Detalhes do certificado TLS', severity: 'INFO' },
];

export async function insertRules(db: Database, rules: FixtureRule[] = FIXTURE_RULES): Promise<void> {
  for (const rule of rules) {
    await db.pool.query(
      `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "updatedAt")
       VALUES ($1, $2, $3, $4, '{CIS}', 30, now())
       ON CONFLICT (id) DO UPDATE SET "titleEn" = EXCLUDED."titleEn", "titlePt" = EXCLUDED."titlePt"`,
      [rule.id, rule.titleEn, rule.titlePt, rule.severity],
    );
  }
}

export async function createScanTarget(db: Database, organizationId: string, options: { name?: string; kind?: string; tags?: string[] } = {}): Promise<string> {
  const target = await db.prisma.scanTarget.create({
    data: {
      organizationId,
      name: options.name ?? `target ${randomUUID().slice(0, 8)}`,
      kind: options.kind ?? 'AWS',
      credentialEncrypted: 'fixture',
      credentialHint: { account: '123456789012' },
      schedule: { frequency: '1d', timeOfDay: 'NIGHT' },
      tags: options.tags ?? [],
    },
  });
  return target.id;
}

export interface FixtureAlert {
  id?: string;
  organizationId: string;
  scanTargetId: string;
  rule: string;
  resource: string;
  severity?: string;
  state?: string;
  tags?: string[];
  labels?: string[];
  metadata?: Record<string, string>;
  enrichment?: object;
  openedAt?: Date | null;
  resolvedAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Inserts alerts and their CREATE history records (and CLOSE for closed ones); returns the ids in order. */
export async function insertAlerts(db: Database, alerts: FixtureAlert[]): Promise<string[]> {
  const ids: string[] = [];
  for (const alert of alerts) {
    const id = alert.id ?? randomUUID();
    ids.push(id);
    const createdAt = alert.createdAt ?? new Date();
    const state = alert.state ?? 'OPEN';
    const openedAt = alert.openedAt === undefined ? createdAt : alert.openedAt;
    await db.pool.query(
      `INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, compliances,
                                  enrichment, metadata, "timelinessThreshold", "openedAt", "resolvedAt", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, '{CIS}', $10, $11, 30, $12, $13, $14, $15)`,
      [
        id,
        alert.organizationId,
        alert.scanTargetId,
        alert.rule,
        alert.resource,
        alert.severity ?? 'HIGH',
        state,
        alert.tags ?? [],
        alert.labels ?? [],
        JSON.stringify(alert.enrichment ?? { evidence: `raw evidence of ${alert.resource}` }),
        JSON.stringify(alert.metadata ?? { account: '123456789012', arn: `arn:aws:s3:::${alert.resource}` }),
        openedAt,
        alert.resolvedAt ?? null,
        createdAt,
        alert.updatedAt ?? createdAt,
      ],
    );
    await db.pool.query(
      `INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels,
                                         enrichment, metadata, "timelinessThreshold", "openedAt", "resolvedAt", operation, "createdAt")
       SELECT id, "organizationId", "scanTargetId", rule, resource, severity, $2, version, tags, labels, enrichment, metadata,
              "timelinessThreshold", "openedAt", NULL, 'CREATE', "createdAt"
         FROM alerts.alerts WHERE id = $1`,
      [id, state === 'CLOSED' ? 'OPEN' : state],
    );
    if (state === 'CLOSED') {
      await db.pool.query(
        `INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels,
                                           enrichment, metadata, "timelinessThreshold", "openedAt", "resolvedAt", operation, "createdAt")
         SELECT id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, enrichment, metadata,
                "timelinessThreshold", "openedAt", "resolvedAt", 'CLOSE', COALESCE("resolvedAt", now())
           FROM alerts.alerts WHERE id = $1`,
        [id],
      );
    }
  }
  return ids;
}

/** `followerId` follows `followedId` (an accepted follow), with the follower's tags on it. */
export async function follow(db: Database, followerId: string, followedId: string, tags: string[] = []): Promise<void> {
  await db.pool.query(
    `INSERT INTO organizations.follows ("followerId", "followedId", tags) VALUES ($1, $2, $3)
     ON CONFLICT ("followerId", "followedId") DO UPDATE SET tags = EXCLUDED.tags`,
    [followerId, followedId, tags],
  );
}

/** A user who is a regular (read-only) member of `organizationId`; it also administers a home organization of its own. */
export async function addReadOnlyMember(t: TestVigil, email: string, organizationId: string): Promise<Account> {
  const account = await t.bootstrap(email, `${email} home`);
  await t.vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{}', now())`, [
    organizationId,
    account.userId,
  ]);
  return account;
}

export async function eventsOf(
  db: Database,
  organizationId: string,
  name?: string,
): Promise<Array<{ name: string; data: Record<string, unknown>; metadata: Record<string, string> }>> {
  // Through the log's reader: a follower's AlertFollowing* events are derived there, not stored.
  const rows = await readEventLog(db.pool, { organizationId, name, limit: 1_000_000 });
  return rows.map(({ name, data, metadata }) => ({ name, data, metadata }));
}

/** Many alerts at once (set-based), with their CREATE history records. */
export async function insertManyAlerts(
  db: Database,
  options: { organizationId: string; scanTargetId: string; count: number; rule: string; severity?: string; state?: string; prefix?: string },
): Promise<void> {
  await db.pool.query(
    `WITH a AS (
       INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, tags, labels, compliances, enrichment, metadata, "openedAt")
       SELECT gen_random_uuid(), $1, $2, $3, $4 || i, $5, $6, '{}', '{}', '{}', '{"evidence":"x"}', '{"account":"1"}', now()
         FROM generate_series(1, $7::int) i
       RETURNING *)
     INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, enrichment, metadata, "openedAt", operation)
     SELECT id, "organizationId", "scanTargetId", rule, resource, severity, state, version, enrichment, metadata, "openedAt", 'CREATE' FROM a`,
    [options.organizationId, options.scanTargetId, options.rule, options.prefix ?? 'many-', options.severity ?? 'LOW', options.state ?? 'OPEN', options.count],
  );
}

/**
 * An operation on the alerts subgraph itself, as `account`: how tests reach the fields the public
 * schema hides (`@inaccessible`: the REST routes' page-numbered lists and database-built records),
 * which /graphql refuses as unknown fields.
 */
export async function alertsSubgraph(t: TestVigil, account: Account, query: string, variables: Record<string, unknown> = {}) {
  const body = { query, variables };
  const answer = await request(t.vigil.subgraphs.alerts!.url, 'POST', '', {
    body,
    headers: signPrincipal(t.secret, { userId: account.userId, apiKeyId: 'test' }, body),
  });
  return answer as { status: number; body: { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
}

/**
 * The alert CSV export (workers/export-csv.ts) as `viewer` sees it, written twice: through COPY, then through
 * the keyset batches the embedded database uses (`copy: false`). Each file's text.
 */
export async function alertCsvBothWays(
  t: TestVigil,
  viewer: { userId: string },
  options: Pick<Parameters<typeof writeAlertCsv>[1], 'organizationId' | 'following' | 'params'>,
): Promise<{ copy: string; batches: string }> {
  const written = async (copy: boolean) => {
    const file = new ExportFile();
    try {
      const policy = new Visibility(t.vigil.db.pool, { userId: viewer.userId, apiKeyId: '' });
      await writeAlertCsv(t.vigil.db.pool, { policy, secret: t.secret, ...options, copy }, file);
      await file.finish();
      return readFileSync(file.path, 'utf8');
    } finally {
      await file.remove();
    }
  };
  const copy = await written(true);
  return { copy, batches: await written(false) };
}
