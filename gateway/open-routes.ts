import express from 'express';
import type { VigilConfig } from '../lib/config';
import type { ObjectStorage } from '../lib/storage';
import { localStorageRoutes } from '../lib/storage/http';
import { apiDocs, openApiRoute } from './api-docs';
import { dashboardRoutes } from './dashboard';
import { graphqlIde } from './graphql-ide';

export interface OpenRoutesOptions {
  /** Attachment bytes (lib/storage/): local storage's signed upload/download URLs are served here. */
  storage: ObjectStorage;
  /** Whether a storage key's attachment is still live (not expired): checked before GET /storage serves it. */
  storageKeyServed?: (key: string, userId: string | undefined) => Promise<boolean>;
}

/**
 * What the gateway serves without an API key, before authentication: the pages (the IDE on GET /graphql from
 * a browser, the REST reference on /docs, the console on /dashboard), `/openapi.json`, and local-disk storage
 * URLs (the signed token is the capability).
 */
export function openRoutes(config: Pick<VigilConfig, 'secret' | 'publicUrl'>, options: OpenRoutesOptions): express.Router {
  const router = express.Router();
  router.use(graphqlIde(), apiDocs(), dashboardRoutes());
  // ── documents: local-disk storage URLs ──
  if (options.storage.kind === 'local') router.use(localStorageRoutes(options.storage, config.secret, options.storageKeyServed));
  router.get('/openapi.json', openApiRoute(config.publicUrl));
  return router;
}
