import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../../lib/db';
import { badRequest, notFound } from '../../lib/errors';
import { checkEventNames, EVENT, EVENT_SOURCES, recordEventSql } from '../../lib/events';
import { checkWebhookUrl } from './webhook-targets';

/**
 * Webhooks: registration (ADMIN; the resolvers check the role) and the delivery log. Delivery
 * itself is workers/webhook-deliver.ts. A webhook's secret is made here, answered once (create and
 * rotate), never listed again, and stored sealed (AES-256-GCM under the instance secret).
 */
export const WEBHOOK_SOURCE = EVENT_SOURCES.webhook;

export interface WebhookRow {
  id: string;
  organizationId: string;
  url: string;
  eventNames: string[] | null;
  enabled: boolean;
  secret: string;
  cursorSeq: string;
  consecutiveFailures: number;
  failingSince: Date | null;
  nextAttemptAt: Date | null;
  disabledReason: string | null;
  lastDeliveryAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookInput {
  url?: string | null;
  /** null or absent: every event. */
  eventNames?: string[] | null;
  enabled?: boolean | null;
}

/** Standard Webhooks secrets: `whsec_` + base64 of 24 random bytes (192 bits; the spec asks 24–64). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

// ── the signing secret at rest: AES-256-GCM under a key derived from the instance secret ──
const sealingKeys = new Map<string, Buffer>();
function sealingKey(instanceSecret: string): Buffer {
  let key = sealingKeys.get(instanceSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', instanceSecret, 'vigil', 'webhook-signing-secret/v1', 32));
    sealingKeys.set(instanceSecret, key);
  }
  return key;
}

/** `v1.<base64url(iv | tag | ciphertext)>`, bound to the webhook id (a row copied to another webhook does not open). */
export function sealWebhookSecret(instanceSecret: string, webhookId: string, signingSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(instanceSecret), iv);
  cipher.setAAD(Buffer.from(webhookId));
  const sealed = Buffer.concat([cipher.update(signingSecret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The signing secret, or null when the row does not open (another instance secret, a tampered row). */
export function openWebhookSecret(instanceSecret: string, webhookId: string, stored: string): string | null {
  if (!stored.startsWith('v1.')) return null;
  try {
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(instanceSecret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(webhookId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What events and answers say about a webhook (never its secret or delivery position). */
export function publicWebhook<Row extends WebhookRow>(row: Row) {
  const { secret: _secret, cursorSeq: _cursor, nextAttemptAt: _next, ...rest } = row;
  return rest;
}

/** A webhook's place in its organization's list: its creation time as PostgreSQL spells it (microseconds kept), and its id. */
export interface WebhookPosition {
  createdAt: string;
  id: string;
}

/** The organization's webhooks, oldest first: all of them, or `limit` after `after`. Each row carries its position (`createdAtKey`). */
export async function listWebhooks(
  pool: pg.Pool,
  organizationId: string,
  page: { after: WebhookPosition | null; limit: number } | null = null,
): Promise<Array<WebhookRow & { createdAtKey: string }>> {
  const { rows } = await pool.query<WebhookRow & { createdAtKey: string }>(
    `SELECT *, "createdAt"::text AS "createdAtKey" FROM documents.webhooks
      WHERE "organizationId" = $1 AND ($2::timestamptz IS NULL OR ("createdAt", id) > ($2::timestamptz, $3::uuid))
      ORDER BY "createdAt", id LIMIT $4`,
    [organizationId, page?.after?.createdAt ?? null, page?.after?.id ?? null, page?.limit ?? null],
  );
  return rows;
}

/** A webhook by its id alone, whatever its organization (an entity reference: node(id:)), or null. */
export async function findWebhook(pool: pg.Pool, id: string): Promise<WebhookRow | null> {
  const { rows } = await pool.query<WebhookRow>(`SELECT * FROM documents.webhooks WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function getWebhook(pool: pg.Pool | pg.PoolClient, organizationId: string, id: string): Promise<WebhookRow> {
  const { rows } = await pool.query<WebhookRow>(`SELECT * FROM documents.webhooks WHERE "organizationId" = $1 AND id = $2`, [organizationId, id]);
  if (!rows[0]) throw notFound('Webhook');
  return rows[0];
}

/**
 * A new webhook starts after the newest event of the log at its creation (its own WebhookCreated
 * included): it receives what happens from now on, not the organization's history.
 */
export async function createWebhook(
  pool: pg.Pool,
  instanceSecret: string,
  allowHosts: readonly string[],
  organizationId: string,
  userId: string,
  input: WebhookInput,
): Promise<WebhookRow> {
  if (typeof input.url !== 'string') throw badRequest('url is required', 'url');
  const url = await checkWebhookUrl(input.url, allowHosts);
  const eventNames = checkEventNames(input.eventNames);
  const id = randomUUID();
  const signingSecret = newWebhookSecret();
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<WebhookRow>(
      `INSERT INTO documents.webhooks (id, "organizationId", url, "eventNames", enabled, secret)
       VALUES ($6, $1, $2, $3, $4, $5) RETURNING *`,
      [organizationId, url, eventNames, input.enabled ?? true, sealWebhookSecret(instanceSecret, id, signingSecret), id],
    );
    const webhook = rows[0];
    await recordEventSql(client, { organizationId, name: EVENT.WebhookCreated, source: WEBHOOK_SOURCE, data: publicWebhook(webhook), metadata: { userId } });
    const moved = await client.query<WebhookRow>(
      `UPDATE documents.webhooks SET "cursorSeq" = (SELECT coalesce(max(seq), 0) FROM documents.events) WHERE id = $1 RETURNING *`,
      [webhook.id],
    );
    return { ...moved.rows[0], secret: signingSecret };
  });
}

/** Changes url, event names or enabled; enabling again clears the failure record (delivery resumes where it stopped). */
export async function updateWebhook(
  pool: pg.Pool,
  allowHosts: readonly string[],
  organizationId: string,
  id: string,
  userId: string,
  input: WebhookInput,
): Promise<WebhookRow> {
  const url = input.url === null || input.url === undefined ? null : await checkWebhookUrl(input.url, allowHosts);
  const namesGiven = input.eventNames !== undefined;
  const eventNames = checkEventNames(input.eventNames);
  return inTransaction(pool, async (client) => {
    const before = await getWebhook(client, organizationId, id);
    const enabling = input.enabled === true && !before.enabled;
    const { rows } = await client.query<WebhookRow>(
      `UPDATE documents.webhooks SET url = coalesce($3, url),
              "eventNames" = CASE WHEN $4 THEN $5::text[] ELSE "eventNames" END,
              enabled = coalesce($6, enabled),
              "consecutiveFailures" = CASE WHEN $7 THEN 0 ELSE "consecutiveFailures" END,
              "failingSince" = CASE WHEN $7 THEN NULL ELSE "failingSince" END,
              "nextAttemptAt" = CASE WHEN $7 THEN NULL ELSE "nextAttemptAt" END,
              "disabledReason" = CASE WHEN $7 THEN NULL ELSE "disabledReason" END,
              "updatedAt" = now()
        WHERE "organizationId" = $1 AND id = $2 RETURNING *`,
      [organizationId, id, url, namesGiven, eventNames, input.enabled ?? null, enabling],
    );
    const changes = Object.keys(input).filter((key) => input[key as keyof WebhookInput] !== undefined && (key !== 'url' || url !== null));
    await recordEventSql(client, {
      organizationId,
      name: EVENT.WebhookUpdated,
      source: WEBHOOK_SOURCE,
      data: { ...publicWebhook(rows[0]), changes },
      metadata: { userId },
    });
    return rows[0];
  });
}

/** A new secret, answered once (the returned row carries it in clear); the old one stops signing at once. */
export async function rotateWebhookSecret(pool: pg.Pool, instanceSecret: string, organizationId: string, id: string, userId: string): Promise<WebhookRow> {
  const signingSecret = newWebhookSecret();
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<WebhookRow>(
      `UPDATE documents.webhooks SET secret = $3, "updatedAt" = now() WHERE "organizationId" = $1 AND id = $2 RETURNING *`,
      [organizationId, id, sealWebhookSecret(instanceSecret, id, signingSecret)],
    );
    if (!rows[0]) throw notFound('Webhook');
    await recordEventSql(client, {
      organizationId,
      name: EVENT.WebhookUpdated,
      source: WEBHOOK_SOURCE,
      data: { ...publicWebhook(rows[0]), changes: ['secret'] },
      metadata: { userId },
    });
    return { ...rows[0], secret: signingSecret };
  });
}

export async function deleteWebhook(pool: pg.Pool, organizationId: string, id: string, userId: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<WebhookRow>(`DELETE FROM documents.webhooks WHERE "organizationId" = $1 AND id = $2 RETURNING *`, [organizationId, id]);
    if (!rows[0]) throw notFound('Webhook');
    await recordEventSql(client, { organizationId, name: EVENT.WebhookDeleted, source: WEBHOOK_SOURCE, data: publicWebhook(rows[0]), metadata: { userId } });
  });
}

export interface WebhookDeliveryRow {
  seq: string;
  webhookId: string;
  eventId: string;
  eventName: string;
  attempt: number;
  status: 'DELIVERED' | 'FAILED';
  responseCode: number | null;
  latencyMs: number;
  error: string | null;
  createdAt: Date;
}

/** The delivery log, newest attempt first, `limit` rows before `beforeSeq`. */
export async function readDeliveries(pool: pg.Pool, webhookId: string, beforeSeq: string | null, limit: number): Promise<WebhookDeliveryRow[]> {
  // ORDER BY d.seq: the bigint, not the text alias `seq` (which would sort "10" before "9").
  const { rows } = await pool.query<WebhookDeliveryRow>(
    `SELECT d.seq::text AS seq, d."webhookId", d."eventId", d."eventName", d.attempt, d.status, d."responseCode", d."latencyMs", d.error, d."createdAt"
       FROM documents.webhook_deliveries d
      WHERE d."webhookId" = $1 AND ($2::bigint IS NULL OR d.seq < $2::bigint)
      ORDER BY d.seq DESC LIMIT $3`,
    [webhookId, beforeSeq, limit],
  );
  return rows;
}
