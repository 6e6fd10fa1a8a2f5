import type express from 'express';
import { refuse } from '../lib/refuse';

/**
 * GET /oauth/:kind/start: the OAuth consent links (GET /oauth/link) open here in a browser, without
 * an API key. Starting a consent needs the provider's OAuth application (client id and secret)
 * registered for this deployment, which Vigil does not hold: say so (501) instead of a bare 404.
 */
export function oauthStartRoute(): express.RequestHandler {
  return (req, res) =>
    refuse(
      req,
      res,
      'NOT_IMPLEMENTED',
      `This Vigil deployment has no ${req.params.kind} OAuth application, so the consent cannot start; give the scan target a credential, ` +
        'or load its findings with POST /organizations/{organizationId}/scantargets/{scanTargetId}/findings',
    );
}
