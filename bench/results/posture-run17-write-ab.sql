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
SELECT pg_temp.block(300) AS warmup;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
SELECT 'three keys (before)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT n."organizationId", k.dimension, k.key, n.severity, count(*)::int
      FROM posture_alerts_new n
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', n."scanTargetId"::text), ('RULE', n.rule), ('COMPLIANCE', n.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[n.rule, n.compliances::text]::text)) AS k(dimension, key)
     WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT a."organizationId", k.dimension, k.key, a.severity, sum(a.n)::int
      FROM (SELECT o."organizationId", o."scanTargetId", o.rule, o.compliances, o.severity, -1 AS n FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n."scanTargetId", n.rule, n.compliances, n.severity, 1 FROM posture_alerts_new n WHERE n.state <> 'CLOSED') a
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text)) AS k(dimension, key)
     GROUP BY 1, 2, 3, 4 HAVING sum(a.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT o."organizationId", k.dimension, k.key, o.severity, -count(*)::int
      FROM posture_alerts_old o
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', o."scanTargetId"::text), ('RULE', o.rule), ('COMPLIANCE', o.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[o.rule, o.compliances::text]::text)) AS k(dimension, key)
     WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
SELECT 'four keys (now)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT n."organizationId", k.dimension, k.key, n.severity, count(*)::int
      FROM posture_alerts_new n
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', n."scanTargetId"::text), ('RULE', n.rule), ('COMPLIANCE', n.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[n.rule, n.compliances::text]::text)) AS k(dimension, key)
     WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT a."organizationId", k.dimension, k.key, a.severity, sum(a.n)::int
      FROM (SELECT o."organizationId", o."scanTargetId", o.rule, o.compliances, o.severity, -1 AS n FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n."scanTargetId", n.rule, n.compliances, n.severity, 1 FROM posture_alerts_new n WHERE n.state <> 'CLOSED') a
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text)) AS k(dimension, key)
     GROUP BY 1, 2, 3, 4 HAVING sum(a.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT o."organizationId", k.dimension, k.key, o.severity, -count(*)::int
      FROM posture_alerts_old o
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', o."scanTargetId"::text), ('RULE', o.rule), ('COMPLIANCE', o.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[o.rule, o.compliances::text]::text)) AS k(dimension, key)
     WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
SELECT 'four keys (now)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
SELECT 'three keys (before)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
SELECT 'three keys (before)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT n."organizationId", k.dimension, k.key, n.severity, count(*)::int
      FROM posture_alerts_new n
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', n."scanTargetId"::text), ('RULE', n.rule), ('COMPLIANCE', n.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[n.rule, n.compliances::text]::text)) AS k(dimension, key)
     WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT a."organizationId", k.dimension, k.key, a.severity, sum(a.n)::int
      FROM (SELECT o."organizationId", o."scanTargetId", o.rule, o.compliances, o.severity, -1 AS n FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n."scanTargetId", n.rule, n.compliances, n.severity, 1 FROM posture_alerts_new n WHERE n.state <> 'CLOSED') a
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text)) AS k(dimension, key)
     GROUP BY 1, 2, 3, 4 HAVING sum(a.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT o."organizationId", k.dimension, k.key, o.severity, -count(*)::int
      FROM posture_alerts_old o
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', o."scanTargetId"::text), ('RULE', o.rule), ('COMPLIANCE', o.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[o.rule, o.compliances::text]::text)) AS k(dimension, key)
     WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
SELECT 'four keys (now)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT n."organizationId", k.dimension, k.key, n.severity, count(*)::int
      FROM posture_alerts_new n
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', n."scanTargetId"::text), ('RULE', n.rule), ('COMPLIANCE', n.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[n.rule, n.compliances::text]::text)) AS k(dimension, key)
     WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT a."organizationId", k.dimension, k.key, a.severity, sum(a.n)::int
      FROM (SELECT o."organizationId", o."scanTargetId", o.rule, o.compliances, o.severity, -1 AS n FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n."scanTargetId", n.rule, n.compliances, n.severity, 1 FROM posture_alerts_new n WHERE n.state <> 'CLOSED') a
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text)) AS k(dimension, key)
     GROUP BY 1, 2, 3, 4 HAVING sum(a.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT o."organizationId", k.dimension, k.key, o.severity, -count(*)::int
      FROM posture_alerts_old o
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', o."scanTargetId"::text), ('RULE', o.rule), ('COMPLIANCE', o.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[o.rule, o.compliances::text]::text)) AS k(dimension, key)
     WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
SELECT 'four keys (now)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
SELECT 'three keys (before)' AS setting, pg_temp.block(1000) AS ms;
CREATE OR REPLACE FUNCTION alerts.posture_open_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT n."organizationId", k.dimension, k.key, n.severity, count(*)::int
      FROM posture_alerts_new n
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', n."scanTargetId"::text), ('RULE', n.rule), ('COMPLIANCE', n.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[n.rule, n.compliances::text]::text)) AS k(dimension, key)
     WHERE n.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT a."organizationId", k.dimension, k.key, a.severity, sum(a.n)::int
      FROM (SELECT o."organizationId", o."scanTargetId", o.rule, o.compliances, o.severity, -1 AS n FROM posture_alerts_old o WHERE o.state <> 'CLOSED'
            UNION ALL
            SELECT n."organizationId", n."scanTargetId", n.rule, n.compliances, n.severity, 1 FROM posture_alerts_new n WHERE n.state <> 'CLOSED') a
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text)) AS k(dimension, key)
     GROUP BY 1, 2, 3, 4 HAVING sum(a.n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO alerts.posture_open_keys AS c ("organizationId", dimension, key, severity, count)
    SELECT o."organizationId", k.dimension, k.key, o.severity, -count(*)::int
      FROM posture_alerts_old o
     CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', o."scanTargetId"::text), ('RULE', o.rule), ('COMPLIANCE', o.compliances::text),
                                ('RULE+COMPLIANCE', ARRAY[o.rule, o.compliances::text]::text)) AS k(dimension, key)
     WHERE o.state <> 'CLOSED'
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("organizationId", dimension, key, severity) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
