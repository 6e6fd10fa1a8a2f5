-- One job runner for every background job (lib/jobs/, workers/): scans next, then exports,
-- webhook deliveries and expiry jobs.

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "jobs";

-- CreateTable
CREATE TABLE "jobs"."jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'QUEUED',
    "singletonKey" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 1,
    "backoffMs" INTEGER NOT NULL DEFAULT 1000,
    "backoffFactor" DOUBLE PRECISION NOT NULL DEFAULT 2,
    "runAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "jobs_state_check" CHECK ("state" IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED'))
);

-- The failed-jobs listing and a kind's history: newest first per state.
CREATE INDEX "jobs_state_createdAt_idx" ON "jobs"."jobs"("state", "createdAt");

-- Runners claim the earliest due QUEUED job with FOR UPDATE SKIP LOCKED.
CREATE INDEX "jobs_queued_runAt_idx" ON "jobs"."jobs"("runAt") WHERE "state" = 'QUEUED';

-- Runners recover RUNNING jobs whose lease expired (a worker that crashed or lost its database).
CREATE INDEX "jobs_running_lockedUntil_idx" ON "jobs"."jobs"("lockedUntil") WHERE "state" = 'RUNNING';

-- A singletonKey is held by at most one waiting or running job of its kind: a due thing enqueued by
-- several instances becomes one job (enqueue uses ON CONFLICT DO NOTHING on this index).
CREATE UNIQUE INDEX "jobs_one_active_per_singletonKey" ON "jobs"."jobs"("kind", "singletonKey") WHERE "state" IN ('QUEUED', 'RUNNING');
