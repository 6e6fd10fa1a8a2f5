-- Open/overdue per severity, the grade, the breakdowns and the followed comparison read an
-- organization's open alerts: this partial index holds every column they read, so they are
-- index-only scans instead of one heap page per alert (an organization's alerts are spread over the
-- table). Measured in bench:posture (bench/README.md), with its cost to an alert update.
CREATE INDEX "alerts_posture_open_idx" ON "alerts"."alerts"("organizationId", "severity")
  INCLUDE ("state", "scanTargetId", "rule", "timelinessThreshold", "openedAt", "createdAt", "compliances")
  WHERE "state" <> 'CLOSED';
