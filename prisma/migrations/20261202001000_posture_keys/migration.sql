-- The posture trend filtered by scan target, rule or compliance read every move of the organization's range
-- from alerts.posture_moves and the filter threw most away: 150,000 index entries for a 100,000-alert
-- organization's year, whatever the filter kept (the compliance filter of bench:posture keeps none), and its
-- open alerts from the alerts' open index (66,000 entries) for "open now"; 62-94 ms p50 at 1 M alerts,
-- target 50 (bench/README.md, "Posture aggregates", run 14). Two tables keyed by one of those dimensions
-- answer a filter on one of them (with or without severities) from the rows of the keys it names:
-- - posture_daily_keys: the moves' openings and resolutions per (organization, dimension, key, UTC day,
--   severity), one row set per dimension: SCAN_TARGET (key: the scan target's id), RULE (the rule's id) and
--   COMPLIANCE (key: the alert's whole compliance set as text, '{CIS,PCI}': the filter takes alerts with ANY
--   of its tags, and an alert with two of them must count once, so a row per tag would count it twice; an
--   organization has a few distinct sets, its rules'). A move counts under its alert's CURRENT values, as in
--   posture_moves, whatever its scan target: the deleted scan targets' moves are subtracted at read time;
-- - posture_open_keys: the open alerts (state <> 'CLOSED') per (organization, dimension, key, severity), the
--   trend's "open now" under the filter (posture_daily_keys cannot give it: retention purges old history).
-- Why per dimension and not one key of all three: at bench:posture's organization 0 (200 scan targets × 3
-- rules each, 2 compliance sets) a (scan target, rule, compliances, day) key has ~1 move per cell, no fewer rows
-- than the moves, and a filter on a rule alone would still read every cell. Per dimension, a filter on one
-- scan target reads its own days (~600 rows of 110,000), on a compliance tag the few sets' days (730 rows).
-- Filters on two of the three dimensions at once still read posture_moves (subgraphs/alerts/posture/trend.ts).
--
-- Kept like posture_daily (20261202000700) and posture_open_counts (20261202000500), set-based per statement:
-- - posture_moves INSERT / DELETE: statement-level, the statement's net moves (posture_net_rows), one upsert
--   in key order through EXECUTE; the INSERT trigger returns before it when the statement moved nothing;
-- - alerts UPDATE of severity, scan target, rule or compliances: row-level (the WHEN clause calls no
--   function), the alert's moves' counts go from its old keys to its new ones (a rescan's finding);
-- - alerts INSERT / UPDATE / DELETE / TRUNCATE: statement-level, static (cached plans: it fires on every alert
--   update), the statement's net open alerts per key; a move between two open states writes nothing.
-- Rows reaching 0 stay. Write cost and contention: bench/README.md, "Posture aggregates", run 14.
CREATE TABLE "alerts"."posture_daily_keys" (
  "organizationId" UUID    NOT NULL,
  "dimension"      TEXT    NOT NULL, -- SCAN_TARGET, RULE, COMPLIANCE
  "key"            TEXT    NOT NULL,
  "day"            DATE    NOT NULL, -- the UTC day of the moves' createdAt
  "severity"       TEXT    NOT NULL,
  "opened"         INTEGER NOT NULL,
  "resolved"       INTEGER NOT NULL,
  PRIMARY KEY ("organizationId", "dimension", "key", "day", "severity")
);

CREATE TABLE "alerts"."posture_open_keys" (
  "organizationId" UUID    NOT NULL,
  "dimension"      TEXT    NOT NULL,
  "key"            TEXT    NOT NULL,
  "severity"       TEXT    NOT NULL,
  "count"          INTEGER NOT NULL,
  PRIMARY KEY ("organizationId", "dimension", "key", "severity")
);

CREATE FUNCTION alerts.posture_daily_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (Two IFs: a condition is planned whole, and a DELETE trigger has no posture_moves_new.)
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT FROM posture_moves_new) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format(
    'INSERT INTO alerts.posture_daily_keys AS d ("organizationId", dimension, key, day, severity, opened, resolved)
     SELECT m."organizationId", k.dimension, k.key, (m."createdAt" AT TIME ZONE ''UTC'')::date, m.severity,
            COALESCE(sum(m.n) FILTER (WHERE NOT m.resolution), 0)::int, COALESCE(sum(m.n) FILTER (WHERE m.resolution), 0)::int
       FROM (%s) m
      CROSS JOIN LATERAL (VALUES (''SCAN_TARGET'', m."scanTargetId"::text), (''RULE'', m.rule), (''COMPLIANCE'', m.compliances::text)) AS k(dimension, key)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(m.n) FILTER (WHERE NOT m.resolution) <> 0 OR sum(m.n) FILTER (WHERE m.resolution) <> 0
      ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT ("organizationId", dimension, key, day, severity) DO UPDATE SET opened = d.opened + EXCLUDED.opened, resolved = d.resolved + EXCLUDED.resolved',
    alerts.posture_net_rows(TG_OP, 'posture_moves', '"organizationId", "createdAt", severity, resolution, "scanTargetId", rule, compliances', 'true'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER posture_moves_keys_insert AFTER INSERT ON "alerts"."posture_moves"
  REFERENCING NEW TABLE AS posture_moves_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_daily_keys_apply();
CREATE TRIGGER posture_moves_keys_delete AFTER DELETE ON "alerts"."posture_moves"
  REFERENCING OLD TABLE AS posture_moves_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_daily_keys_apply();

-- An alert whose severity, scan target, rule or compliances changed: its moves' counts leave the old keys
-- (and severity) for the new ones. Grouped without the sign, so a key both sides share (only the
-- compliances changed: the scan target's and the rule's rows) nets to nothing and is not written.
CREATE FUNCTION alerts.posture_daily_keys_follow_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alerts.posture_daily_keys AS d ("organizationId", dimension, key, day, severity, opened, resolved)
  SELECT m."organizationId", k.dimension, k.key, (m."createdAt" AT TIME ZONE 'UTC')::date, k.severity,
         COALESCE(sum(k.n) FILTER (WHERE NOT m.resolution), 0)::int, COALESCE(sum(k.n) FILTER (WHERE m.resolution), 0)::int
    FROM alerts.posture_moves m
   CROSS JOIN (VALUES ('SCAN_TARGET', OLD."scanTargetId"::text, OLD.severity, -1), ('RULE', OLD.rule, OLD.severity, -1),
                      ('COMPLIANCE', OLD.compliances::text, OLD.severity, -1),
                      ('SCAN_TARGET', NEW."scanTargetId"::text, NEW.severity, 1), ('RULE', NEW.rule, NEW.severity, 1),
                      ('COMPLIANCE', NEW.compliances::text, NEW.severity, 1)) AS k(dimension, key, severity, n)
   WHERE m."alertId" = NEW.id
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(k.n) FILTER (WHERE NOT m.resolution) <> 0 OR sum(k.n) FILTER (WHERE m.resolution) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("organizationId", dimension, key, day, severity) DO UPDATE SET opened = d.opened + EXCLUDED.opened, resolved = d.resolved + EXCLUDED.resolved;
  RETURN NULL;
END;
$$;

CREATE TRIGGER alerts_posture_daily_keys AFTER UPDATE ON "alerts"."alerts"
  FOR EACH ROW WHEN (OLD.severity IS DISTINCT FROM NEW.severity OR OLD."scanTargetId" IS DISTINCT FROM NEW."scanTargetId"
                     OR OLD.rule IS DISTINCT FROM NEW.rule OR OLD.compliances IS DISTINCT FROM NEW.compliances)
  EXECUTE FUNCTION alerts.posture_daily_keys_follow_alert();

-- The open alerts per key: one upsert per operation, static like posture_open_counts_apply (an EXECUTE is
-- planned at each call, ~1 ms per alert update: bench/README.md, run 10).
CREATE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT n."organizationId", k.dimension, k.key, n.severity, count(*)::int
      FROM posture_alerts_new n
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', n."scanTargetId"::text), ('RULE', n.rule), ('COMPLIANCE', n.compliances::text)) AS k(dimension, key)
     WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT a."organizationId", k.dimension, k.key, a.severity, sum(a.n)::int
      FROM (SELECT o."organizationId", o."scanTargetId", o.rule, o.compliances, o.severity, -1 AS n FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n."scanTargetId", n.rule, n.compliances, n.severity, 1 FROM posture_alerts_new n WHERE n.state <> 'CLOSED') a
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text)) AS k(dimension, key)
     GROUP BY 1, 2, 3, 4 HAVING sum(a.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT o."organizationId", k.dimension, k.key, o.severity, -count(*)::int
      FROM posture_alerts_old o
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', o."scanTargetId"::text), ('RULE', o.rule), ('COMPLIANCE', o.compliances::text)) AS k(dimension, key)
     WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION alerts.posture_open_keys_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts.posture_open_keys;
  RETURN NULL;
END;
$$;

CREATE TRIGGER alerts_posture_keys_insert AFTER INSERT ON "alerts"."alerts"
  REFERENCING NEW TABLE AS posture_alerts_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_keys_apply();
CREATE TRIGGER alerts_posture_keys_update AFTER UPDATE ON "alerts"."alerts"
  REFERENCING OLD TABLE AS posture_alerts_old NEW TABLE AS posture_alerts_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_keys_apply();
CREATE TRIGGER alerts_posture_keys_delete AFTER DELETE ON "alerts"."alerts"
  REFERENCING OLD TABLE AS posture_alerts_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_keys_apply();
CREATE TRIGGER alerts_posture_keys_truncate AFTER TRUNCATE ON "alerts"."alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_open_keys_clear();

-- The moves and the alerts written before this migration.
INSERT INTO alerts.posture_daily_keys ("organizationId", dimension, key, day, severity, opened, resolved)
SELECT m."organizationId", k.dimension, k.key, (m."createdAt" AT TIME ZONE 'UTC')::date, m.severity,
       (count(*) FILTER (WHERE NOT m.resolution))::int, (count(*) FILTER (WHERE m.resolution))::int
  FROM alerts.posture_moves m
 CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', m."scanTargetId"::text), ('RULE', m.rule), ('COMPLIANCE', m.compliances::text)) AS k(dimension, key)
 GROUP BY 1, 2, 3, 4, 5;
INSERT INTO alerts.posture_open_keys ("organizationId", dimension, key, severity, count)
SELECT a."organizationId", k.dimension, k.key, a.severity, count(*)::int
  FROM alerts.alerts a
 CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text)) AS k(dimension, key)
 WHERE a.state <> 'CLOSED'
 GROUP BY 1, 2, 3, 4;
ANALYZE alerts.posture_daily_keys;
ANALYZE alerts.posture_open_keys;
