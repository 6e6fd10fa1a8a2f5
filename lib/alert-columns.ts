/**
 * The alert's shape, declared once: each field of the Alert record in the order REST, CSV and the
 * event payloads carry it, with its column of `alerts.alerts` (its name is the column's), its GraphQL
 * field on `type Alert`, whether `alerts.alert_history` copies it, whether the CSV export has it, and
 * what a follower is shown in its place. What derives from it: the column lists every alert read
 * selects (`alertColumnsSql`), the row type (`AlertRow`), the history columns (`historyCopySql`,
 * `historyColumnsSql`), the CSV export's columns and cells (subgraphs/alerts/alerts/lists.ts), the
 * record, its JSON and event payloads (subgraphs/alerts/alert-record.ts), the REST routes' selections
 * (gateway/rest/routes/alert-inputs.ts) and a follower's censorship (lib/visibility.ts).
 * test/subgraphs/alerts/alert-columns.test.ts fails when this, the migrations' tables and the SDL disagree.
 *
 * In lib/ because the gateway's REST layer reads it as well as the alerts subgraph (and the gateway
 * imports no subgraph code).
 */

/** A stored column's type as information_schema.columns names it (`udt_name`), and the row's TypeScript type for it. */
interface SqlTypes {
  uuid: string;
  text: string;
  int4: number;
  float8: number;
  _text: string[];
  jsonb: unknown;
  timestamptz: Date;
}
export type SqlType = keyof SqlTypes;

export interface AlertField {
  /** The record's key, the REST name, the CSV header, and the column of alerts.alerts (and of alert_history when tracked). */
  readonly name: string;
  /** The column's type; none for `ruleTitle`, which a read joins from alerts.rules in the caller's language. */
  readonly sql?: SqlType;
  /** The column may hold NULL (arrays are read through COALESCE, so a row's array is never null). */
  readonly nullable?: boolean;
  /** The field of `type Alert` (and `AlertHistoryRecord` when tracked) and its GraphQL type; `name` unless `graphql.field` says otherwise. */
  readonly graphql: { readonly type: string; readonly field?: string; readonly args?: string };
  /** alert_history copies it (under `history.column` when the name differs there). */
  readonly history?: true | { readonly column: string };
  /** In the CSV export: `'free text'` goes through the spreadsheet rule (lib/spreadsheet-cells.ts); `true` as the value is. */
  readonly csv?: true | 'free text';
  /** Hidden from followers: the SQL of the value shown instead, and that value as JavaScript (a fresh copy each time). */
  readonly censored?: { readonly sql: string; readonly value: () => unknown };
}

/** What a follower is shown in place of a hidden text (lib/visibility.ts). */
export const CENSORED = '[censored]';

const censoredText = { sql: `'${CENSORED}'`, value: () => CENSORED } as const;
const censoredJson = { sql: `'{}'::jsonb`, value: () => ({}) } as const;

export const ALERT_FIELDS = [
  { name: 'id', sql: 'uuid', graphql: { type: 'ID!', field: 'alertId' }, history: { column: 'alertId' }, csv: true },
  { name: 'organizationId', sql: 'uuid', graphql: { type: 'ID!' }, history: true, csv: true },
  { name: 'scanTargetId', sql: 'uuid', graphql: { type: 'ID' }, history: true, csv: true },
  { name: 'rule', sql: 'text', graphql: { type: 'String!' }, history: true, csv: 'free text' },
  { name: 'ruleTitle', graphql: { type: 'String', args: '(lang: $lang)' }, history: true, csv: 'free text' },
  { name: 'resource', sql: 'text', graphql: { type: 'String!' }, history: true, csv: 'free text', censored: censoredText },
  { name: 'severity', sql: 'text', graphql: { type: 'AlertSeverity!' }, history: true, csv: true },
  { name: 'state', sql: 'text', graphql: { type: 'AlertState!' }, history: true, csv: true },
  { name: 'version', sql: 'int4', graphql: { type: 'Int!' }, history: true, csv: true },
  { name: 'tags', sql: '_text', nullable: true, graphql: { type: '[String!]!' }, history: true, csv: 'free text' },
  { name: 'labels', sql: '_text', nullable: true, graphql: { type: '[String!]!' }, history: true, csv: 'free text' },
  { name: 'compliances', sql: '_text', nullable: true, graphql: { type: '[String!]!' }, csv: 'free text' },
  { name: 'enrichment', sql: 'jsonb', graphql: { type: 'JSON!' }, history: true, censored: censoredJson },
  { name: 'metadata', sql: 'jsonb', graphql: { type: 'JSON!' }, history: true, censored: censoredJson },
  { name: 'openedAt', sql: 'timestamptz', nullable: true, graphql: { type: 'DateTime' }, history: true, csv: true },
  { name: 'resolvedAt', sql: 'timestamptz', nullable: true, graphql: { type: 'DateTime' }, history: true, csv: true },
  { name: 'createdAt', sql: 'timestamptz', graphql: { type: 'DateTime!' }, csv: true },
  { name: 'updatedAt', sql: 'timestamptz', graphql: { type: 'DateTime!' }, csv: true },
  { name: 'timelinessThreshold', sql: 'float8', nullable: true, graphql: { type: 'Float' }, history: true, csv: true },
] as const satisfies readonly AlertField[];

