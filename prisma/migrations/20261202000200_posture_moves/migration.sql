-- The posture trend, the followed comparison's trendDelta and the time to resolve
-- (subgraphs/alerts/posture/aggregates.ts, docs/posture.md) count the openings and resolutions of an
-- organization's alerts over a range of days, each under its alert's CURRENT severity, rule, scan
-- target and compliances. Read from alert_history, every one of those rows needed its alert's row
-- (one random heap read each: 14,000 for 30 days of a 100,000-alert organization, 140,000 for a
-- year; trend 0.6-3.2 s, followingPosture 3-4.5 s at 1 M alerts, bench/README.md).
--
-- posture_moves holds exactly those history rows (an opening: state open and openedAt = createdAt;
-- a resolution: operation CLOSE) with the alert's current attributes beside them, so each aggregate
-- is one index-only range scan of (organizationId, createdAt). It is derived, never written by the
-- application: triggers keep it equal to its definition whoever writes the history or the alerts
-- (reconcile.ts, updates.ts, the seed's time spread, retention's purge, tests' fixtures):
-- - alert_history INSERT / UPDATE / DELETE: statement-level, set-based over the transition table
--   (a reconciliation writing 100,000 history rows fires one INSERT … SELECT);
-- - alerts UPDATE of severity, rule, scan target or compliances: row-level, but only for rows whose
--   value changed (the WHEN clause is evaluated without calling any function): a state change —
--   every hand update — fires nothing, so no UPDATE statement pays for a transition table;
-- - alerts DELETE: statement-level, the deleted alerts' moves go with them.
-- Write cost measured in bench:posture / bench:reconcile (bench/README.md, "Posture aggregates").
-- The history's (organizationId, createdAt) index (20261201000000) served only the posture reads these
-- replace: it goes, one index entry less for every history row written.
CREATE TABLE "alerts"."posture_moves" (
  "seq"            BIGINT         NOT NULL PRIMARY KEY, -- the alert_history row's seq
  "alertId"        UUID           NOT NULL,
  "organizationId" UUID           NOT NULL,
  "createdAt"      TIMESTAMPTZ(3) NOT NULL,
  "resolution"     BOOLEAN        NOT NULL,             -- false: an opening
  "openedAt"       TIMESTAMPTZ(3),                      -- a resolution's: the opening it ends
  "severity"       TEXT           NOT NULL,
  "scanTargetId"   UUID           NOT NULL,
  "rule"           TEXT           NOT NULL,
  "compliances"    TEXT[]         NOT NULL DEFAULT '{}'
);
CREATE INDEX "posture_moves_organizationId_createdAt_idx" ON "alerts"."posture_moves"("organizationId", "createdAt")
  INCLUDE ("resolution", "severity", "scanTargetId", "rule", "compliances", "openedAt");
CREATE INDEX "posture_moves_alertId_idx" ON "alerts"."posture_moves"("alertId");

CREATE OR REPLACE FUNCTION alerts.posture_moves_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alerts.posture_moves (seq, "alertId", "organizationId", "createdAt", resolution, "openedAt", severity, "scanTargetId", rule, compliances)
  SELECT h.seq, h."alertId", h."organizationId", h."createdAt", h.operation = 'CLOSE', h."openedAt", a.severity, a."scanTargetId", a.rule, a.compliances
    FROM posture_history_new h JOIN alerts.alerts a ON a.id = h."alertId"
   WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt");
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION alerts.posture_moves_replace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts.posture_moves m USING posture_history_old o WHERE m.seq = o.seq;
  INSERT INTO alerts.posture_moves (seq, "alertId", "organizationId", "createdAt", resolution, "openedAt", severity, "scanTargetId", rule, compliances)
  SELECT h.seq, h."alertId", h."organizationId", h."createdAt", h.operation = 'CLOSE', h."openedAt", a.severity, a."scanTargetId", a.rule, a.compliances
    FROM posture_history_new h JOIN alerts.alerts a ON a.id = h."alertId"
   WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt");
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION alerts.posture_moves_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts.posture_moves m USING posture_history_old o WHERE m.seq = o.seq;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION alerts.posture_moves_follow_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts.posture_moves
     SET severity = NEW.severity, "scanTargetId" = NEW."scanTargetId", rule = NEW.rule, compliances = NEW.compliances
   WHERE "alertId" = NEW.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION alerts.posture_moves_drop_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alerts.posture_moves m USING posture_alerts_old o WHERE m."alertId" = o.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER alert_history_posture_insert AFTER INSERT ON "alerts"."alert_history"
  REFERENCING NEW TABLE AS posture_history_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_add();
CREATE TRIGGER alert_history_posture_update AFTER UPDATE ON "alerts"."alert_history"
  REFERENCING OLD TABLE AS posture_history_old NEW TABLE AS posture_history_new FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_replace();
CREATE TRIGGER alert_history_posture_delete AFTER DELETE ON "alerts"."alert_history"
  REFERENCING OLD TABLE AS posture_history_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_remove();
CREATE TRIGGER alerts_posture_attributes AFTER UPDATE ON "alerts"."alerts"
  FOR EACH ROW WHEN (OLD.severity IS DISTINCT FROM NEW.severity OR OLD."scanTargetId" IS DISTINCT FROM NEW."scanTargetId"
                     OR OLD.rule IS DISTINCT FROM NEW.rule OR OLD.compliances IS DISTINCT FROM NEW.compliances)
  EXECUTE FUNCTION alerts.posture_moves_follow_alert();
CREATE TRIGGER alerts_posture_delete AFTER DELETE ON "alerts"."alerts"
  REFERENCING OLD TABLE AS posture_alerts_old FOR EACH STATEMENT EXECUTE FUNCTION alerts.posture_moves_drop_alerts();

-- The history written before this migration.
INSERT INTO alerts.posture_moves (seq, "alertId", "organizationId", "createdAt", resolution, "openedAt", severity, "scanTargetId", rule, compliances)
SELECT h.seq, h."alertId", h."organizationId", h."createdAt", h.operation = 'CLOSE', h."openedAt", a.severity, a."scanTargetId", a.rule, a.compliances
  FROM alerts.alert_history h JOIN alerts.alerts a ON a.id = h."alertId"
 WHERE h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt");
ANALYZE alerts.posture_moves;

DROP INDEX "alerts"."alert_history_organizationId_createdAt_idx";
