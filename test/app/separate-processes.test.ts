import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startVigil } from '../../app/vigil';
import { COMMANDS } from '../../cli/commands';
import { loadConfig } from '../../lib/config';
import { setLogLevel } from '../../lib/log';
import { type SubgraphProcess, startSubgraphProcess } from '../support/processes';
import { createTestDatabase, request } from '../support/vigil';

jest.setTimeout(120_000);

it('runs a subgraph as its own process (npm run start:subgraph -- alerts) behind the gateway', async () => {
  setLogLevel('silent');
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-split-'));
  const secret = randomBytes(8).toString('hex');
  let subgraph: SubgraphProcess | undefined;
  try {
    subgraph = await startSubgraphProcess('alerts', {
      DATABASE_URL: database.url,
      VIGIL_SECRET: secret,
      VIGIL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VIGIL_SCHEDULER: 'off',
    });
    const config = loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_SECRET: secret,
      VIGIL_DATA_DIR: dataDir,
      ALERTS_URL: subgraph.url,
      VIGIL_SCHEDULER: 'off',
    });
    const vigil = await startVigil(config);
    try {
      expect(Object.keys(vigil.subgraphs).sort()).toEqual(['documents', 'organizations', 'questionnaires']);
      const account = (await COMMANDS.bootstrap.run(vigil.db, { email: 'split@example.com', organization: 'Split' }, () => undefined)) as { apiKey: string };
      const answer = await request(vigil.url, 'POST', '/graphql', { key: account.apiKey, body: { query: '{ me { email } rules { id } }' } });
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.me.email).toBe('split@example.com');
      expect(Array.isArray(answer.body.data.rules)).toBe(true);
    } finally {
      await vigil.close();
    }
  } finally {
    await subgraph?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
