-- Retention (lib/retention.ts, workers/retention-purge.ts): how far the event log has been purged.
-- One row per purged log ('events'): every entry with seq <= "throughSeq" may be gone, so a cursor
-- positioned before it can no longer be continued without a gap (CURSOR_EXPIRED, docs/operations.md).
-- The purge raises "throughSeq" in the same transaction as each batch it deletes.
CREATE TABLE "documents"."purged_logs" (
    "log" TEXT NOT NULL,
    "throughSeq" BIGINT NOT NULL DEFAULT 0,
    "purgedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "purged_logs_pkey" PRIMARY KEY ("log")
);

-- The purge finds what is past retention by age, oldest first, and stops at once when nothing is:
-- an index on "createdAt" per purged table (walking the seq index instead would stop at the first
-- young row, and a long transaction's rows are young-by-seq but old-by-time). On an existing large
-- table this build holds writes to it for its duration: schedule the upgrade accordingly.
CREATE INDEX "events_createdAt_idx" ON "documents"."events"("createdAt");
CREATE INDEX "alert_history_createdAt_idx" ON "alerts"."alert_history"("createdAt");
CREATE INDEX "webhook_deliveries_createdAt_idx" ON "documents"."webhook_deliveries"("createdAt");
