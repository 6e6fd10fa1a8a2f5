import { Webhook } from 'standardwebhooks';
import type { Client } from 'undici';
import type { WebhookSettings } from '../lib/config';
import { inTransaction } from '../lib/db';
import { eventHorizonOf } from '../lib/event-horizon';
import { type EventLogRow, readEventLog } from '../lib/event-log';
import { EVENT, recordEventSql } from '../lib/events';
import type { JobDatabase } from '../lib/jobs/queue';
import type { JobHandler } from '../lib/jobs/runner';
import { checkLiteralHost, guardedLookup } from '../subgraphs/documents/webhook-targets';
import { openWebhookSecret, publicWebhook, WEBHOOK_SOURCE, type WebhookRow } from '../subgraphs/documents/webhooks';

/**
 * `webhook.deliver` { webhookId }: delivers a webhook's pending events, in log order, pipelined on one connection.
 *
 * The job reads the organization's event log through lib/event-log.ts exactly as the events API
 * does (a follower's derived AlertFollowing* events included, censored) from the webhook's stored
 * position (`cursorSeq`) up to the horizon of final events (lib/event-horizon.ts), POSTs each matching event as the event record (the spec's envelope),
 * signed per Standard Webhooks (`webhook-id` = the event id, the same on every retry), and moves
 * the position on after 2xx answers, taken in order. At most one job per webhook is queued or running (its
 * singletonKey is the webhook id), and its POSTs go out in log order on one connection, so a webhook's
 * events never overtake each other on the way to the receiver (up to MAX_IN_FLIGHT in flight, see there).
 *
 * At least once: the position and the delivery log are written after every FLUSH_EVERY events (or
 * FLUSH_MS) and at every failure, in one statement. A crash in between re-delivers the events
 * since the last write (receivers deduplicate on `webhook-id`); writing after every event would
 * cost a statement per event (not measured here; the POST round trip is the measured bottleneck:
 * 8.4 ms per event on the 2-core bench machine at load 17, see bench/webhooks.ts).
 *
 * A failure (non-2xx, timeout, connection error, refused address) stops the job: the POSTs sent
 * behind it are aborted and not counted (they come again after it, same `webhook-id`), the attempt is
 * logged, `nextAttemptAt` is set after an exponential backoff with jitter, and the wake-up poller
 * (workers/webhook-wake.ts) queues the job again when it is due. A webhook failing
 * `disableAfterFailures` times in a row, or for longer than `disableAfterMs`, is disabled with a
 * WebhookDisabled event; enabling it again resumes where it stopped (nothing is skipped).
 */
const PAGE = 200;
const FLUSH_EVERY = 50;
const FLUSH_MS = 200;
/** A job hands its slot back after this long even with events left; the poller queues it again. */
const MAX_RUN_MS = 30_000;
const MAX_ERROR_LENGTH = 500;
/**
 * POSTs in flight at once on a webhook's connection when it keeps answering 2xx (HTTP/1.1 pipelining:
 * sent in log order on one connection, answered in that order). One at a time, a delivery is one round
 * trip per event: ~3–4 ms when the receiver waits for a core, 8 ms p99 with two CPU burners, so 125–300
 * events/s against bench:webhooks' 500 written and the backlog became the latency (p99 1,063 ms, issue 38).
 */
const MAX_IN_FLIGHT = 16;
/** Open webhook connections a process keeps (one per webhook delivered to recently). */
const MAX_CONNECTIONS = 1000;

interface Attempt {
  event: EventLogRow;
  attempt: number;
  status: 'DELIVERED' | 'FAILED';
  responseCode: number | null;
  latencyMs: number;
  error: string | null;
}

interface Answer {
  status: number | null;
  /** performance.now() when the answer (or the failure) came. */
  answeredAt: number;
  error: string | null;
}

