import express from 'express';
import { composedSupergraph } from '../schema/compose';
import { packageFile } from './package-files';
import { openApiDocument } from './rest/openapi';
import { typesOf } from './rest/response-schemas';
import { REST_ROUTES } from './rest/routes';
import { pagePolicy } from './security-headers';

/**
 * GET /docs: the REST API's reference (Swagger UI over /openapi.json), its scripts and styles served
 * by Vigil from node_modules (no CDN); the online spec validator Swagger UI calls by default is off,
 * so the page makes no request to another host. "Authorize" takes an API key as a bearer token.
 */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript' },
};

const START = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger', validatorUrl: null, deepLinking: true, tryItOutEnabled: false });`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Vigil REST API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger">Loading the API reference…</div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
`;

export function apiDocs(): express.Router {
  const router = express.Router();
  // Swagger UI's icons and logo are data: images.
  router.use('/docs', pagePolicy({ imgSrc: ['data:'] }));
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });
  router.get('/docs/start.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(START);
  });
  for (const [name, asset] of Object.entries(ASSETS)) {
    const file = packageFile('swagger-ui-dist', asset.file);
    router.get(`/docs/${name}`, (_req, res) => {
      res.type(asset.type).set('Cache-Control', 'public, max-age=86400').sendFile(file);
    });
  }
  return router;
}

/** GET /openapi.json: the route table's operations typed against the supergraph, generated once, on first request. */
export function openApiRoute(publicUrl: string | undefined): express.RequestHandler {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return (_req, res) => {
    document ??= openApiDocument(REST_ROUTES, typesOf(composedSupergraph()), publicUrl);
    res.json(document);
  };
}
