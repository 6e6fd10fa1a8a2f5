-- The posture trend over a year read every move of the range from alerts.posture_moves: 150,000 index
-- entries for a 100,000-alert organization, grouped by UTC day and severity (trend 365 days 77-85 ms p50
-- at 1 M alerts, target 50; bench/README.md, "Posture aggregates"). posture_daily keeps those groups:
-- openings and resolutions per (organization, UTC day, severity), at most 366 × 5 rows per organization
-- a year, so the unfiltered trend (and the one filtered by severity alone) reads the range's rows of one
-- organization instead of its moves (subgraphs/alerts/posture/trend.ts):
-- - a move counts under its alert's CURRENT severity, as in posture_moves, whatever its scan target: the
--   moves of deleted scan targets are subtracted at read time (few; found through the scan target);
-- - the filters on scan target, rule or compliance cannot be answered from it (an exact rollup under them
--   needs them in its key: no fewer rows than the moves) and still read posture_moves.
-- Kept by statement-level AFTER triggers on posture_moves (INSERT, DELETE), over their transition tables, and
-- by a row-level trigger on the alerts whose severity changes (below): one aggregated upsert per
-- statement, net changes only, in key order (two writers of one organization's day wait on each other's
-- rows until commit, never deadlock; measured in bench/README.md, "Writer contention"). Rows reaching 0 stay.
--
-- Also, a review leftover of 20261202000200: its trigger functions wrote the moves' INSERT once per
-- operation; posture_moves_follow_history writes it once. posture_daily's upsert is written once over the
-- statement's net rows (posture_net_rows: old rows -1, new rows +1, whichever the operation has), run by
-- EXECUTE, planned at each call. 20261202000500's posture_open_counts_apply (an upsert per operation)
-- is left as it is: it fires on every alert UPDATE statement, where a cached plan matters — the same
-- function through EXECUTE cost ~0.8-1 ms more per single-row UPDATE (1,000 hand-style state changes in
-- psql, alternated, load 21: 1.7-2.7 s dynamic, 0.7-1.6 s static, 0.85-0.94 s without the trigger;
-- bench/README.md). posture_daily's INSERT trigger, the one on that path (every history row), returns
-- before its EXECUTE when the statement moved nothing.