type Declared = (typeof ALERT_FIELDS)[number];
type Stored = Extract<Declared, { sql: SqlType }>;
type FieldValue<F> = F extends { sql: infer T extends SqlType }
  ? SqlTypes[T] | (F extends { nullable: true; sql: Exclude<SqlType, '_text'> } ? null : never)
  : never;

/** An alert as every read selects it (`alertColumnsSql`) with its rule title. */
export type AlertRow = { [F in Stored as F['name']]: FieldValue<F> } & { ruleTitle: string | null };

/** The fields alert_history copies (by their record names). */
type Tracked = Extract<Declared, { history: unknown }>['name'];

/** A history record as `historyColumnsSql` selects it. */
export type HistoryRow = Pick<AlertRow, Tracked> & { alertId: string; seq: string; operation: string; userId: string | null; createdAt: Date };

const FIELDS: readonly AlertField[] = ALERT_FIELDS;

/** A column's name in SQL: quoted when it is camelCase. */
export const sqlName = (name: string) => (/^[a-z_]+$/.test(name) ? name : `"${name}"`);

const stored = FIELDS.filter((field) => field.sql);
const historyColumn = (field: AlertField) => (typeof field.history === 'object' ? field.history.column : field.name);
const tracked = stored.filter((field) => field.history);

/** `column` of row `a` as a read selects it: arrays never null. */
const readSql = (field: AlertField, column: string) => (field.sql === '_text' ? `COALESCE(${column}, '{}')` : column);

/** The columns every alert read selects from row alias `a` (the rule title aside), as AlertRow names them. */
export const alertColumnsSql = (a: string) =>
  stored
    .map((field) => {
      const column = `${a}.${sqlName(field.name)}`;
      const read = readSql(field, column);
      return read === column ? column : `${read} AS ${sqlName(field.name)}`;
    })
    .join(', ');

/** The columns alert_history copies: its column list, and the alert row `a`'s values for them, in the same order. */
export function historyCopySql(a: string): { columns: string; values: string } {
  return {
    columns: tracked.map((field) => sqlName(historyColumn(field))).join(', '),
    values: tracked.map((field) => `${a}.${sqlName(field.name)}`).join(', '),
  };
}

/** A history row `h` as HistoryRow names it (the rule title aside): its own columns and the alert's copied ones under the alert's names. */
export const historyColumnsSql = (h: string) =>
  [
    `${h}.seq`,
    `${h}."alertId"`,
    ...tracked.map((field) => {
      const column = `${h}.${sqlName(historyColumn(field))}`;
      const read = readSql(field, column);
      return read === column && historyColumn(field) === field.name ? column : `${read} AS ${sqlName(field.name)}`;
    }),
    `${h}.operation`,
    `${h}."userId"`,
    `${h}."createdAt"`,
  ].join(', ');

/** The GraphQL selection of one field, aliased to its REST name when they differ. */
const selection = (field: AlertField) => {
  const graphql = field.graphql.field ?? field.name;
  return `${graphql === field.name ? '' : `${field.name}: `}${graphql}${field.graphql.args ?? ''}`;
};

/** The GraphQL selection of an Alert as REST answers it (keys as the record's). */
export const ALERT_SELECTION = FIELDS.map(selection).join(' ');

/** The GraphQL selection of an AlertHistoryRecord as REST answers it: the tracked fields, then the record's own. */
export const HISTORY_SELECTION = [...FIELDS.filter((field) => field.history).map(selection), 'alertId operation userId createdAt cursor'].join(' ');

/** The fields hidden from followers, with the SQL of what they see instead. */
export const CENSORED_FIELDS: ReadonlyMap<string, string> = new Map(
  FIELDS.flatMap((field) => (field.censored ? [[field.name, field.censored.sql] as const] : [])),
);

/** The hidden fields' values as a follower sees them (fresh objects: a caller may change its copy). */
export function censoredValues(): Record<string, unknown> {
  return Object.fromEntries(FIELDS.flatMap((field) => (field.censored ? [[field.name, field.censored.value()]] : [])));
}
