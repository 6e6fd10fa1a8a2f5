import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { historyCopySql } from '../../../lib/alert-columns';
import { type Database, liftQueryTimeout } from '../../../lib/db';
import { appendEventsSql, EVENT, EVENT_SOURCES } from '../../../lib/events';
import type { Severity } from '../../../lib/vocabulary';
import { alertJsonSql } from '../alert-record';
import { textArrayLiteral } from '../alerts/rule-catalog';
import { scanJsonSql } from '../event-payloads';
import { scanTargetJsonSql } from '../scan-targets/scan-targets';

/** One finding of a scan, as every source (ingestion, demo scanner) normalizes it. */
export interface Finding {
  rule: string;
  resource: string;
  /** null: the rule's default severity. */
  severity: Severity | null;
  metadata: Record<string, string>;
  enrichment: Record<string, unknown> | Record<string, unknown>[];
  /** Sorted, without repeats. */
  tags: string[];
  /** null: the rule's compliances. */
  compliances: string[] | null;
  /** Title of the rule when the catalog does not know it yet (else the rule id is its title). */
  title: string | null;
}

export interface ScanSummary {
  findings: number;
  created: number;
  reopened: number;
  updated: number;
  closed: number;
  unchanged: number;
  /** Findings dropped because an earlier one had the same rule and resource. */
  duplicates: number;
}

/** The scan was stopped (or finished) before its results arrived: they are discarded. */
export class ScanNotRunningError extends Error {
  constructor(
    readonly scanId: string,
    readonly status: string | null,
  ) {
    super(status ? `scan ${scanId} is ${status}, not RUNNING: its results are discarded` : `scan ${scanId} does not exist`);
    this.name = 'ScanNotRunningError';
  }
}

const EVENT_METADATA = `jsonb_build_object('scanId', $3::uuid::text, 'scanTargetId', $1::uuid::text)`;

/**
 * Sorts the batch against the target's alerts in one pass (a hash full join) into the changes to
 * make: CLOSE (open alert, no finding), CREATE (finding, no alert), REOPEN (finding of a CLOSED
 * alert), UPDATE (finding whose data differs from its open alert). Unchanged alerts are left out.
 * $1 scanTargetId, $2 organizationId.
 */
/** The alert columns alert_history copies, from the changed rows `c` (lib/alert-columns.ts). */
const HISTORY_COPY = historyCopySql('c');

const PLAN_SQL = `
  SELECT a.id,
         CASE WHEN f.rule IS NULL THEN 'CLOSE' WHEN a.id IS NULL THEN 'CREATE' WHEN a.state = 'CLOSED' THEN 'REOPEN' ELSE 'UPDATE' END AS operation,
         f.rule, f.resource, f.severity, f.metadata, f.enrichment, f.tags, f.compliances, f."timelinessThreshold"
    FROM (SELECT u.rule, u.resource, coalesce(u.severity, r.severity) AS severity, u.metadata, u.enrichment, u.tags,
                 coalesce(u.compliances, r.compliances, '{}') AS compliances, r."timelinessThreshold"
            FROM scan_findings_raw u JOIN alerts.rules r ON r.id = u.rule) f
    FULL JOIN (SELECT id, rule, resource, state, severity, metadata, enrichment, tags, compliances, "timelinessThreshold"
                 FROM alerts.alerts WHERE "scanTargetId" = $1::uuid AND "organizationId" = $2::uuid) a
      ON a.rule = f.rule AND a.resource = f.resource
   WHERE CASE WHEN f.rule IS NULL THEN a.state <> 'CLOSED'
              WHEN a.id IS NULL THEN true
              ELSE a.state = 'CLOSED' OR a.severity <> f.severity OR a.metadata <> f.metadata OR a.enrichment <> f.enrichment
                   OR a.tags IS DISTINCT FROM f.tags OR a.compliances IS DISTINCT FROM f.compliances
                   OR a."timelinessThreshold" IS DISTINCT FROM f."timelinessThreshold" END`;

/** A data column keeps its value when the alert closes, and takes the finding's otherwise. */
const refreshed = (column: string) => `${column} = CASE WHEN p.operation = 'CLOSE' THEN a.${column} ELSE p.${column} END`;