-- The SELECT of a statement's net rows for a trigger function's EXECUTE: `columns` of the old transition
-- table `<prefix>_old` (n = -1) and of the new one `<prefix>_new` (n = +1) whose rows match `condition`,
-- the tables the operation `op` has (INSERT: new, DELETE: old, UPDATE: both). Transition tables are seen
-- by EXECUTE in the trigger function that names them; only fixed identifiers are passed here.
CREATE FUNCTION alerts.posture_net_rows(op TEXT, prefix TEXT, columns TEXT, condition TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(' UNION ALL ',
                 CASE WHEN op <> 'INSERT' THEN format('SELECT %s, -1 AS n FROM %I WHERE %s', columns, prefix || '_old', condition) END,
                 CASE WHEN op <> 'DELETE' THEN format('SELECT %s, 1 AS n FROM %I WHERE %s', columns, prefix || '_new', condition) END) $$;

-- posture_moves from the history: the old rows' moves go, the new rows' come (20261202000200's
-- posture_moves_add / _replace / _remove in one function).
CREATE FUNCTION alerts.posture_moves_follow_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM alerts.posture_moves m USING posture_history_old o WHERE m.seq = o.seq;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO alerts.posture_moves (seq, "alertId", "organizationId", "createdAt", resolution, "openedAt", severity, "scanTargetId", rule, compliances)
    SELECT h.seq, h."alertId", h."organizationId", h."createdAt", h.operation = 'CLOSE', h."openedAt", a.severity, a."scanTargetId", a.rule, a.compliances
      FROM posture_history_new h JOIN alerts.alerts a ON a.id = h."alertId"
     WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt");
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER alert_history_posture_insert AFTER INSERT ON "alerts"."alert_history"
  REFERENCING NEW TABLE AS posture_history_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_follow_history();
CREATE OR REPLACE TRIGGER alert_history_posture_update AFTER UPDATE ON "alerts"."alert_history"
  REFERENCING OLD TABLE AS posture_history_old NEW TABLE AS posture_history_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_follow_history();
CREATE OR REPLACE TRIGGER alert_history_posture_delete AFTER DELETE ON "alerts"."alert_history"
  REFERENCING OLD TABLE AS posture_history_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_follow_history();
DROP FUNCTION alerts.posture_moves_add();
DROP FUNCTION alerts.posture_moves_replace();
DROP FUNCTION alerts.posture_moves_remove();

CREATE TABLE "alerts"."posture_daily" (
  "organizationId" UUID    NOT NULL,
  "day"            DATE    NOT NULL, -- the UTC day of the moves' createdAt
  "severity"       TEXT    NOT NULL,
  "opened"         INTEGER NOT NULL,
  "resolved"       INTEGER NOT NULL,
  PRIMARY KEY ("organizationId", "day", "severity")
);

CREATE FUNCTION alerts.posture_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most history rows move nothing (an alert update between open states): their empty INSERT plans no upsert.
  -- (Two IFs: a condition is planned whole, and a DELETE trigger has no posture_moves_new.)
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT FROM posture_moves_new) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format(
    'INSERT INTO alerts.posture_daily AS d ("organizationId", day, severity, opened, resolved)
     SELECT m."organizationId", (m."createdAt" AT TIME ZONE ''UTC'')::date, m.severity,
            COALESCE(sum(m.n) FILTER (WHERE NOT m.resolution), 0)::int, COALESCE(sum(m.n) FILTER (WHERE m.resolution), 0)::int
       FROM (%s) m
      GROUP BY 1, 2, 3 HAVING sum(m.n) FILTER (WHERE NOT m.resolution) <> 0 OR sum(m.n) FILTER (WHERE m.resolution) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT ("organizationId", day, severity) DO UPDATE SET opened = d.opened + EXCLUDED.opened, resolved = d.resolved + EXCLUDED.resolved',
    alerts.posture_net_rows(TG_OP, 'posture_moves', '"organizationId", "createdAt", severity, resolution', 'true'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER posture_moves_daily_insert AFTER INSERT ON "alerts"."posture_moves"
  REFERENCING NEW TABLE AS posture_moves_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_daily_apply();
CREATE TRIGGER posture_moves_daily_delete AFTER DELETE ON "alerts"."posture_moves"
  REFERENCING OLD TABLE AS posture_moves_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_daily_apply();

-- An alert whose severity changed (a rescan's finding) moves its moves' counts from the old severity's days to
-- the new one's. Row-level, only for the alerts whose severity changed (the WHEN clause calls no function),
-- beside 20261202000200's alerts_posture_attributes that carries the new severity into posture_moves (the
-- only UPDATE of posture_moves): whichever runs first, the moves' days are the same. Static, not through
-- posture_daily_apply: a statement trigger on posture_moves' UPDATE ran its EXECUTE once per changed alert
-- (500 severity changes in psql at load 18: 2.9-3.7 s with it, 2.1 s without; bench/README.md).
CREATE FUNCTION alerts.posture_daily_follow_severity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alerts.posture_daily AS d ("organizationId", day, severity, opened, resolved)
  SELECT m."organizationId", (m."createdAt" AT TIME ZONE 'UTC')::date, s.severity,
         (s.n * count(*) FILTER (WHERE NOT m.resolution))::int, (s.n * count(*) FILTER (WHERE m.resolution))::int
    FROM alerts.posture_moves m CROSS JOIN (VALUES (OLD.severity, -1), (NEW.severity, 1)) AS s(severity, n)
   WHERE m."alertId" = NEW.id
   GROUP BY 1, 2, 3, s.n ORDER BY 1, 2, 3
  ON CONFLICT ("organizationId", day, severity) DO UPDATE SET opened = d.opened + EXCLUDED.opened, resolved = d.resolved + EXCLUDED.resolved;
  RETURN NULL;
END;
$$;

CREATE TRIGGER alerts_posture_daily_severity AFTER UPDATE ON "alerts"."alerts"
  FOR EACH ROW WHEN (OLD.severity IS DISTINCT FROM NEW.severity) EXECUTE FUNCTION alerts.posture_daily_follow_severity();

-- The moves kept before this migration.
INSERT INTO alerts.posture_daily ("organizationId", day, severity, opened, resolved)
SELECT m."organizationId", (m."createdAt" AT TIME ZONE 'UTC')::date, m.severity,
       (count(*) FILTER (WHERE NOT m.resolution))::int, (count(*) FILTER (WHERE m.resolution))::int
  FROM alerts.posture_moves m
 GROUP BY 1, 2, 3;
ANALYZE alerts.posture_daily;
