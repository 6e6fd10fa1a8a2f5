import { iso } from './alert-record';

/**
 * How scans appear in the event log when set-based SQL writes the events (the reconciliation, the
 * scheduler): JSON built in the database from the rows a statement returns, with timestamps in the
 * same ISO form the API answers. An alert's payload: alert-record.ts.
 */

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
