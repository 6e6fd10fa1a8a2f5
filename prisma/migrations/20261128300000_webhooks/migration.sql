-- The init migration's placeholder tables (never written: no API or job used them until now) give
-- way to the shape delivery needs: a per-webhook position in the event log instead of a row per
-- pending (webhook, event) pair.
DROP TABLE IF EXISTS "documents"."webhook_deliveries";
DROP TABLE IF EXISTS "documents"."webhooks";

-- Webhooks (subgraphs/documents/webhooks.ts, workers/webhook-deliver.ts): each one reads its
-- organization's event log from its own position ("cursorSeq", the seq of the last event handled),
-- so no event is skipped across restarts; "nextAttemptAt" holds the backoff after a failure.
CREATE TABLE "documents"."webhooks" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "eventNames" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret" TEXT NOT NULL,
    "cursorSeq" BIGINT NOT NULL DEFAULT 0,
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "failingSince" TIMESTAMPTZ(3),
    "nextAttemptAt" TIMESTAMPTZ(3),
    "disabledReason" TEXT,
    "lastDeliveryAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhooks_organizationId_idx" ON "documents"."webhooks"("organizationId");

-- One row per attempt to deliver one event (the delivery log the API pages through, newest first).
CREATE TABLE "documents"."webhook_deliveries" (
    "seq" BIGSERIAL NOT NULL,
    "webhookId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "eventSeq" BIGINT NOT NULL,
    "eventName" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "responseCode" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("seq")
);

CREATE INDEX "webhook_deliveries_webhookId_seq_idx" ON "documents"."webhook_deliveries"("webhookId", "seq");

ALTER TABLE "documents"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "documents"."webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
