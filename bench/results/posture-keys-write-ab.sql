\set QUIET on
CREATE OR REPLACE FUNCTION pg_temp.block(n int) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE r record; t0 timestamptz := clock_timestamp();
BEGIN
  FOR r IN SELECT a.id FROM alerts.alerts a JOIN organizations.organizations o ON o.id = a."organizationId" AND o.name = 'Posture bench org 0'
            WHERE a.state IN ('OPEN', 'IN_PROGRESS') ORDER BY a.id LIMIT n LOOP
    UPDATE alerts.alerts SET state = CASE WHEN state = 'OPEN' THEN 'IN_PROGRESS' ELSE 'OPEN' END, version = version + 1, "updatedAt" = now() WHERE id = r.id;
    INSERT INTO alerts.alert_history ("alertId", "organizationId", "scanTargetId", rule, resource, severity, state, version, "timelinessThreshold", "openedAt", "resolvedAt", operation, "createdAt")
    SELECT id, "organizationId", "scanTargetId", rule, resource, severity, state, version, "timelinessThreshold", "openedAt", "resolvedAt", 'UPDATE', now() FROM alerts.alerts WHERE id = r.id;
  END LOOP;
  RETURN extract(epoch FROM clock_timestamp() - t0) * 1000;
END $$;
CREATE OR REPLACE FUNCTION pg_temp.keys(on_ boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE alerts.alerts %s TRIGGER alerts_posture_keys_update', CASE WHEN on_ THEN 'ENABLE' ELSE 'DISABLE' END);
  EXECUTE format('ALTER TABLE alerts.posture_moves %s TRIGGER posture_moves_keys_insert', CASE WHEN on_ THEN 'ENABLE' ELSE 'DISABLE' END);
END $$;
SELECT pg_temp.block(300) AS warmup;
\o /dev/null
\o
SELECT 'with' AS setting, pg_temp.block(1000) AS ms;
SELECT pg_temp.keys(false); SELECT 'without', pg_temp.block(1000);
SELECT 'without', pg_temp.block(1000);
SELECT pg_temp.keys(true); SELECT 'with', pg_temp.block(1000);
SELECT 'with', pg_temp.block(1000);
SELECT pg_temp.keys(false); SELECT 'without', pg_temp.block(1000);
SELECT 'without', pg_temp.block(1000);
SELECT pg_temp.keys(true); SELECT 'with', pg_temp.block(1000);
