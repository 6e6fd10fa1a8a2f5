import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { pagePolicy } from './security-headers';

/**
 * GET /dashboard: the live posture console, built by scripts/web-build.cjs from web/src (TypeScript, Preact,
 * Apollo Client 4) into web/dist: hashed scripts and styles under /dashboard/assets, no inline script (the
 * page policy allows only Vigil's own files). The page talks to /graphql like any client.
 */
const WEB_DIR = [path.join(__dirname, '..', 'web', 'dist'), path.join(__dirname, '..', '..', 'web', 'dist')].find((dir) =>
  existsSync(path.join(dir, 'index.html')),
);

export function dashboardRoutes(): express.Router {
  const router = express.Router();
  if (!WEB_DIR) return router;
  router.use('/dashboard', pagePolicy({ scriptSrc: [] }));
  const send = (file: string, maxAge: number) => (_req: express.Request, res: express.Response) => {
    res.set('Cache-Control', maxAge ? `public, max-age=${maxAge}, immutable` : 'no-cache').sendFile(file);
  };
  router.get(['/dashboard', '/dashboard/'], send(path.join(WEB_DIR, 'index.html'), 0));
  // Vite's output: content-hashed names, cached for a year.
  router.get('/dashboard/assets/:file', (req, res, next) => {
    const file = req.params.file;
    if (!/^[\w.-]+\.(js|css)$/.test(file) || !existsSync(path.join(WEB_DIR, 'assets', file))) return next();
    send(path.join(WEB_DIR, 'assets', file), 31_536_000)(req, res);
  });
  // Vigil's icon for every page it serves (dashboard, GraphiQL, the REST docs): browsers ask for
  // /favicon.ico on their own, which otherwise answered 401 (a red console error on each page).
  router.get('/favicon.ico', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').sendFile(path.join(WEB_DIR, 'favicon.svg'));
  });
  return router;
}
