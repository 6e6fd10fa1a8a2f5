-- Posture now's and the followed comparison's open and overdue counts per severity
-- (subgraphs/alerts/posture/aggregates.ts postureNow, docs/posture.md). Counted from the alerts, they read
-- one index entry per open alert: 333,000 for 100 followed organizations at 1 M alerts, 38-58 ms for the
-- scan alone (bench/README.md, "Posture aggregates", run 5). posture_open_counts keeps them per
-- (organization, severity, due week), so the count reads a few hundred rows per organization:
-- - an alert counts while it is open (state <> 'CLOSED', as OPEN_SQL), whatever its scan target: the
--   alerts of deleted scan targets are subtracted at read time (few; found through the scan target);
-- - its due instant is COALESCE("openedAt", "createdAt") + "timelinessThreshold" days, counted in
--   microseconds (posture_due): "overdue" in aggregates.ts (now() - start > threshold days) is exactly
--   due < now(). "dueWeek" is floor(epoch(due) / 604800), 2147483647 for an alert with no threshold
--   (never overdue). Overdue = the counts of the weeks before the current one, plus the alerts due
--   between the current week's start and now, read from alerts_posture_due_idx (one week of them).
-- Kept by statement-level AFTER triggers on alerts.alerts (INSERT, UPDATE, DELETE, TRUNCATE) over the
-- transition tables: one aggregated upsert per statement, net changes only (a move between two open
-- states, as an alert update, writes nothing), in key order so that two writers of one organization
-- lock its rows in the same order (they wait on each other, never deadlock). Rows reaching 0 stay.
CREATE FUNCTION alerts.posture_due("openedAt" TIMESTAMPTZ, "createdAt" TIMESTAMPTZ, threshold DOUBLE PRECISION) RETURNS TIMESTAMPTZ
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- A pure microsecond interval (no day or month part), so the sum does not depend on the session's time zone.
  AS $$ SELECT COALESCE("openedAt", "createdAt") + (threshold * 86400) * interval '1 second' $$;

CREATE FUNCTION alerts.posture_due_week("openedAt" TIMESTAMPTZ, "createdAt" TIMESTAMPTZ, threshold DOUBLE PRECISION) RETURNS INTEGER
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN threshold IS NULL THEN 2147483647
                    ELSE floor(extract(epoch FROM alerts.posture_due("openedAt", "createdAt", threshold)) / 604800)::int END $$;

CREATE TABLE "alerts"."posture_open_counts" (
  "organizationId" UUID    NOT NULL,
  "severity"       TEXT    NOT NULL,
  "dueWeek"        INTEGER NOT NULL,
  "count"          INTEGER NOT NULL,
  PRIMARY KEY ("organizationId", "severity", "dueWeek")
);

-- The open alerts with a threshold by due instant: those due in the current week, before now.
CREATE INDEX "alerts_posture_due_idx" ON "alerts"."alerts"("organizationId", (alerts.posture_due("openedAt", "createdAt", "timelinessThreshold")))
  INCLUDE ("severity", "scanTargetId", "openedAt", "createdAt", "timelinessThreshold")
  WHERE state <> 'CLOSED' AND "timelinessThreshold" IS NOT NULL;

CREATE FUNCTION alerts.posture_open_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_counts AS c ("organizationId", severity, "dueWeek", count)
    SELECT n."organizationId", n.severity, alerts.posture_due_week(n."openedAt", n."createdAt", n."timelinessThreshold"), count(*)::int
      FROM posture_alerts_new n WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("organizationId", severity, "dueWeek") DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_counts AS c ("organizationId", severity, "dueWeek", count)
    SELECT d."organizationId", d.severity, d."dueWeek", sum(d.n)::int
      FROM (SELECT o."organizationId", o.severity, alerts.posture_due_week(o."openedAt", o."createdAt", o."timelinessThreshold") AS "dueWeek", -1 AS n
              FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n.severity, alerts.posture_due_week(n."openedAt", n."createdAt", n."timelinessThreshold"), 1
              FROM posture_alerts_new n WHERE n.state <> 'CLOSED') d
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("organizationId", severity, "dueWeek") DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_counts AS c ("organizationId", severity, "dueWeek", count)
    SELECT o."organizationId", o.severity, alerts.posture_due_week(o."openedAt", o."createdAt", o."timelinessThreshold"), -count(*)::int
      FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("organizationId", severity, "dueWeek") DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION alerts.posture_open_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts.posture_open_counts;
  RETURN NULL;
END;
$$;

CREATE TRIGGER alerts_posture_counts_insert AFTER INSERT ON "alerts"."alerts"
  REFERENCING NEW TABLE AS posture_alerts_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_counts_apply();
CREATE TRIGGER alerts_posture_counts_update AFTER UPDATE ON "alerts"."alerts"
  REFERENCING OLD TABLE AS posture_alerts_old NEW TABLE AS posture_alerts_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_counts_apply();
CREATE TRIGGER alerts_posture_counts_delete AFTER DELETE ON "alerts"."alerts"
  REFERENCING OLD TABLE AS posture_alerts_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_counts_apply();
CREATE TRIGGER alerts_posture_counts_truncate AFTER TRUNCATE ON "alerts"."alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_counts_clear();

-- The alerts written before this migration.
INSERT INTO alerts.posture_open_counts ("organizationId", severity, "dueWeek", count)
SELECT a."organizationId", a.severity, alerts.posture_due_week(a."openedAt", a."createdAt", a."timelinessThreshold"), count(*)::int
  FROM alerts.alerts a WHERE a.state <> 'CLOSED'
 GROUP BY 1, 2, 3;
ANALYZE alerts.posture_open_counts;
