-- A page of the alerts of many followed organizations in severity order (past 200 organizations,
-- subgraphs/alerts/alerts/lists.ts severityWalkPage) walks one severity at a time in id order. Over the primary
-- key that walk read every alert of every severity and organization until the page was full: at 1,000 followed
-- organizations among 10 M alerts ~2,300 buffers a page (~3,000 rows filtered out), 14 ms once the buffers had
-- left PostgreSQL's cache against 3.4 ms for 10 followed (bench:scale). Over this index it reads the walked
-- severity only: 7.1 ms cold, 5.0 ms warm. Its cost to a writer, measured on 1 M alerts (10,000 new alerts in
-- ten statements): WAL +10.6 % right after a checkpoint, +4.6 % after, time within noise (bench/README.md,
-- session 19).
CREATE INDEX "alerts_severity_id_idx" ON "alerts"."alerts"("severity", "id");

-- The walk's step for a severity none of the five (rank 0) in id order: alerts that ingestion never writes
-- (subgraphs/alerts/scans/ingest.ts names one of the five), so an index that stays empty — without it that step
-- read every followed alert to find none, and the planner's estimate of that read compiled the page's statement
-- (JIT, ~0.5 s). The list is lists.ts' OTHER_SEVERITY_SQL, in the same order.
CREATE INDEX "alerts_other_severity_id_idx" ON "alerts"."alerts"("id") WHERE "severity" NOT IN ('CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO');
