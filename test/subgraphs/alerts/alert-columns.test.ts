// The one declaration of the alert's fields (lib/alert-columns.ts) agrees with the database the
// migrations build (information_schema of alerts.alerts and alerts.alert_history) and with the SDL
// (`type Alert` and `type AlertHistoryRecord`): a stored field added to one and not the others fails here.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type FieldDefinitionNode, Kind, type ObjectTypeDefinitionNode, parse, print } from 'graphql';
import { Pool } from 'pg';
import { ALERT_FIELDS, type AlertField } from '../../../lib/alert-columns';
import { applyMigrations } from '../../../lib/migrate';
import { createTestDatabase } from '../../support/vigil';

const FIELDS: readonly AlertField[] = ALERT_FIELDS;
const SDL = path.join(__dirname, '..', '..', '..', 'subgraphs', 'alerts', 'alerts', 'alerts.graphql');

/** Columns of alerts.alerts no API field carries, each with its reason. */
const INTERNAL_ALERT_COLUMNS: Record<string, string> = {
  lastScanId: 'the scan that last saw the alert (reconcile bookkeeping)',
};
/** Columns of alerts.alert_history that are the record's own, not copies of the alert's. */
const HISTORY_OWN_COLUMNS = ['seq', 'operation', 'userId', 'createdAt'];
/** Fields of `type Alert` that are not stored columns: resolved from other data (riskAcceptance from the alert's history). */
const ALERT_DERIVED_FIELDS = ['id', 'organization', 'scanTarget', 'riskAcceptance'];
/** Fields of `type AlertHistoryRecord` that are the record's own. */
const HISTORY_OWN_FIELDS = ['id', 'operation', 'userId', 'createdAt', 'cursor'];

interface Column {
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

let db: { url: string; drop(): Promise<void> };
let pool: Pool;
const tables: Record<'alerts' | 'alert_history', Map<string, Column>> = { alerts: new Map(), alert_history: new Map() };
let types: Map<string, Map<string, FieldDefinitionNode>>;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new Pool({ connectionString: db.url, max: 2 });
  await applyMigrations(pool, { log: () => undefined });
  const { rows } = await pool.query<Column & { table_name: 'alerts' | 'alert_history'; column_name: string }>(
    `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
      WHERE table_schema = 'alerts' AND table_name IN ('alerts', 'alert_history')`,
  );
  for (const row of rows) tables[row.table_name].set(row.column_name, row);
  const document = parse(readFileSync(SDL, 'utf8'));
  types = new Map(
    document.definitions
      .filter((node): node is ObjectTypeDefinitionNode => node.kind === Kind.OBJECT_TYPE_DEFINITION)
      .map((node) => [node.name.value, new Map((node.fields ?? []).map((field) => [field.name.value, field]))]),
  );
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const historyColumn = (field: AlertField) => (typeof field.history === 'object' ? field.history.column : field.name);
const graphqlField = (field: AlertField) => field.graphql.field ?? field.name;
/** A field's argument names and type as the SDL spells them (`lang → String`). */
const sdlSignature = (node: FieldDefinitionNode | undefined) =>
  node && `${(node.arguments ?? []).map((arg) => `${arg.name.value} → `).join('')}${print(node.type)}`;
/** The same from the declaration (its `args` is the selection's: `(lang: $lang)`). */
const declaredSignature = (field: AlertField) =>
  `${[...(field.graphql.args ?? '').matchAll(/(\w+):/g)].map((match) => `${match[1]} → `).join('')}${field.graphql.type}`;

test('every declared stored field is a column of alerts.alerts of the declared type and nullability', () => {
  const declared = FIELDS.filter((field) => field.sql).map((field) => ({ name: field.name, type: field.sql, nullable: Boolean(field.nullable) }));
  const stored = declared.map(({ name }) => {
    const column = tables.alerts.get(name);
    return { name, type: column?.udt_name, nullable: column?.is_nullable === 'YES' };
  });
  expect(stored).toEqual(declared);
});

test('every column of alerts.alerts is declared (or named internal with its reason)', () => {
  const declared = new Set([...FIELDS.map((field) => field.name), ...Object.keys(INTERNAL_ALERT_COLUMNS)]);
  expect([...tables.alerts.keys()].filter((column) => !declared.has(column)).sort()).toEqual([]);
});

test('alert_history has a column of the same type for every tracked field, and no other copy of the alert', () => {
  const tracked = FIELDS.filter((field) => field.history && field.sql);
  expect(tracked.map((field) => ({ name: field.name, type: tables.alert_history.get(historyColumn(field))?.udt_name }))).toEqual(
    tracked.map((field) => ({ name: field.name, type: field.sql })),
  );
  const known = new Set([...tracked.map(historyColumn), ...HISTORY_OWN_COLUMNS]);
  expect([...tables.alert_history.keys()].filter((column) => !known.has(column)).sort()).toEqual([]);
});

test('type Alert has each declared field with the declared type, and no other field but the derived ones', () => {
  const alert = types.get('Alert');
  expect(alert).toBeDefined();
  const fields = alert as Map<string, FieldDefinitionNode>;
  expect(FIELDS.map((field) => [graphqlField(field), sdlSignature(fields.get(graphqlField(field)))])).toEqual(
    FIELDS.map((field) => [graphqlField(field), declaredSignature(field)]),
  );
  const known = new Set([...FIELDS.map(graphqlField), ...ALERT_DERIVED_FIELDS]);
  expect([...fields.keys()].filter((name) => !known.has(name))).toEqual([]);
});

test('type AlertHistoryRecord has each tracked field with the declared type, and no other field but its own', () => {
  const record = types.get('AlertHistoryRecord') as Map<string, FieldDefinitionNode>;
  const tracked = FIELDS.filter((field) => field.history);
  expect(tracked.map((field) => [graphqlField(field), sdlSignature(record.get(graphqlField(field)))])).toEqual(
    tracked.map((field) => [graphqlField(field), declaredSignature(field)]),
  );
  const known = new Set([...tracked.map(graphqlField), ...HISTORY_OWN_FIELDS]);
  expect([...record.keys()].filter((name) => !known.has(name))).toEqual([]);
});

// One way only: a NOT NULL column may still be shown as null (scanTargetId, once its scan target is deleted).
test('a column that may hold NULL is a nullable GraphQL field (arrays aside: read through COALESCE)', () => {
  const mismatched = FIELDS.filter((field) => field.nullable && field.sql !== '_text' && field.graphql.type.endsWith('!'));
  expect(mismatched.map((field) => field.name)).toEqual([]);
});