/** `instanceSecret` opens the stored signing secrets (VIGIL_SECRET). */
export function deliverWebhookEvents(db: JobDatabase, settings: WebhookSettings, instanceSecret: string): JobHandler<'webhook.deliver'> {
  const lookup = guardedLookup(settings.allowHosts);
  // One keep-alive connection per webhook (an origin shared by two webhooks does not make one wait
  // for the other's answers), reused from job to job; the least recently used is closed past
  // MAX_CONNECTIONS. A reused socket goes to the address checked when it was opened.
  const clients = new Map<string, Client>();
  function clientOf(webhookId: string, url: URL): Client {
    const key = `${webhookId} ${url.origin}`;
    let client = clients.get(key);
    if (client) clients.delete(key);
    else {
      // undici is loaded with the first delivery (as lib/apollo-internals/subgraph-transport.ts does): a process
      // that delivers no webhook never loads it.
      const { Client: UndiciClient } = require('undici') as typeof import('undici');
      client = new UndiciClient(url.origin, {
        pipelining: MAX_IN_FLIGHT,
        // Per answer: undici times the answer at the head of the connection, so a queued request's wait
        // behind earlier answers is not counted against it.
        headersTimeout: settings.timeoutMs,
        bodyTimeout: settings.timeoutMs,
        connect: { lookup, timeout: settings.timeoutMs },
      });
    }
    clients.set(key, client);
    if (clients.size > MAX_CONNECTIONS) {
      const [oldest, old] = clients.entries().next().value as [string, Client];
      clients.delete(oldest);
      old.close().catch(() => undefined);
    }
    return client;
  }

  /**
   * One POST; it resolves with the answer (never rejects). undici pipelines a POST only when told it is
   * `idempotent` (a delivery is: the receiver deduplicates on `webhook-id`) and not `blocking`. Redirects are not followed (no interceptor).
   */
  async function post(client: Client, url: URL, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<Answer> {
    try {
      checkLiteralHost(url, settings.allowHosts);
    } catch (error) {
      return { status: null, answeredAt: performance.now(), error: (error as Error).message };
    }
    try {
      const response = await client.request({
        method: 'POST',
        path: `${url.pathname}${url.search}`,
        idempotent: true,
        // Not blocking: undici otherwise holds the next request until this one's answer has begun.
        blocking: false,
        signal,
        headers: { 'content-type': 'application/json', 'user-agent': 'Vigil-Webhooks/1', ...headers },
        body,
      });
      // The body is read (and dropped) so the connection goes on.
      await response.body.dump();
      const status = response.statusCode;
      return { status, answeredAt: performance.now(), error: status >= 200 && status < 300 ? null : `the receiver answered ${status}` };
    } catch (error) {
      const code = (error as { code?: string }).code;
      const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
      return { status: null, answeredAt: performance.now(), error: timedOut ? `no answer within ${settings.timeoutMs} ms` : (error as Error).message };
    }
  }

  /**
   * The attempts made so far and the new position, in one statement; false when the webhook is gone. The
   * webhook's row is locked first, so a webhook deleted while its job POSTs ends the job quietly instead of
   * failing it on the deliveries' foreign key (seen under bench:scale).
   */
  async function flush(webhook: WebhookRow, position: string, attempts: Attempt[]): Promise<boolean> {
    const { rowCount } = await db.pool.query(
      `WITH hook AS (SELECT id FROM documents.webhooks WHERE id = $1 FOR NO KEY UPDATE),
       logged AS (
         INSERT INTO documents.webhook_deliveries ("webhookId", "eventId", "eventSeq", "eventName", attempt, status, "responseCode", "latencyMs", error)
         SELECT hook.id, a."eventId", a."eventSeq", a."eventName", a.attempt, a.status, a."responseCode", a."latencyMs", a.error
           FROM hook, jsonb_to_recordset($3::jsonb)
                AS a("eventId" uuid, "eventSeq" bigint, "eventName" text, attempt int, status text, "responseCode" int, "latencyMs" int, error text)
       )
       UPDATE documents.webhooks w SET "cursorSeq" = greatest("cursorSeq", $2::bigint),
              "lastDeliveryAt" = CASE WHEN $4 THEN now() ELSE "lastDeliveryAt" END,
              "consecutiveFailures" = CASE WHEN $4 THEN 0 ELSE "consecutiveFailures" END,
              "failingSince" = CASE WHEN $4 THEN NULL ELSE "failingSince" END
        FROM hook WHERE w.id = hook.id`,
      [
        webhook.id,
        position,
        JSON.stringify(
          attempts.map((a) => ({
            eventId: a.event.id,
            eventSeq: a.event.seq,
            eventName: a.event.name,
            attempt: a.attempt,
            status: a.status,
            responseCode: a.responseCode,
            latencyMs: a.latencyMs,
            error: a.error,
          })),
        ),
        attempts.some((a) => a.status === 'DELIVERED'),
      ],
    );
    return rowCount === 1;
  }

  /** Records a failed attempt: backoff, or the webhook disabled when it has failed too long. */
  async function recordFailure(webhook: WebhookRow, failed: Attempt): Promise<void> {
    const failures = webhook.consecutiveFailures + 1;
    const exponential = Math.min(settings.backoffMs * 2 ** Math.min(failures - 1, 30), settings.backoffMaxMs);
    const delayMs = Math.round(exponential * (0.5 + Math.random())); // ±50 % jitter: failing receivers are not hit in step
    await inTransaction(db.pool, async (client) => {
      // The webhook's row first: it is locked from here, and a webhook deleted meanwhile logs nothing.
      const { rows } = await client.query<WebhookRow & { failingMs: number }>(
        `UPDATE documents.webhooks SET "consecutiveFailures" = "consecutiveFailures" + 1, "failingSince" = coalesce("failingSince", now()),
                "nextAttemptAt" = now() + $2::double precision * interval '1 millisecond'
          WHERE id = $1 RETURNING *, extract(epoch FROM now() - "failingSince") * 1000 AS "failingMs"`,
        [webhook.id, delayMs],
      );
      const row = rows[0];
      if (!row) return;
      await client.query(
        `INSERT INTO documents.webhook_deliveries ("webhookId", "eventId", "eventSeq", "eventName", attempt, status, "responseCode", "latencyMs", error)
         VALUES ($1, $2, $3, $4, $5, 'FAILED', $6, $7, $8)`,
        [webhook.id, failed.event.id, failed.event.seq, failed.event.name, failed.attempt, failed.responseCode, failed.latencyMs, failed.error],
      );
      const byCount = settings.disableAfterFailures > 0 && row.consecutiveFailures >= settings.disableAfterFailures;
      const byTime = settings.disableAfterMs > 0 && Number(row.failingMs) >= settings.disableAfterMs;
      if (!byCount && !byTime) return;
      const reason = byCount
        ? `disabled after ${row.consecutiveFailures} consecutive failed deliveries (last: ${failed.error})`
        : `disabled after failing for ${Math.round(Number(row.failingMs) / 60_000)} min (last: ${failed.error})`;
      const { rows: disabled } = await client.query<WebhookRow>(
        `UPDATE documents.webhooks SET enabled = false, "disabledReason" = $2, "nextAttemptAt" = NULL, "updatedAt" = now() WHERE id = $1 RETURNING *`,
        [webhook.id, reason.slice(0, MAX_ERROR_LENGTH)],
      );
      await recordEventSql(client, {
        organizationId: webhook.organizationId,
        name: EVENT.WebhookDisabled,
        source: WEBHOOK_SOURCE,
        data: publicWebhook(disabled[0]),
      });
    });
  }

  const horizon = eventHorizonOf(db.pool);
  return async ({ webhookId }, { signal }) => {
    const started = Date.now();
    // POSTs in flight: 1 at the start of a job (a failing receiver gets one at a time), doubled per 2xx up to MAX_IN_FLIGHT.
    let window = 1;
    let answeredBefore = 0;
    while (!signal.aborted && Date.now() - started < MAX_RUN_MS) {
      const { rows } = await db.pool.query<WebhookRow>(
        `SELECT * FROM documents.webhooks WHERE id = $1 AND enabled AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= now())`,
        [webhookId],
      );
      const webhook = rows[0];
      if (!webhook) return;
      // No further than the log's final part (lib/event-horizon.ts): a later event must not pass one still committing.
      let events = await readEventLog(db.pool, { organizationId: webhook.organizationId, afterSeq: webhook.cursorSeq, throughSeq: horizon.value, limit: PAGE });
      if (events.length === 0) {
        // Drained to the horizon: move it (one statement) rather than wait for the poller's next
        // tick, so a busy webhook's job stays hot (bench:webhooks, 2,000 events at load 16:
        // p50 1,461 → 268 ms).
        const before = horizon.value;
        if ((await horizon.advance()) === before) return;
        events = await readEventLog(db.pool, { organizationId: webhook.organizationId, afterSeq: webhook.cursorSeq, throughSeq: horizon.value, limit: PAGE });
        if (events.length === 0) continue;
      }
      const url = new URL(webhook.url);
      const signingSecret = openWebhookSecret(instanceSecret, webhook.id, webhook.secret);
      if (signingSecret === null) {
        // VIGIL_SECRET changed: a failed attempt (backoff, then disabled) says so; signing with anything else would not verify.
        const error = "the webhook's signing secret does not open with this instance's VIGIL_SECRET; rotate the secret";
        await recordFailure(webhook, { event: events[0], attempt: webhook.consecutiveFailures + 1, status: 'FAILED', responseCode: null, latencyMs: 0, error });
        return;
      }
      const signer = new Webhook(signingSecret);
      const client = clientOf(webhook.id, url);
      // POSTs sent and not yet taken, in log order (an event the webhook does not want has no POST).
      const sent: Array<{ event: EventLogRow; answer: Promise<Answer> | null; sentAt: number }> = [];
      // Aborts the POSTs sent ahead of a failed one: they are sent again after it.
      const ahead = new AbortController();
      let inFlight = 0;
      let next = 0;
      let position = webhook.cursorSeq;
      let attempts: Attempt[] = [];
      let flushedAt = Date.now();
      // The first pending event has been tried consecutiveFailures times already.
      let attempt = webhook.consecutiveFailures + 1;
      for (;;) {
        while (next < events.length && inFlight < window && !signal.aborted) {
          const event = events[next++];
          if (webhook.eventNames !== null && !webhook.eventNames.includes(event.name)) {
            sent.push({ event, answer: null, sentAt: 0 });
            continue;
          }
          const { id, name, source, version, data, metadata, createdAt } = event;
          const body = JSON.stringify({ id, name, source, version, data, metadata, createdAt });
          const now = new Date();
          const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signer.sign(id, now, body) };
          sent.push({ event, answer: post(client, url, body, headers, ahead.signal), sentAt: performance.now() });
          inFlight++;
        }
        const head = sent.shift();
        if (!head) break;
        if (head.answer) {
          const answer = await head.answer;
          inFlight--;
          // The receiver's own time for this one: from when it was sent or the answer before it came, whichever is later.
          const latencyMs = Math.max(0, Math.round(answer.answeredAt - Math.max(head.sentAt, answeredBefore)));
          answeredBefore = answer.answeredAt;
          const result: Attempt = {
            event: head.event,
            attempt,
            status: answer.error ? 'FAILED' : 'DELIVERED',
            responseCode: answer.status,
            latencyMs,
            error: answer.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
          };
          if (result.status === 'FAILED') {
            // What was sent behind it is not counted (nor logged) and comes again, after it, with the same webhook-id.
            ahead.abort();
            if ((attempts.length || position !== webhook.cursorSeq) && !(await flush(webhook, position, attempts))) return;
            if (attempts.length) webhook.consecutiveFailures = 0;
            await recordFailure(webhook, result);
            return;
          }
          attempts.push(result);
          attempt = 1;
          // Slow start: one POST at a time until the receiver has answered, then twice as many per 2xx.
          window = Math.min(window * 2, MAX_IN_FLIGHT);
        }
        position = head.event.seq;
        if (attempts.length >= FLUSH_EVERY || Date.now() - flushedAt >= FLUSH_MS) {
          if (!(await flush(webhook, position, attempts))) return;
          attempts = [];
          flushedAt = Date.now();
        }
      }
      if (!(await flush(webhook, position, attempts))) return;
    }
  };
}
