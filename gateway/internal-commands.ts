import express from 'express';
import type { Database } from '../lib/db';
import { COMMANDS, type CommandArgs, type CommandServices } from '../lib/cli/commands';
import { PRINCIPAL_HEADER, SIGNATURE_HEADER, verifyPrincipal } from '../lib/principal';
import { sendError } from './rest/table';

/**
 * `POST /internal/commands/:name`: the CLI's commands (bootstrap, seed) run inside this process when
 * it holds the embedded database. Only a caller with the instance secret may call it; progress and
 * the result stream back as NDJSON lines.
 */
export function internalCommandRoutes(db: Database, services: CommandServices): express.Router {
  const router = express.Router();
  router.post('/internal/commands/:name', express.json(), async (req, res) => {
    const verified = verifyPrincipal(services.secret, req.header(PRINCIPAL_HEADER), req.header(SIGNATURE_HEADER));
    const command = COMMANDS[String(req.params.name)];
    if (!verified.ok) return sendError(res, 'UNAUTHENTICATED', 'internal commands need the instance secret');
    if (!command) return sendError(res, 'NOT_FOUND', 'No such command');
    res.status(200).type('application/x-ndjson');
    const send = (line: object) => res.write(JSON.stringify(line) + '\n');
    try {
      const result = await command.run(db, (req.body ?? {}) as CommandArgs, (done, total, label) => send({ progress: [done, total, label] }), services);
      send({ result });
    } catch (error) {
      send({ error: (error as Error).message });
    }
    res.end();
  });
  return router;
}
