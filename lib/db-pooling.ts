import type pg from 'pg';

/**
 * Pools that reach PostgreSQL through a pooler in transaction mode (PgBouncer `pool_mode = transaction`,
 * VIGIL_DATABASE_POOLING=transaction): consecutive statements of one client may run on different server
 * connections, so nothing may rely on session state — no named prepared statement (PgBouncer 1.18 has no
 * max_prepared_statements: the second statement of a name fails on another server connection), no LISTEN,
 * no session advisory lock (migrations use DATABASE_DIRECT_URL instead: lib/migrate.ts migrateDatabase).
 */
const transactionPooled = new WeakSet<pg.Pool>();

export function markTransactionPooled(pool: pg.Pool): void {
  transactionPooled.add(pool);
}

export function isTransactionPooled(pool: pg.Pool): boolean {
  return transactionPooled.has(pool);
}

/** A statement's name where it may be prepared once per connection; none behind a transaction pooler. */
export function statementName(pool: pg.Pool, name: string): string | undefined {
  return transactionPooled.has(pool) ? undefined : name;
}
