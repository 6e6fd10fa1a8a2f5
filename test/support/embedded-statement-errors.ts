import { COMMANDS } from '../../cli/commands';
import { authenticateApiKey } from '../../lib/api-keys';
import { openEmbedded } from '../../lib/db';
import { setLogLevel } from '../../lib/log';
import { applyMigrations } from '../../lib/migrate';

/**
 * Run by test/lib/embedded-statement-errors.test.ts as its own process (PGlite's WebAssembly loader
 * needs a real Node module loader, not jest's): drives the data layer of an in-memory embedded
 * database and prints one JSON line of what a request would have seen at each step.
 */
async function main() {
  setLogLevel('silent');
  const db = await openEmbedded(undefined);
  const steps: Array<{ step: string; outcome: string }> = [];
  const observe = async (step: string, work: () => Promise<unknown>) => {
    try {
      const value = await work();
      steps.push({ step, outcome: value === null ? 'null' : typeof value === 'object' ? 'ok' : String(value) });
    } catch (error) {
      steps.push({ step, outcome: `error: ${(error as Error).message}` });
    }
  };
  try {
    await applyMigrations(db.pool, { log: () => undefined });
    const { apiKey } = (await COMMANDS.bootstrap.run(db, { email: 'embedded@example.com', organization: 'Embedded' }, () => undefined)) as { apiKey: string };
    const authenticate = () => authenticateApiKey(db.pool, apiKey);
    await observe('authenticate', authenticate);
    const failures: Record<string, () => Promise<unknown>> = {
      'NUL byte': () => db.pool.query(`SELECT id FROM organizations.users WHERE email = $1`, ['a\u0000b']),
      'division by zero': () => db.pool.query(`SELECT 1 / 0`),
      'bad uuid': () => db.pool.query(`SELECT $1::uuid`, ['not-a-uuid']),
      'prisma raw': () => db.prisma.$queryRawUnsafe(`SELECT * FROM no_such_table`),
    };
    for (const [name, fail] of Object.entries(failures)) {
      await observe(name, fail);
      await observe(`authenticate after ${name}`, authenticate);
      await observe(`count after ${name}`, () => db.prisma.user.count());
    }
    // A connection the pool gives up (socket error, broken client) is replaced by a new one to the
    // same PGlite session, where the named statement of the last connection still exists.
    const client = await db.pool.connect();
    client.release(new Error('dropped on purpose'));
    for (let i = 1; i <= 3; i++) await observe(`authenticate ${i} after a dropped connection`, authenticate);
  } finally {
    process.stdout.write(`${JSON.stringify(steps)}\n`);
    await db.close();
  }
}

void main();