/**
 * Plans and applies in one statement: the plan (computed once, MATERIALIZED), the updates (close,
 * reopen, refresh) and the inserts, then one history row and the events of every changed alert.
 * $1 scanTargetId, $2 organizationId, $3 scanId. Followers read these events as
 * AlertFollowingCreated/AlertFollowingUpdated through lib/event-log.ts (derived when read, censored).
 */
const APPLY_SQL = `
  WITH scan_plan AS MATERIALIZED (${PLAN_SQL}
  ), updated AS (
    UPDATE alerts.alerts a
       SET state = CASE WHEN p.operation = 'CLOSE' THEN 'CLOSED' WHEN a.state = 'CLOSED' THEN 'OPEN' ELSE a.state END,
           "resolvedAt" = CASE WHEN p.operation = 'CLOSE' THEN now() WHEN a.state = 'CLOSED' THEN NULL ELSE a."resolvedAt" END,
           "openedAt" = CASE WHEN p.operation <> 'CLOSE' AND a.state = 'CLOSED' THEN now() ELSE a."openedAt" END,
           ${['severity', 'metadata', 'enrichment', 'tags', 'compliances', '"timelinessThreshold"'].map(refreshed).join(', ')},
           version = a.version + 1, "updatedAt" = now(), "lastScanId" = $3::uuid
      FROM scan_plan p
     WHERE p.id IS NOT NULL AND a.id = p.id
    RETURNING a.*, p.operation
  ), created AS (
    INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, compliances,
                               enrichment, metadata, "timelinessThreshold", "lastScanId", "openedAt", "resolvedAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), $2::uuid, $1::uuid, p.rule, p.resource, p.severity, 'OPEN', 1, p.tags, '{}', p.compliances,
           p.enrichment, p.metadata, p."timelinessThreshold", $3::uuid, now(), NULL, now(), now()
      FROM scan_plan p
     WHERE p.operation = 'CREATE'
    RETURNING *, 'CREATE'::text AS operation
  ), changed AS (
    SELECT * FROM updated UNION ALL SELECT * FROM created
  ), history AS (
    INSERT INTO alerts.alert_history (${HISTORY_COPY.columns}, operation, "userId", "createdAt")
    SELECT ${HISTORY_COPY.values}, c.operation, NULL, now()
      FROM changed c
  ), payloads AS (
    SELECT c."organizationId", c.operation, ${alertJsonSql('c')} AS data FROM changed c
  ), events AS (
    ${appendEventsSql({
      from: 'payloads p',
      organizationId: 'p."organizationId"',
      name: [`p.operation = 'CREATE'`, EVENT.AlertCreated, EVENT.AlertUpdated],
      source: EVENT_SOURCES.alert,
      data: 'p.data',
      metadata: EVENT_METADATA,
    })}
  )
  SELECT count(*) FILTER (WHERE operation = 'CREATE')::int AS created, count(*) FILTER (WHERE operation = 'REOPEN')::int AS reopened,
         count(*) FILTER (WHERE operation = 'UPDATE')::int AS updated, count(*) FILTER (WHERE operation = 'CLOSE')::int AS closed
    FROM changed`;

