import type pg from 'pg';
import { historyCopySql } from '../../../lib/alert-columns';
import { DEFAULT_QUOTAS, type Quotas } from '../../../lib/config';
import { inTransaction } from '../../../lib/db';
import { badRequest, notFound } from '../../../lib/errors';
import { appendEventsSql, EVENT, EVENT_SOURCES } from '../../../lib/events';
import { requireWithinQuota } from '../../../lib/quotas';
import { STATES } from '../../../lib/vocabulary';
import { alertJsonSql, iso } from '../alert-record';
import type { NewCommentRow } from './comments';
import { expandStates } from './filters';
import { LIVE_TARGET_SQL, liveTargetCondition, Params } from './sql';

/**
 * Changes users make to alerts: state and labels (one alert or a batch), and comments. Every change
 * is set-based SQL in one transaction: the alerts UPDATE, one alert_history row (operation UPDATE)
 * per changed alert, AlertUpdated for the organization (followers read it as a censored
 * AlertFollowingUpdated, derived by lib/event-log.ts), and the comment with its
 * AlertCommentCreated. CLOSED is set only by scans; any other state may be set from any state
 * (spec, "States and transitions"): moving a CLOSED alert by hand reopens it as a scan's reopening
 * does (openedAt now, resolvedAt cleared), and the next scan that does not find it closes it again.
 */

export const SETTABLE_STATES = STATES.filter((s) => s !== 'CLOSED');
export const BATCH_CHUNK = 1000;

export function settableState(state: unknown, field = 'state'): string {
  if (typeof state !== 'string' || !(SETTABLE_STATES as readonly string[]).includes(state)) {
    throw badRequest(
      state === 'CLOSED' ? `${field}: an alert is CLOSED only when a scan finds the problem solved` : `${field} must be one of ${SETTABLE_STATES.join(', ')}`,
      field,
    );
  }
  return state;
}

const commentJsonSql = (c: string) =>
  `jsonb_build_object('id', ${c}.id, 'organizationId', ${c}."organizationId", 'alertId', ${c}."alertId", 'userId', ${c}."userId",
    'comment', ${c}.comment, 'mimeType', ${c}."mimeType", 'createdAt', ${iso(`${c}."createdAt"`)})`;

/** AlertCommentCreated for every comment row of `from` (rows aliased `c`). */
const commentEventsSql = (from: string, metadata: string) =>
  appendEventsSql({
    from,
    organizationId: 'c."organizationId"',
    name: EVENT.AlertCommentCreated,
    source: EVENT_SOURCES.alertComment,
    data: commentJsonSql('c'),
    metadata,
  });

export interface CommentInput {
  comment: string;
  mimeType?: string | null;
}

/** The alert columns alert_history copies, from the updated rows `u` (lib/alert-columns.ts). */
const HISTORY_COPY = historyCopySql('u');

/**
 * A CLOSED alert leaves CLOSED only by a state change, and every state but CLOSED is open: it is
 * reopened as a scan reopens it. In SET, `a.state` is the state before the change.
 */
const REOPENED_BY_HAND = `"openedAt" = CASE WHEN a.state = 'CLOSED' THEN now() ELSE a."openedAt" END,
  "resolvedAt" = CASE WHEN a.state = 'CLOSED' THEN NULL ELSE a."resolvedAt" END`;

/**
 * The statement that applies `set` to the alerts `picked` selects (a SELECT of ids), and writes the
 * history, events and optional comment of every alert it changed. Returns the changed count.
 */
function changeAlertsSql(p: Params, picked: string, set: string, userId: string, comment?: CommentInput): string {
  const user = p.add(userId);
  const metadata = `jsonb_build_object('userId', ${user}::text)`;
  const commentCtes = comment
    ? `, comments AS (
         INSERT INTO alerts.alert_comments (id, "organizationId", "alertId", "userId", comment, "mimeType")
         SELECT gen_random_uuid(), u."organizationId", u.id, ${user}::uuid, ${p.add(comment.comment)}, ${p.add(comment.mimeType || 'text/markdown')}
           FROM updated u
         RETURNING *),
       comment_events AS (${commentEventsSql('comments c', metadata)})`
    : '';
  return `WITH picked AS (${picked}),
    updated AS (
      UPDATE alerts.alerts a SET ${set}, ${REOPENED_BY_HAND}, version = a.version + 1, "updatedAt" = now()
        FROM picked WHERE a.id = picked.id
      RETURNING a.*),
    history AS (
      INSERT INTO alerts.alert_history (${HISTORY_COPY.columns}, operation, "userId")
      SELECT ${HISTORY_COPY.values}, 'UPDATE', ${user}::uuid
        FROM updated u ORDER BY u.id),
    events AS (${appendEventsSql({ from: 'updated u', organizationId: 'u."organizationId"', name: EVENT.AlertUpdated, source: EVENT_SOURCES.alert, data: alertJsonSql('u'), metadata })})
    ${commentCtes}
    SELECT count(*)::int AS count FROM updated`;
}

