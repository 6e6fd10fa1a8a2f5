import type { WebhookSettings } from '../lib/config';
import { eventHorizonOf } from '../lib/event-horizon';
import { FOLLOWED_EVENT_NAMES } from '../lib/event-log';
import type { WakeChannel } from '../lib/event-wake';
import { enqueue, type JobDatabase } from '../lib/jobs/queue';
import { log } from '../lib/log';

/**
 * What wakes webhook delivery: the process's wake channel (lib/event-wake.ts, the one the live
 * tail uses: LISTEN/NOTIFY from every writer's commit, Redis, or in-process) runs a pass at once,
 * and a poll every `pollMs` (default 250 ms) is the safety net for a lost wake. A pass is one query
 * that finds the enabled webhooks that are due (no backoff pending) and behind their log — an event
 * of their organization, or an alert event of an organization it follows, past their position and
 * within the log's final part (lib/event-horizon.ts, advanced first) — and have no delivery job
 * queued or running; each gets a `webhook.deliver` job. Wakes that land while a pass runs make one
 * more pass after it, never a queue of them. The poll also finds what a crash or a restart left
 * behind with no extra recovery code.
 */
export interface WebhookWake {
  stop(): Promise<void>;
}

const DUE_WEBHOOKS = `
  SELECT w.id FROM documents.webhooks w
   WHERE w.enabled AND (w."nextAttemptAt" IS NULL OR w."nextAttemptAt" <= now())
     AND w."cursorSeq" < $1::bigint
     AND (EXISTS (SELECT 1 FROM documents.events e WHERE e."organizationId" = w."organizationId" AND e.seq > w."cursorSeq" AND e.seq <= $1::bigint)
          OR EXISTS (SELECT 1 FROM organizations.follows f
                       JOIN organizations.organizations o ON o.id = f."followedId" AND o."deletedAt" IS NULL
                       JOIN documents.events e ON e."organizationId" = f."followedId" AND e.seq > w."cursorSeq" AND e.seq <= $1::bigint
                                              AND e."createdAt" >= f."createdAt" AND e.name = ANY($2::text[])
                      WHERE f."followerId" = w."organizationId"))
     AND NOT EXISTS (SELECT 1 FROM jobs.jobs j WHERE j.kind = 'webhook.deliver' AND j."singletonKey" = w.id::text AND j.state IN ('QUEUED', 'RUNNING'))`;

/** Queues a delivery job for every webhook behind its log; the number queued. */
export async function wakeDueWebhooks(db: JobDatabase): Promise<number> {
  const horizon = await eventHorizonOf(db.pool).advance();
  const { rows } = await db.pool.query<{ id: string }>(DUE_WEBHOOKS, [horizon, FOLLOWED_EVENT_NAMES]);
  let queued = 0;
  for (const { id } of rows) {
    const { enqueued } = await enqueue(db, 'webhook.deliver', { webhookId: id }, { singletonKey: id });
    if (enqueued) queued++;
  }
  return queued;
}

export function startWebhookWake(db: JobDatabase, settings: Pick<WebhookSettings, 'pollMs'>, channel?: WakeChannel): WebhookWake {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    running = wakeDueWebhooks(db)
      .then(() => undefined)
      .catch((error: unknown) => log.warn('webhook wake-up pass failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          pass();
          return;
        }
        timer = setTimeout(pass, settings.pollMs);
        timer.unref();
      });
  };
  const stopWake = channel?.onWake(pass);
  pass();
  return {
    async stop() {
      stopped = true;
      stopWake?.();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