/** The scan is DONE with its summary, the target's lastScanAt moves (an ingested scan makes it EXTERNAL: ScanTargetUpdated), ScanCompleted is logged. */
const COMPLETE_SQL = `
  WITH done AS (
    UPDATE alerts.scans s
       SET status = 'DONE', "findingsCount" = $2::int, summary = $3::jsonb, error = NULL, "finishedAt" = now(), "updatedAt" = now()
     WHERE s.id = $1::uuid
    RETURNING s.*
  ), before AS (
    SELECT t.id, t.scanner FROM alerts.scan_targets t JOIN done ON t.id = done."scanTargetId"
  ), target AS (
    -- Findings ingested from a real scanner end demo scanning of the target (ScanTargetScanner):
    -- that change is a ScanTargetUpdated like any other.
    UPDATE alerts.scan_targets t
       SET "lastScanAt" = now(),
           scanner = CASE WHEN done.trigger = 'INGEST' THEN 'EXTERNAL' ELSE t.scanner END,
           "updatedAt" = CASE WHEN done.trigger = 'INGEST' AND before.scanner <> 'EXTERNAL' THEN now() ELSE t."updatedAt" END
      FROM done, before WHERE t.id = done."scanTargetId" AND before.id = t.id
    RETURNING t.*, done.trigger = 'INGEST' AND before.scanner <> 'EXTERNAL' AS "becameExternal"
  ), target_events AS (
    ${appendEventsSql({
      from: 'target t',
      where: 't."becameExternal"',
      organizationId: 't."organizationId"',
      name: EVENT.ScanTargetUpdated,
      source: EVENT_SOURCES.scanTarget,
      data: scanTargetJsonSql('t'),
      metadata: `jsonb_build_object('scanId', $1::uuid::text)`,
    })}
  )
  ${appendEventsSql({ from: 'done', organizationId: 'done."organizationId"', name: EVENT.ScanCompleted, source: EVENT_SOURCES.scan, data: scanJsonSql('done') })}`;

