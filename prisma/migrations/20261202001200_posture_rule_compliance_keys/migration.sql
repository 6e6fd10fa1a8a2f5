-- The trend filtered by a rule and a compliance tag at once (two dimensions) read every move of the
-- organization's range from alerts.posture_moves and every open alert of the organization, and kept the few the
-- filter names: 150,000 index entries of moves and 66,000 of open alerts for a 100,000-alert organization's
-- year, 190.7 / 236.8 ms p50 / p99 at 1 M alerts on the idle machine (bench/README.md, "Posture aggregates",
-- run 16). The rule and the compliance set together are a fourth dimension of posture_daily_keys and
-- posture_open_keys (20261202001000): RULE+COMPLIANCE, whose key is the pair as a text array,
-- '{rule,"{CIS,PCI}"}' (ARRAY[rule, compliances::text]::text: any rule text reads back whole), so a filter on
-- rules and tags reads that organization's pair rows and keeps the pairs of its rules whose set shares a tag.
-- An organization's rules each carry a few sets (their own and a finding's): about as many rows as the RULE
-- dimension's, not one per move.
-- Filters naming scan targets with another dimension do not come here: the alerts of the named scan targets
-- and their moves by alert (subgraphs/alerts/posture/trend.ts) are few.
-- The three functions of 20261202001000 are replaced by the same ones with the fourth key; nothing else changes.
CREATE OR REPLACE FUNCTION alerts.posture_daily_keys_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
      CROSS JOIN LATERAL (VALUES (''SCAN_TARGET'', m."scanTargetId"::text), (''RULE'', m.rule), (''COMPLIANCE'', m.compliances::text),
                                 (''RULE+COMPLIANCE'', ARRAY[m.rule, m.compliances::text]::text)) AS k(dimension, key)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(m.n) FILTER (WHERE NOT m.resolution) <> 0 OR sum(m.n) FILTER (WHERE m.resolution) <> 0
      ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT ("organizationId", dimension, key, day, severity) DO UPDATE SET opened = d.opened + EXCLUDED.opened, resolved = d.resolved + EXCLUDED.resolved',
    alerts.posture_net_rows(TG_OP, 'posture_moves', '"organizationId", "createdAt", severity, resolution, "scanTargetId", rule, compliances', 'true'));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION alerts.posture_daily_keys_follow_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alerts.posture_daily_keys AS d ("organizationId", dimension, key, day, severity, opened, resolved)
  SELECT m."organizationId", k.dimension, k.key, (m."createdAt" AT TIME ZONE 'UTC')::date, k.severity,
         COALESCE(sum(k.n) FILTER (WHERE NOT m.resolution), 0)::int, COALESCE(sum(k.n) FILTER (WHERE m.resolution), 0)::int
    FROM alerts.posture_moves m
   CROSS JOIN (VALUES ('SCAN_TARGET', OLD."scanTargetId"::text, OLD.severity, -1), ('RULE', OLD.rule, OLD.severity, -1),
                      ('COMPLIANCE', OLD.compliances::text, OLD.severity, -1),
                      ('RULE+COMPLIANCE', ARRAY[OLD.rule, OLD.compliances::text]::text, OLD.severity, -1),
                      ('SCAN_TARGET', NEW."scanTargetId"::text, NEW.severity, 1), ('RULE', NEW.rule, NEW.severity, 1),
                      ('COMPLIANCE', NEW.compliances::text, NEW.severity, 1),
                      ('RULE+COMPLIANCE', ARRAY[NEW.rule, NEW.compliances::text]::text, NEW.severity, 1)) AS k(dimension, key, severity, n)
   WHERE m."alertId" = NEW.id
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(k.n) FILTER (WHERE NOT m.resolution) <> 0 OR sum(k.n) FILTER (WHERE m.resolution) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("organizationId", dimension, key, day, severity) DO UPDATE SET opened = d.opened + EXCLUDED.opened, resolved = d.resolved + EXCLUDED.resolved;
  RETURN NULL;
END;
$$;

-- Static, as before (it fires on every alert update: cached plans).
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

-- The moves and the open alerts written before this migration, under the new key.
INSERT INTO alerts.posture_daily_keys ("organizationId", dimension, key, day, severity, opened, resolved)
SELECT m."organizationId", 'RULE+COMPLIANCE', ARRAY[m.rule, m.compliances::text]::text, (m."createdAt" AT TIME ZONE 'UTC')::date, m.severity,
       (count(*) FILTER (WHERE NOT m.resolution))::int, (count(*) FILTER (WHERE m.resolution))::int
  FROM alerts.posture_moves m
 GROUP BY 1, 2, 3, 4, 5;
INSERT INTO alerts.posture_open_keys ("organizationId", dimension, key, severity, count)
SELECT a."organizationId", 'RULE+COMPLIANCE', ARRAY[a.rule, a.compliances::text]::text, a.severity, count(*)::int
  FROM alerts.alerts a
 WHERE a.state <> 'CLOSED'
 GROUP BY 1, 2, 3, 4;
ANALYZE alerts.posture_daily_keys;
ANALYZE alerts.posture_open_keys;
