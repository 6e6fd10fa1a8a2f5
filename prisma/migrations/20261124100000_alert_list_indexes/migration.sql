-- Keyset pagination of alert lists (subgraphs/alerts/alert-queries.ts): one index per `order`,
-- (organizationId, <sort key>, id), so a page is an index range scan whatever the page number.
-- Severity and state sort by rank; openedAt/resolvedAt sort NULLs as +infinity (last ASC, first DESC).
-- The expressions must stay identical to ORDER_KEYS in alert-queries.ts for the planner to use them.
CREATE INDEX "alerts_org_resource_id_idx" ON "alerts"."alerts"("organizationId", "resource", "id");
CREATE INDEX "alerts_org_rule_id_idx" ON "alerts"."alerts"("organizationId", "rule", "id");
CREATE INDEX "alerts_org_scanTargetId_id_idx" ON "alerts"."alerts"("organizationId", "scanTargetId", "id");
CREATE INDEX "alerts_org_id_idx" ON "alerts"."alerts"("organizationId", "id");
CREATE INDEX "alerts_org_createdAt_id_idx" ON "alerts"."alerts"("organizationId", "createdAt", "id");
CREATE INDEX "alerts_org_updatedAt_id_idx" ON "alerts"."alerts"("organizationId", "updatedAt", "id");
CREATE INDEX "alerts_org_severity_rank_id_idx" ON "alerts"."alerts"("organizationId", (CASE "severity" WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END), "id");
CREATE INDEX "alerts_org_state_rank_id_idx" ON "alerts"."alerts"("organizationId", (CASE "state" WHEN 'OPEN' THEN 1 WHEN 'IN_PROGRESS' THEN 2 WHEN 'RISK_ACCEPTED' THEN 3 WHEN 'MITIGATING_CONTROL' THEN 4 WHEN 'FALSE_POSITIVE' THEN 5 WHEN 'CLOSED' THEN 6 ELSE 0 END), "id");
CREATE INDEX "alerts_org_openedAt_id_idx" ON "alerts"."alerts"("organizationId", (COALESCE("openedAt", 'infinity'::timestamptz)), "id");
CREATE INDEX "alerts_org_resolvedAt_id_idx" ON "alerts"."alerts"("organizationId", (COALESCE("resolvedAt", 'infinity'::timestamptz)), "id");

-- Comments are listed per alert in (createdAt, id) order.
CREATE INDEX "alert_comments_alertId_createdAt_id_idx" ON "alerts"."alert_comments"("alertId", "createdAt", "id");
