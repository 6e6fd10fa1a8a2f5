import express from 'express';
import { packageFile } from './package-files';
import { pagePolicy } from './security-headers';

/**
 * The GraphQL IDE (GraphiQL 3, its UMD bundle with React 18) served by Vigil itself: no CDN, no
 * web font, no telemetry, so it works offline and in production. A browser's GET /graphql (it
 * asks for HTML, with no `query`) gets the page; its assets are under /graphql-ide/. The page
 * queries /graphql and subscribes over graphql-ws on the same path; the API key goes in the
 * Headers tab (`{"Authorization": "Bearer vgl_…"}`), kept by GraphiQL in the browser's storage.
 */
const ASSETS: Record<string, { module: string; file: string; type: string }> = {
  'react.js': { module: 'react', file: 'umd/react.production.min.js', type: 'text/javascript' },
  'react-dom.js': { module: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript' },
  'graphiql.js': { module: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.css': { module: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
};

const START = `(function () {
  var ws = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql';
  var fetcher = GraphiQL.createFetcher({ url: '/graphql', subscriptionUrl: ws });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    isHeadersEditorEnabled: true,
    shouldPersistHeaders: true,
    // Short lines: the editor is half of a laptop's window and does not wrap (a longer hint was cut off).
    defaultQuery: '# Vigil. The schema and its docs load without a key.\\n' +
      '# To run queries, open the Headers tab below and put:\\n' +
      '# {"Authorization": "Bearer vgl_…"}\\n{\\n  me { id email member { organizationId roles } }\\n}\\n',
  }));
})();`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Vigil GraphQL</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/graphql-ide/graphiql.css">
<link rel="stylesheet" href="/graphql-ide/page.css">
</head>
<body>
<div id="graphiql">Loading the GraphQL IDE…</div>
<script src="/graphql-ide/react.js"></script>
<script src="/graphql-ide/react-dom.js"></script>
<script src="/graphql-ide/graphiql.js"></script>
<script src="/graphql-ide/start.js"></script>
</body>
</html>
`;

/** Whether a GET /graphql is a browser opening the page (not a GET query). */
function wantsPage(req: express.Request): boolean {
  return req.method === 'GET' && req.query.query === undefined && req.accepts(['application/json', 'text/html']) === 'text/html';
}

export function graphqlIde(): express.Router {
  const router = express.Router();
  // GraphiQL's fonts and icons are data: URLs; its editor sets styles through the DOM (not inline markup).
  const policy = pagePolicy({ imgSrc: ['data:'], fontSrc: ['data:'] });
  router.use('/graphql-ide', policy);
  router.get('/graphql', (req, res, next) => {
    if (!wantsPage(req)) return next();
    policy(req, res, () => res.type('html').set('Cache-Control', 'no-cache').send(PAGE));
  });
  router.get('/graphql-ide/page.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'no-cache').send('html, body, #graphiql { height: 100%; margin: 0; }\n');
  });
  router.get('/graphql-ide/start.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(START);
  });
  for (const [name, asset] of Object.entries(ASSETS)) {
    const file = packageFile(asset.module, asset.file);
    router.get(`/graphql-ide/${name}`, (_req, res) => {
      res.type(asset.type).set('Cache-Control', 'public, max-age=86400').sendFile(file);
    });
  }
  return router;
}