function dedupe(findings: readonly Finding[]): { unique: Finding[]; duplicates: number } {
  const seen = new Set<string>();
  const unique: Finding[] = [];
  for (const finding of findings) {
    const key = `${finding.rule}\u0000${finding.resource}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(finding);
  }
  return { unique, duplicates: findings.length - unique.length };
}

/** Rules the catalog does not know yet are added (title = the finding's title or the rule id). */
async function addUnknownRules(client: pg.PoolClient, findings: readonly Finding[]): Promise<void> {
  const rules = new Map<string, Finding>();
  for (const finding of findings) if (!rules.has(finding.rule)) rules.set(finding.rule, finding);
  const list = [...rules.values()].sort((a, b) => (a.rule < b.rule ? -1 : 1));
  await client.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "createdAt", "updatedAt")
     SELECT r.id, r.title, r.title, r.severity, r.compliances::text[], NULL, now(), now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(id, title, severity, compliances)
     ON CONFLICT (id) DO NOTHING`,
    [
      list.map((f) => f.rule),
      list.map((f) => f.title ?? f.rule),
      list.map((f) => f.severity ?? 'MEDIUM'),
      list.map((f) => textArrayLiteral(f.compliances ?? [])),
    ],
  );
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
const copyText = (value: string) => (COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : value);

/** JSON.stringify output has no raw control characters (they are \\u-escaped), so only its backslashes need escaping. */
const copyJson = (value: unknown) => {
  const json = JSON.stringify(value);
  return json.includes('\\') ? json.replace(/\\/g, '\\\\') : json;
};

const COPY_CHUNK_ROWS = 2_000;

/**
 * The raw findings as COPY text rows (rule, resource, severity, metadata, enrichment, tags,
 * compliances), in chunks built as the connection asks for them, so PostgreSQL parses one chunk
 * while Node builds the next.
 */
function* copyRows(findings: readonly Finding[]): Generator<Buffer> {
  for (let start = 0; start < findings.length; start += COPY_CHUNK_ROWS) {
    let text = '';
    for (let i = start; i < Math.min(start + COPY_CHUNK_ROWS, findings.length); i++) {
      const f = findings[i];
      const compliances = f.compliances ? copyText(textArrayLiteral(f.compliances)) : '\\N';
      text += `${copyText(f.rule)}\t${copyText(f.resource)}\t${f.severity ?? '\\N'}\t${copyJson(f.metadata)}\t${copyJson(f.enrichment)}\t${copyText(textArrayLiteral(f.tags))}\t${compliances}\n`;
    }
    yield Buffer.from(text);
  }
}

/**
 * The batch as a temporary table, with the rule catalog's defaults filled in. The raw rows arrive
 * by COPY (PostgreSQL's bulk path); the embedded PGlite database takes them as one JSON parameter.
 */
async function loadFindings(db: Database, client: pg.PoolClient, findings: readonly Finding[]): Promise<void> {
  await client.query(`CREATE TEMP TABLE scan_findings_raw (
      rule text NOT NULL, resource text NOT NULL, severity text, metadata jsonb NOT NULL, enrichment jsonb NOT NULL,
      tags text[] NOT NULL, compliances text[]) ON COMMIT DROP`);
  if (findings.length === 0) return;
  if (db.mode === 'postgres') {
    await pipeline(Readable.from(copyRows(findings)), client.query(copyFrom('COPY scan_findings_raw FROM STDIN')));
  } else {
    await client.query(
      `INSERT INTO scan_findings_raw
       SELECT rule, resource, severity, metadata, enrichment, ARRAY(SELECT jsonb_array_elements_text(tags)),
              CASE WHEN compliances IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(compliances)) END
         FROM jsonb_to_recordset($1::jsonb) AS u(rule text, resource text, severity text, metadata jsonb, enrichment jsonb, tags jsonb, compliances jsonb)`,
      [JSON.stringify(findings)],
    );
  }
}

/**
 * Applies a completed scan's full set of findings to the alerts of its target, in one transaction
 * of set-based statements (never a query per finding):
 * - a finding with no alert → new OPEN alert (version 1, openedAt), history CREATE, AlertCreated;
 * - a finding of a CLOSED alert → OPEN again, new openedAt, resolvedAt cleared, history REOPEN;
 * - a finding of an open alert → its state stays (RISK_ACCEPTED stays accepted), its data
 *   (severity, metadata, enrichment, tags, compliances, timelinessThreshold) is refreshed; only when
 *   something changed: version + 1, history UPDATE, AlertUpdated;
 * - an open alert with no finding → CLOSED with resolvedAt, history CLOSE, AlertUpdated.
 * Followers of the organization see AlertFollowingCreated/AlertFollowingUpdated, the censored copies
 * lib/event-log.ts derives from these events when a log is read (no row per follower here). The scan becomes DONE with its summary in the same transaction; the
 * scan must be RUNNING (a stopped scan's results are discarded: ScanNotRunningError). Any error
 * rolls everything back, so a failed scan changes no alert.
 */
export async function reconcileScan(
  db: Database,
  scanId: string,
  findings: readonly Finding[],
  options: { timings?: Record<string, number> } = {},
): Promise<ScanSummary> {
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    if (options.timings) options.timings[name] = now - mark;
    mark = now;
  };
  const { unique, duplicates } = dedupe(findings);
  const client = await db.pool.connect();
  // Nor does Vigil's client-side query timeout apply (lib/db.ts), until the client goes back to the pool.
  let restoreQueryTimeout: () => void = () => undefined;
  try {
    await client.query('BEGIN');
    // The batch's hash joins stay in memory instead of spilling to disk.
    await client.query(`SET LOCAL work_mem = '128MB'`);
    // A very large scan's apply may outlast VIGIL_DATABASE_STATEMENT_TIMEOUT_MS (meant for requests): none here.
    await client.query('SET LOCAL statement_timeout = 0');
    restoreQueryTimeout = liftQueryTimeout(client);
    const scan = await client.query<{ status: string; scanTargetId: string; organizationId: string }>(
      `SELECT status, "scanTargetId", "organizationId" FROM alerts.scans WHERE id = $1 FOR UPDATE`,
      [scanId],
    );
    const row = scan.rows[0];
    if (row?.status !== 'RUNNING') throw new ScanNotRunningError(scanId, row?.status ?? null);
    phase('start');
    await addUnknownRules(client, unique);
    phase('rules');
    await loadFindings(db, client, unique);
    phase('load');
    const { created, reopened, updated, closed } = (
      await client.query<{ created: number; reopened: number; updated: number; closed: number }>(APPLY_SQL, [row.scanTargetId, row.organizationId, scanId])
    ).rows[0];
    phase('apply');
    const summary: ScanSummary = {
      findings: unique.length,
      created,
      reopened,
      updated,
      closed,
      unchanged: unique.length - created - reopened - updated,
      duplicates,
    };
    await client.query(COMPLETE_SQL, [scanId, unique.length, JSON.stringify(summary)]);
    await client.query('COMMIT');
    phase('commit');
    return summary;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    restoreQueryTimeout();
    client.release();
  }
}
