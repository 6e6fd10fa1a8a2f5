-- A/B on the kept 1 M database: time to resolve 365 days with posture_moves_resolutions_idx and without it
-- (dropped inside a transaction that rolls back), and the breakdown by COMPLIANCE over the alerts (before)
-- vs over posture_open_keys (after); alternated, psql \timing. Organization 0 in :org.
SET jit = off;
\set ttr 'SELECT m.severity, count(*)::int AS resolved, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m."createdAt" - m."openedAt") / 3600.0) AS "medianHours", percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM m."createdAt" - m."openedAt") / 3600.0) AS "p90Hours" FROM alerts.posture_moves m WHERE m."organizationId" = ANY(ARRAY[' :'org' ']::uuid[]) AND m."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = ANY(ARRAY[' :'org' ']::uuid[]) AND dst."deletedAt" IS NOT NULL) AND m.resolution AND m."openedAt" IS NOT NULL AND m."createdAt" >= (current_date - 364)::timestamp AT TIME ZONE ''UTC'' AND m."createdAt" < (current_date + 1)::timestamp AT TIME ZONE ''UTC'' GROUP BY m.severity'
\set before 'SELECT c.tag AS key, min(c.tag) AS label, g.severity, sum(g.n)::int AS n FROM (SELECT a.compliances AS k, a.severity, count(*) AS n FROM alerts.alerts a WHERE a."organizationId" = ANY(ARRAY[' :'org' ']::uuid[]) AND a."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = ANY(ARRAY[' :'org' ']::uuid[]) AND dst."deletedAt" IS NOT NULL) AND a.state <> ''CLOSED'' GROUP BY 1, 2) g CROSS JOIN LATERAL unnest(g.k) AS c(tag) GROUP BY 1, g.severity'
\set after 'SELECT c.tag AS key, c.tag AS label, o.severity, sum(o.count)::int AS n FROM alerts.posture_open_keys o CROSS JOIN LATERAL unnest(o.key::text[]) AS c(tag) WHERE o."organizationId" = ' :'org' '::uuid AND o.dimension = ''COMPLIANCE'' GROUP BY 1, 3 UNION ALL SELECT c.tag, c.tag, a.severity, -count(*)::int FROM alerts.scan_targets dst JOIN alerts.alerts a ON a."organizationId" = dst."organizationId" AND a."scanTargetId" = dst.id CROSS JOIN LATERAL unnest(a.compliances) AS c(tag) WHERE dst."organizationId" = ' :'org' '::uuid AND dst."deletedAt" IS NOT NULL AND a.state <> ''CLOSED'' AND true GROUP BY 1, 3'
\o /dev/null
:ttr;
:before;
:after;
\o
\echo === EXPLAIN ttr with the index
EXPLAIN (ANALYZE, BUFFERS) :ttr;
\echo === EXPLAIN ttr without the index
BEGIN; DROP INDEX alerts.posture_moves_resolutions_idx;
EXPLAIN (ANALYZE, BUFFERS) :ttr;
ROLLBACK;
\echo === EXPLAIN compliance before (alerts)
EXPLAIN (ANALYZE, BUFFERS) :before;
\echo === EXPLAIN compliance after (posture_open_keys)
EXPLAIN (ANALYZE, BUFFERS) :after;
\echo === same answers (EXCEPT both ways, ttr with vs without; compliance before vs after summed)
CREATE TEMP TABLE ttr_with AS :ttr;
BEGIN; DROP INDEX alerts.posture_moves_resolutions_idx; CREATE TEMP TABLE ttr_without AS :ttr; ROLLBACK;
SELECT (SELECT count(*) FROM (TABLE ttr_with EXCEPT TABLE ttr_without) x) AS with_not_without, (SELECT count(*) FROM (TABLE ttr_without EXCEPT TABLE ttr_with) x) AS without_not_with, (SELECT count(*) FROM ttr_with) AS rows;
CREATE TEMP TABLE c_before AS SELECT key, severity, sum(n) AS n FROM (:before) x GROUP BY 1, 2 HAVING sum(n) <> 0;
CREATE TEMP TABLE c_after AS SELECT key, severity, sum(n) AS n FROM (:after) x GROUP BY 1, 2 HAVING sum(n) <> 0;
SELECT (SELECT count(*) FROM (TABLE c_before EXCEPT TABLE c_after) x) AS before_not_after, (SELECT count(*) FROM (TABLE c_after EXCEPT TABLE c_before) x) AS after_not_before, (SELECT count(*) FROM c_after) AS rows;
\echo === alternated timings
\timing on
\o /dev/null
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
\echo ttr-with
:ttr;
\echo ttr-without
BEGIN;
DROP INDEX alerts.posture_moves_resolutions_idx;
:ttr;
ROLLBACK;
\echo compliance-before
:before;
\echo compliance-after
:after;