export interface AlertUpdate {
  state?: string | null;
  labels?: string[] | null;
  comment?: string | null;
  mimeType?: string | null;
}

/**
 * Update one alert of `organizationId` / `scanTargetId` (the caller is an ADMIN). Nothing changes
 * when the values are the current ones; a comment alone adds only the comment.
 */
export async function updateAlert(
  pool: pg.Pool,
  target: { organizationId: string; scanTargetId: string; alertId: string },
  update: AlertUpdate,
  userId: string,
  quotas: Quotas = DEFAULT_QUOTAS,
): Promise<void> {
  const state = update.state ? settableState(update.state) : undefined;
  const labels = update.labels ?? undefined;
  if (labels?.some((l) => typeof l !== 'string' || l.trim() === '' || l.length > 200))
    throw badRequest('labels must be non-empty strings of at most 200 characters', 'labels');
  if (labels) requireWithinQuota(quotas, 'labelsPerAlert', 0, new Set(labels).size);
  const comment = update.comment?.trim() ? { comment: update.comment, mimeType: update.mimeType } : undefined;
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ state: string; labels: string[] | null }>(
      `SELECT state, labels FROM alerts.alerts a WHERE id = $1 AND "organizationId" = $2 AND "scanTargetId" = $3 AND ${LIVE_TARGET_SQL('a')} FOR UPDATE OF a`,
      [target.alertId, target.organizationId, target.scanTargetId],
    );
    const current = rows[0];
    if (!current) throw notFound('Alert');
    // The alert's row is locked (FOR UPDATE above): concurrent comments count each other.
    if (comment) requireWithinQuota(quotas, 'commentsPerAlert', await commentCount(client, target.alertId));
    const stateChanges = state !== undefined && state !== current.state;
    const labelsChange = labels !== undefined && JSON.stringify(labels) !== JSON.stringify(current.labels ?? []);
    if (stateChanges || labelsChange) {
      const p = new Params();
      const picked = `SELECT ${p.add(target.alertId)}::uuid AS id`;
      const set = [stateChanges ? `state = ${p.add(state)}` : null, labelsChange ? `labels = ${p.add(labels)}::text[]` : null].filter(Boolean).join(', ');
      const sql = changeAlertsSql(p, picked, set, userId, comment);
      await client.query(sql, p.values);
    } else if (comment) {
      await insertComment(client, { organizationId: target.organizationId, alertId: target.alertId, userId, ...comment });
    }
  });
}

/**
 * A batch that adds a comment adds it to every alert it changes: refused (409, nothing changed) when one
 * of them already holds the comment quota, as a single update would be. The picked rows are locked
 * (FOR UPDATE in `picked`), so concurrent comments count each other.
 */
async function requireBatchCommentQuota(client: pg.PoolClient, picked: string, p: Params, quotas: Quotas): Promise<void> {
  if (quotas.commentsPerAlert <= 0) return;
  const { rows } = await client.query<{ most: number | null }>(
    `WITH picked AS (${picked})
     SELECT max((SELECT count(*) FROM alerts.alert_comments c WHERE c."alertId" = picked.id))::int AS most FROM picked`,
    p.values,
  );
  requireWithinQuota(quotas, 'commentsPerAlert', rows[0]?.most ?? 0);
}

