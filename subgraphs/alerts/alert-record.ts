import { ALERT_FIELDS, type AlertField, sqlName } from '../../lib/alert-columns';
import type { View } from '../../lib/visibility';
import { Visibility } from '../../lib/visibility';

/**
 * The alert record — the spec's Alert as REST lists, the event log and webhooks carry it — written once:
 * its fields in order and where each comes from. The three forms derive from this list: the record
 * built in JavaScript from a row already read (`alertRecord`), the record text a list page writes from
 * text cells the database selects (`alertRecordCellsSql`, `alertRecordJson`: with the rule title and the
 * caller's censorship) and an event's payload (`alertJsonSql`, no title: events carry the alert as stored).
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
 * The record of alert row `a` with rule title `title` as `view` sees it (lib/visibility.ts censors the same
 * columns as the GraphQL fields), as one text cell per field in FIELDS order, each what the record's JSON
 * holds for it: arrays as JSON (`array_to_json`), JSON as its text, dates as the API writes them. Read in
 * pg's array row mode with no type parsing, `alertRecordJson` writes the record from the cells: what REST
 * list pages send unchanged. The database builds no JSON object: row_to_json's record per row cost the
 * page statement ~1.7 ms of its ~4 ms (bench/README.md, "Alert records written in Node").
 */
export function alertRecordCellsSql(a: string, title: string, view: View): string {
  return FIELDS.map((field) => {
    if (field.kind === 'title') return title;
    const column = `${a}.${field.column}`;
    if (field.kind === 'date') return iso(column);
    if (field.kind === 'censored') return Visibility.alertColumnSql(view, a, field.column as string);
    if (field.kind === 'array') return `array_to_json(COALESCE(${column}, '{}'))`;
    return column;
  }).join(', ');
}

/** How a cell of `alertRecordCellsSql` is written into the record: as a JSON string, or as it is (a number, JSON). */
const CELL_WRITERS: ReadonlyArray<(cell: string) => string> = (ALERT_FIELDS as readonly AlertField[]).map((field) => {
  if (field.sql === 'jsonb' || field.sql === '_text' || field.sql === 'int4') return (cell) => cell;
  // float8's text is a JSON number but for NaN and ±Infinity, which JSON writes as strings (as row_to_json does).
  if (field.sql === 'float8') return (cell) => (/^-?(NaN|Infinity)$/.test(cell) ? `"${cell}"` : cell);
  // JSON.stringify escapes as the database's JSON does: \", \\, \b \f \n \r \t and other controls as \u00xx.
  return (cell) => JSON.stringify(cell);
});
const CELL_KEYS = FIELDS.map((field, i) => `${i ? ',' : '{'}${JSON.stringify(field.name)}:`);

/**
 * The record's JSON text from the cells of `alertRecordCellsSql` starting at `offset` of a row read as text:
 * compact, keys in FIELDS order, byte for byte what `row_to_json` writes for the same record
 * (test/subgraphs/alerts/alert-record-json.test.ts).
 */
export function alertRecordJson(cells: ReadonlyArray<string | null>, offset: number): string {
  let json = '';
  for (let i = 0; i < CELL_KEYS.length; i++) {
    const cell = cells[offset + i];
    json += CELL_KEYS[i] + (cell === null ? 'null' : CELL_WRITERS[i](cell));
  }
  return `${json}}`;
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
