import express from 'express';
import { COMMANDS, type CommandArgs, type CommandServices } from '../cli/commands';
import { sendError } from '../gateway/rest/table';
import type { Database } from '../lib/db';
import { PRINCIPAL_HEADER, SIGNATURE_HEADER, verifySignature } from '../lib/principal';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `POST /internal/commands/:name`: the CLI's commands (bootstrap, seed) run inside this process when
 * it holds the embedded database. Served to loopback callers only, and only with a signature made
 * for this purpose over this method, path and body (lib/principal.ts): the header the gateway sends
 * to subgraphs does not open it. The commands behave as when the CLI runs them itself (`bootstrap` refuses
 * an existing email in both; `issue-key` is the operator's way to give an existing user a new key).
 * Progress and the result stream back as NDJSON lines.
 */
export function internalCommandRoutes(db: Database, services: CommandServices): express.Router {
  const router = express.Router();
  router.post('/internal/commands/:name', (req, res, next) => {
    // The socket's address, not req.ip: no proxy header can make a remote caller look local.
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return sendError(res, 'FORBIDDEN', 'internal commands are served to this machine only');
    next();
  });
  router.post('/internal/commands/:name', express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const verified = verifySignature(
      services.secret,
      'internal-command',
      { payload: req.header(PRINCIPAL_HEADER), signature: req.header(SIGNATURE_HEADER) },
      { method: req.method, path: `/internal/commands/${req.params.name}`, body: raw },
    );
    if (!verified.ok)
      return sendError(res, 'UNAUTHENTICATED', `internal commands need a signature made with the instance secret for this command (${verified.reason})`);
    const command = COMMANDS[String(req.params.name)];
    if (!command) return sendError(res, 'NOT_FOUND', 'No such command');
    let args: CommandArgs;
    try {
      args = raw.length ? (JSON.parse(raw.toString('utf8')) as CommandArgs) : {};
    } catch {
      return sendError(res, 'BAD_REQUEST', 'body: not JSON');
    }
    res.status(200).type('application/x-ndjson');
    const send = (line: object) => res.write(`${JSON.stringify(line)}\n`);
    try {
      const result = await command.run(db, args ?? {}, (done, total, label) => send({ progress: [done, total, label] }), services);
      send({ result });
    } catch (error) {
      send({ error: (error as Error).message });
    }
    res.end();
  });
  return router;
}
