import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { packageFile } from './package-files';
import { inlineHash, pagePolicy } from './security-headers';

/**
 * GET /dashboard: the live dashboard (web/: Preact with htm, Chart.js, graphql-ws), its files and the
 * libraries' browser builds all served by Vigil (no CDN). web/ holds plain ES modules the browser
 * loads through an import map, so there is nothing to build; the page talks to /graphql like any client.
 */
const WEB_DIR = [path.join(__dirname, '..', 'web'), path.join(__dirname, '..', '..', 'web')].find((dir) => existsSync(path.join(dir, 'index.html')));

const VENDOR: Record<string, string> = {
  'preact.mjs': packageFile('preact', 'dist/preact.mjs'),
  'hooks.mjs': packageFile('preact', 'hooks/dist/hooks.mjs'),
  'htm.mjs': packageFile('htm', 'dist/htm.mjs'),
  'chart.umd.min.js': packageFile('chart.js', 'dist/chart.umd.min.js'),
};
const GRAPHQL_WS_DIR = packageFile('graphql-ws', 'dist');

export function dashboardRoutes(): express.Router {
  const router = express.Router();
  if (!WEB_DIR) return router;
  // The page's one inline script is its import map: allowed by its hash, nothing else inline.
  const importMaps = [...readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8').matchAll(/<script type="importmap">([\s\S]*?)<\/script>/g)].map((m) =>
    inlineHash(m[1]),
  );
  router.use('/dashboard', pagePolicy({ scriptSrc: importMaps }));
  const send = (file: string, maxAge: number) => (_req: express.Request, res: express.Response) => {
    res.set('Cache-Control', maxAge ? `public, max-age=${maxAge}` : 'no-cache').sendFile(file);
  };
  router.get(['/dashboard', '/dashboard/'], send(path.join(WEB_DIR, 'index.html'), 0));
  router.get('/dashboard/app.js', send(path.join(WEB_DIR, 'app.js'), 0));
  router.get('/dashboard/style.css', send(path.join(WEB_DIR, 'style.css'), 0));
  // Vigil's icon for every page it serves (dashboard, GraphiQL, the REST docs): browsers ask for
  // /favicon.ico on their own, which otherwise answered 401 (a red console error on each page).
  router.get('/favicon.ico', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').sendFile(path.join(WEB_DIR, 'favicon.svg'));
  });
  for (const [name, file] of Object.entries(VENDOR)) router.get(`/dashboard/vendor/${name}`, send(file, 86_400));
  // graphql-ws's browser client and the chunk it imports (hashed names: any .js file of its dist/).
  router.get('/dashboard/vendor/graphql-ws/:file', (req, res, next) => {
    const file = req.params.file;
    if (!/^[\w-]+\.js$/.test(file) || !existsSync(path.join(GRAPHQL_WS_DIR, file))) return next();
    send(path.join(GRAPHQL_WS_DIR, file), 86_400)(req, res);
  });
  return router;
}
