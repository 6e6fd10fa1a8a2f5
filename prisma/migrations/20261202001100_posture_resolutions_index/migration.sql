-- The time to resolve (subgraphs/alerts/posture/aggregates.ts, postureTimeToResolve) takes the percentiles of
-- the resolutions of a window: the CLOSE moves with the opening they end. Read through posture_moves'
-- (organizationId, createdAt) index, a window held every move, openings included: a 100,000-alert
-- organization's year is ~158,000 index entries for its ~42,000 resolutions (timeToResolve 365 days 81.9 ms
-- p50 at 1 M alerts on the idle machine, target 50: bench/README.md, "Posture aggregates").
-- This partial index holds the resolutions alone, with every column the statement reads (its filter's
-- scan target, rule, compliances and severity, and the opening): an index-only range scan of the window's
-- resolutions. It stays exact: the same rows, the same percentile_cont; no rollup to keep.
-- Its write cost: one more index entry per resolution move (a scan's CLOSE; an alert's severity, rule, scan
-- target or compliance change rewrites its moves, already outside HOT through the index above). A hand
-- update of an alert writes no move and pays nothing.
CREATE INDEX "posture_moves_resolutions_idx" ON "alerts"."posture_moves"("organizationId", "createdAt")
  INCLUDE ("severity", "openedAt", "scanTargetId", "rule", "compliances")
  WHERE "resolution" AND "openedAt" IS NOT NULL;
