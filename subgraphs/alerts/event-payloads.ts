/**
 * How alerts and scans appear in the event log when set-based SQL writes the events (the
 * reconciliation, the scheduler): JSON built in the database from the rows a statement returns,
 * with timestamps in the same ISO form the API answers (`2026-11-22T10:00:00.000Z`).
 */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The spec's Alert object of row alias `a` (a row of alerts.alerts). */
export function alertJsonSql(a: string): string {
  return `jsonb_build_object(
    'id', ${a}.id, 'organizationId', ${a}."organizationId", 'scanTargetId', ${a}."scanTargetId",
    'rule', ${a}.rule, 'resource', ${a}.resource, 'severity', ${a}.severity, 'state', ${a}.state, 'version', ${a}.version,
    'tags', to_jsonb(coalesce(${a}.tags, '{}')), 'labels', to_jsonb(coalesce(${a}.labels, '{}')), 'compliances', to_jsonb(coalesce(${a}.compliances, '{}')),
    'enrichment', ${a}.enrichment, 'metadata', ${a}.metadata, 'timelinessThreshold', ${a}."timelinessThreshold",
    'openedAt', ${iso(`${a}."openedAt"`)}, 'resolvedAt', ${iso(`${a}."resolvedAt"`)},
    'createdAt', ${iso(`${a}."createdAt"`)}, 'updatedAt', ${iso(`${a}."updatedAt"`)})`;
}

/** A scan of row alias `s` (a row of alerts.scans), as the API answers it. */
export function scanJsonSql(s: string): string {
  return `jsonb_build_object(
    'id', ${s}.id, 'organizationId', ${s}."organizationId", 'scanTargetId', ${s}."scanTargetId", 'status', ${s}.status,
    'trigger', ${s}.trigger, 'findingsCount', ${s}."findingsCount", 'summary', ${s}.summary, 'error', ${s}.error,
    'startedAt', ${iso(`${s}."startedAt"`)}, 'finishedAt', ${iso(`${s}."finishedAt"`)},
    'createdAt', ${iso(`${s}."createdAt"`)}, 'updatedAt', ${iso(`${s}."updatedAt"`)})`;
}

/** INSERT of one event per row of `source` (a CTE or subquery with columns organizationId, name, data). */
export function insertEventsSql(source: string, eventSource: string, metadataSql = `'{}'::jsonb`): string {
  return `INSERT INTO documents.events (id, "organizationId", name, source, version, data, metadata, "createdAt")
          SELECT gen_random_uuid(), ev."organizationId", ev.name, '${eventSource}', 1, ev.data, ${metadataSql}, now() FROM ${source} ev`;
}
