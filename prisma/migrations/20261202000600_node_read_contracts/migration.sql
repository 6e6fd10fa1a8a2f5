-- Read contracts for object identification (issue 34: Query.node / nodes, owned by the organizations
-- subgraph): which live object an id names and its organization, declared by each owner with its own
-- "live" rule, listed in subgraphs/read-contracts.ts. UUIDs are unique across these tables.

-- alerts: a live scan target, and an alert whose scan target is not deleted (as the alert lists read it).
CREATE VIEW "alerts"."live_node_owners" AS
  SELECT t.id, 'ScanTarget'::text AS type, t."organizationId"
    FROM "alerts"."scan_targets" t
   WHERE t."deletedAt" IS NULL
  UNION ALL
  SELECT a.id, 'Alert'::text AS type, a."organizationId"
    FROM "alerts"."alerts" a
   WHERE NOT EXISTS (SELECT 1 FROM "alerts"."scan_targets" dst WHERE dst.id = a."scanTargetId" AND dst."deletedAt" IS NOT NULL);

-- questionnaires: a live questionnaire.
CREATE VIEW "questionnaires"."live_node_owners" AS
  SELECT q.id, 'Questionnaire'::text AS type, q."organizationId"
    FROM "questionnaires"."questionnaires" q
   WHERE q."deletedAt" IS NULL;
