-- The posture trend, its followed-organizations trendDelta and the time to resolve read one
-- organization's history rows from a day on (subgraphs/alerts/posture/aggregates.ts); without this
-- index they walk the organization's whole history through (organizationId, seq). Its cost to an
-- alert update and the read times with and without it: bench/README.md (bench:posture).
CREATE INDEX "alert_history_organizationId_createdAt_idx" ON "alerts"."alert_history"("organizationId", "createdAt");
