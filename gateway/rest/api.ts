import express from 'express';
import type { VigilConfig } from '../../lib/config';
import type { RateLimits } from '../../lib/rate-limits';
import type { ObjectStorage } from '../../lib/storage';
import { requireApiKey } from '../authenticate';
import { type AuthorizeFindingsUpload, useBodyParsers, useFindingsUpload } from '../body-limits';
import { documentDownloadRoute } from '../document-download';
import { oauthStartRoute } from '../oauth-start';
import { REST_ROUTES } from './routes';
import { type Execute, mountRoutes, sendError } from './table';

export interface RestApiOptions {
  rateLimits: RateLimits;
  /** The API key's check (gateway/authenticate.ts), shared with GraphQL over HTTP. */
  authenticate: express.RequestHandler;
  /** Runs a route's operation on the REST graph (gateway/graphql-servers.ts). */
  execute: Execute;
  /** Who may post a scanner run's findings, checked before its body is read (app/ asks the alerts domain). */
  authorizeFindingsUpload: AuthorizeFindingsUpload;
  /** Attachment bytes (lib/storage/): a document's download redirects to them. */
  storage: ObjectStorage;
}

/** The first path segments of the route table's paths (`organizations`, `me`, …): a request under one authenticates. */
export const REST_SEGMENTS: ReadonlySet<string> = new Set(REST_ROUTES.map((row) => row.path.split('/', 2)[1]));

/**
 * The REST API: the route table (gateway/rest/routes/), each row one GraphQL operation run on the REST graph,
 * beside the routes that are not operations (OAuth's start, a scanner run's findings upload, a document's
 * download); every path no route takes answers 404 here, after authentication.
 */
export function restApi(config: Pick<VigilConfig, 'limits' | 'secret'>, options: RestApiOptions): express.Router {
  const { rateLimits, authenticate } = options;
  const router = express.Router();
  router.get('/oauth/:kind/start', oauthStartRoute());
  // A scanner run's findings document (Prowler's JSON-OCSF of one account can be 100+ MB) gets a
  // larger body limit, read only for an ADMIN of the organization posting to a live target.
  router.post(
    '/organizations/:organizationId/scantargets/:scanTargetId/findings',
    rateLimits.byAddress,
    authenticate,
    requireApiKey(),
    rateLimits.byKey,
    ...useFindingsUpload(options.authorizeFindingsUpload, config.limits.body),
  );
  router.use(rateLimits.byAddress, authenticate, requireApiKey(), rateLimits.byKey, ...useBodyParsers(config.limits.body));
  router.get('/me/documents/:documentId/download', documentDownloadRoute(options.execute, options.storage, config.secret)); // ── documents ──
  mountRoutes(router, REST_ROUTES, options.execute);
  router.use((_req, res) => sendError(res, 'NOT_FOUND', 'No such route'));
  return router;
}
