-- A followed organizations' alert page sorted by severity (the lists' default order) is a k-way merge of one
-- index range per organization (subgraphs/alerts/alerts/lists.ts, mergedPage): its cost grows with the number
-- followed (bench:scale at full size: 21.9 ms at 10 followed, 108.4 ms at 1,000). Over many organizations the
-- list reads this index instead, every organization's alerts in (severity rank, id) order, filtered to the
-- followed ones, and stops at a page: when they hold a large share of the alerts that is a few hundred rows
-- whatever their number (the planner keeps a bitmap scan and a sort when they hold few).
CREATE INDEX "alerts_severity_rank_id_idx" ON "alerts"."alerts"((CASE "severity" WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END), "id");
