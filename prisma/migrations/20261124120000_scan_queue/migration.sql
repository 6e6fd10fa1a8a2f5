-- Scans as a Postgres-backed job queue (subgraphs/alerts/scheduler.ts).

-- At most one active (QUEUED or RUNNING) scan per scan target: a concurrent double start, a
-- scheduled scan racing a manual one, or an ingestion during a running scan cannot both proceed.
CREATE UNIQUE INDEX "scans_one_active_per_target" ON "alerts"."scans"("scanTargetId") WHERE "status" IN ('QUEUED', 'RUNNING');

-- Workers claim the oldest queued scan with FOR UPDATE SKIP LOCKED.
CREATE INDEX "scans_queued_createdAt_idx" ON "alerts"."scans"("createdAt") WHERE "status" = 'QUEUED';
