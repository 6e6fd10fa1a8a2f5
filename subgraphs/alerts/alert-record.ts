import { ALERT_FIELDS, type AlertField, sqlName } from '../../lib/alert-columns';
import type { View } from '../../lib/visibility';
import { Visibility } from '../../lib/visibility';

/**
 * The alert record — the spec's Alert as REST lists, the event log and webhooks carry it — written once:
 * its fields in order and where each comes from. The three forms derive from this list: the record
 * built in JavaScript from a row already read (`alertRecord`), the record text a list page builds in
 * the database (`alertRecordJsonSql`, with the rule title and the caller's censorship) and an event's
 * payload (`alertJsonSql`, no title: events carry the alert as stored).
 */
interface RecordField {
  name: string;
  /** The column of alerts.alerts (quoted where camelCase); none for the rule title. */
  column?: string;
  kind?: 'date' | 'array' | 'censored' | 'title';
}

/** The record's fields as lib/alert-columns.ts declares them, in its order. */
const FIELDS: readonly RecordField[] = (ALERT_FIELDS as readonly AlertField[]).map((field) => ({
  name: field.name,
  column: field.sql ? sqlName(field.name) : undefined,
  kind: !field.sql ? 'title' : field.censored ? 'censored' : field.sql === 'timestamptz' ? 'date' : field.sql === '_text' ? 'array' : undefined,
}));

/** A timestamp column as the API answers it: `2026-11-22T10:00:00.000Z`. */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An alert (already censored for a follower) as the plain JSON record, from the row or view read. */
export function alertRecord(alert: object): Record<string, unknown> {
  const source = alert as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = source[field.name] ?? null;
    record[field.name] = field.kind === 'date' && value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

/**
 * The record of alert row `a` with rule title `title`, as JSON text built by the database, as `view`
 * sees it (lib/visibility.ts censors the same columns as the GraphQL fields): what REST list pages send
 * unchanged. row_to_json of a one-row subquery: compact, keys in FIELDS order, cheaper than json_build_object.
 */
export function alertRecordJsonSql(a: string, title: string, view: View): string {
  const select = FIELDS.map((field) => {
    if (field.kind === 'title') return `${title} AS "${field.name}"`;
    const column = `${a}.${field.column}`;
    if (field.kind === 'date') return `${iso(column)} AS "${field.name}"`;
    if (field.kind === 'censored') return `${Visibility.alertColumnSql(view, a, field.column as string)} AS "${field.name}"`;
    return `${column} AS "${field.name}"`;
  });
  return `(SELECT row_to_json(rec) FROM (SELECT ${select.join(', ')}) rec)::text`;
}

/** An event's alert payload of row alias `a` (a row of alerts.alerts, uncensored: the log is the organization's). */
export function alertJsonSql(a: string): string {
  const pairs = FIELDS.filter((field) => field.kind !== 'title').map((field) => {
    const column = `${a}.${field.column}`;
    const value = field.kind === 'date' ? iso(column) : field.kind === 'array' ? `to_jsonb(coalesce(${column}, '{}'))` : column;
    return `'${field.name}', ${value}`;
  });
  return `jsonb_build_object(${pairs.join(', ')})`;
}
