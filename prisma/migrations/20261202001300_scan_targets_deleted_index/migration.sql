-- Every alert read leaves out the alerts of deleted scan targets (subgraphs/alerts/alerts/sql.ts,
-- liveTargetCondition): `"scanTargetId" NOT IN (the listed organizations' targets with "deletedAt" set)`.
-- Over the organization index that look-up read every target of the organizations, and once scan_targets
-- grew the planner read the whole table instead (bench:scale at BENCH_SCALE=0.1: 12 buffers of a
-- 400-target organization at 2,000 targets, 48 at 2,098: the growth of every own alert page from 100k to
-- 1M alerts). This partial index holds the deleted targets only: the look-up reads what was deleted.
CREATE INDEX "scan_targets_deleted_idx" ON "alerts"."scan_targets"("organizationId", "id") WHERE "deletedAt" IS NOT NULL;
