import { appendEventsSql, EVENT_SOURCES, type EventName } from '../../lib/events';
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

/** One `name` event per scan row of `from` (a CTE or table aliased `s`), through lib/events.ts. */
export function scanEventsSql(from: string, name: EventName): string {
  return appendEventsSql({ from, organizationId: 's."organizationId"', name, source: EVENT_SOURCES.scan, data: scanJsonSql('s') });
}