async function commentCount(client: pg.PoolClient | pg.Pool, alertId: string): Promise<number> {
  const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM alerts.alert_comments WHERE "alertId" = $1`, [alertId]);
  return rows[0].count;
}

async function insertComment(
  client: pg.PoolClient | pg.Pool,
  input: { organizationId: string; alertId: string; userId: string; comment: string; mimeType?: string | null },
): Promise<NewCommentRow> {
  const { rows } = await client.query<NewCommentRow>(
    `WITH c AS (
       INSERT INTO alerts.alert_comments (id, "organizationId", "alertId", "userId", comment, "mimeType")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5) RETURNING *),
     e AS (${commentEventsSql('c', `jsonb_build_object('userId', $3::text)`)})
     SELECT * FROM c`,
    [input.organizationId, input.alertId, input.userId, input.comment, input.mimeType || 'text/markdown'],
  );
  return rows[0];
}

/** A member comments on an alert of its organization (optionally checking the alert's scan target). */
export async function createComment(
  pool: pg.Pool,
  input: { organizationId: string; alertId: string; scanTargetId?: string | null; userId: string; comment: string; mimeType?: string | null },
  quotas: Quotas = DEFAULT_QUOTAS,
): Promise<NewCommentRow> {
  if (typeof input.comment !== 'string' || input.comment.trim() === '') throw badRequest('comment must be a non-empty string', 'comment');
  if (input.comment.length > 100_000) throw badRequest('comment must be at most 100000 characters', 'comment');
  if (input.mimeType !== undefined && input.mimeType !== null && !/^[\w.+-]+\/[\w.+-]+$/.test(input.mimeType))
    throw badRequest('mimeType must be a MIME type such as text/markdown', 'mimeType');
  const { rows } = await pool.query(
    `SELECT 1 FROM alerts.alerts a WHERE id = $1 AND "organizationId" = $2 AND ($3::uuid IS NULL OR "scanTargetId" = $3::uuid) AND ${LIVE_TARGET_SQL('a')}`,
    [input.alertId, input.organizationId, input.scanTargetId ?? null],
  );
  if (!rows.length) throw notFound('Alert');
  return inTransaction(pool, async (client) => {
    // Locks the alert's row so that concurrent comments count each other.
    await client.query(`SELECT 1 FROM alerts.alerts WHERE id = $1 FOR UPDATE`, [input.alertId]);
    requireWithinQuota(quotas, 'commentsPerAlert', await commentCount(client, input.alertId));
    return insertComment(client, input);
  });
}

export interface BatchCondition {
  dryRun?: boolean | null;
  scanTargetIds?: string[] | null;
  scanTargetTags?: string[] | null;
  includeEmptyScanTargetTags?: boolean | null;
  states?: string[] | null;
  severities?: string[] | null;
  selection?: { alertIds?: string[] | null; rules?: string[] | null } | null;
  /** Legacy clients sent the rules here instead of in `selection`. */
  rules?: string[] | null;
}

export interface BatchResult {
  count: number;
  dryRun: boolean;
  remaining: number;
}

/** Which alerts a batch still has to change: matching (CLOSED ones too: they reopen), not already in the target state. */
function batchWhere(p: Params, organizationId: string, state: string, condition: BatchCondition): string {
  const org = p.add(organizationId);
  const where = [`a."organizationId" = ${org}::uuid`, `a.state <> ${p.add(state)}`, liveTargetCondition(p, [organizationId])];
  if (condition.scanTargetIds?.length) where.push(`a."scanTargetId" = ANY(${p.add(condition.scanTargetIds)}::uuid[])`);
  if (condition.scanTargetTags?.length) {
    const tagged = `st.tags && ${p.add(condition.scanTargetTags)}::text[]`;
    where.push(
      `a."scanTargetId" IN (SELECT st.id FROM alerts.scan_targets st WHERE st."organizationId" = ${org}::uuid AND ${condition.includeEmptyScanTargetTags ? `(${tagged} OR cardinality(st.tags) = 0)` : tagged})`,
    );
  }
  const states = expandStates(condition.states);
  if (states) where.push(`a.state = ANY(${p.add(states)}::text[])`);
  if (condition.severities?.length) where.push(`a.severity = ANY(${p.add(condition.severities)}::text[])`);
  if (condition.selection?.alertIds?.length) where.push(`a.id = ANY(${p.add(condition.selection.alertIds)}::uuid[])`);
  const rules = [...(condition.selection?.rules ?? []), ...(condition.rules ?? [])];
  if (rules.length) where.push(`a.rule = ANY(${p.add(rules)}::text[])`);
  return where.join(' AND ');
}

/**
 * Sets `state` on the alerts matching `condition`, at most BATCH_CHUNK per call; `remaining` says how
 * many still match, so re-sending the same request finishes the job. A dry run only counts.
 */
export async function batchUpdateAlerts(
  pool: pg.Pool,
  input: { organizationId: string; state: string; comment?: string | null; condition: BatchCondition; userId: string },
  chunk = BATCH_CHUNK,
  quotas: Quotas = DEFAULT_QUOTAS,
): Promise<BatchResult> {
  const state = settableState(input.state);
  if (typeof input.comment === 'string' && input.comment.length > 100_000) throw badRequest('comment must be at most 100000 characters', 'comment');
  if (input.condition.dryRun) {
    const p = new Params();
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts.alerts a WHERE ${batchWhere(p, input.organizationId, state, input.condition)}`,
      p.values,
    );
    return { count: rows[0].n, dryRun: true, remaining: 0 };
  }
  return inTransaction(pool, async (client) => {
    const p = new Params();
    const picked = `SELECT a.id FROM alerts.alerts a WHERE ${batchWhere(p, input.organizationId, state, input.condition)} ORDER BY a.id LIMIT ${p.add(chunk)} FOR UPDATE OF a`;
    const comment = input.comment?.trim() ? { comment: input.comment } : undefined;
    if (comment) await requireBatchCommentQuota(client, picked, p, quotas);
    const sql = changeAlertsSql(p, picked, `state = ${p.add(state)}`, input.userId, comment);
    const changed = await client.query<{ count: number }>(sql, p.values);
    const q = new Params();
    const left = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts.alerts a WHERE ${batchWhere(q, input.organizationId, state, input.condition)}`,
      q.values,
    );
    return { count: changed.rows[0].count, dryRun: false, remaining: left.rows[0].n };
  });
}
