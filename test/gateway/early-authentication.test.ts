import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { startAuthentication, useAuthentication } from '../../gateway/authenticate';
import { createHttpApp } from '../../gateway/http-app';
import { REST_SEGMENTS } from '../../gateway/rest/api';
import type { Principal } from '../../lib/principal';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * The API key's lookup starts as a request arrives (gateway/authenticate.ts startAuthentication): its statement is
 * handed to PostgreSQL before the middleware in front of useAuthentication runs, useAuthentication takes that
 * lookup (one statement a request, not two), and it answers what a lookup made there would: a deleted key is
 * refused. Statements are counted where pg sends them (pg.Client's query), on a real database.
 */
jest.setTimeout(120_000);

let t: TestVigil;
let acme: Account;
let server: http.Server;
let base: string;
/** Key lookups pg has been asked to send so far (all clients of this process). */
let lookups = 0;
/** Key lookups already sent when the middleware after createHttpApp's ran, per request path. */
const sentBeforeMiddleware: Record<string, number> = {};
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    if ((typeof config === 'string' ? config : (config?.text ?? '')).includes('organizations.api_keys k')) lookups++;
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
  // The gateway's order: createHttpApp's chain (startAuthentication first), then what the routers put before
  // useAuthentication (here one recording middleware), then useAuthentication.
  const app = createHttpApp({ trustProxy: false, corsOrigins: [] }, startAuthentication(t.vigil.db, new Set([...REST_SEGMENTS, 'graphql'])));
  app.use((req, _res, next) => {
    sentBeforeMiddleware[req.path] = lookups;
    next();
  });
  app.get('/livez-like', (_req, res) => {
    res.json({ lookups });
  });
  app.use(useAuthentication(t.vigil.db));
  app.use(express.json());
  app.all(/.*/, (_req, res) => {
    const principal = res.locals.principal as Principal | null;
    if (!principal) res.status(401).json({ error: 'Unauthorized' });
    else res.json({ userId: principal.userId, apiKeyId: principal.apiKeyId });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const get = (path: string, key?: string) => fetch(`${base}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('the API key looked up as the request arrives', () => {
  it('sends the lookup before the middleware in front of authentication runs, and authenticates with it alone', async () => {
    const before = lookups;
    const answer = await get(`/organizations/${acme.organizationId}/alerts`, acme.apiKey);
    expect(answer.status).toBe(200);
    expect((await answer.json()).userId).toBe(acme.userId);
    // Sent already when the middleware ran (without the early start: 0, the lookup came after it).
    expect(sentBeforeMiddleware[`/organizations/${acme.organizationId}/alerts`] - before).toBe(1);
    // useAuthentication took that lookup: one statement for the request, not a second one.
    expect(lookups - before).toBe(1);
  });

  it('starts it for /graphql too, and for no path outside the API', async () => {
    const before = lookups;
    expect((await get('/graphql', acme.apiKey)).status).toBe(200);
    expect(sentBeforeMiddleware['/graphql'] - before).toBe(1);
    expect(lookups - before).toBe(1);
    const outside = await get('/livez-like', acme.apiKey);
    expect(await outside.json()).toEqual({ lookups: before + 1 });
    expect(lookups - before).toBe(1);
  });

  it('makes no lookup without a key, and refuses an unknown or deleted key as a lookup made later would', async () => {
    const before = lookups;
    expect((await get('/me')).status).toBe(401);
    expect(lookups - before).toBe(0);
    expect((await get('/me', 'vgl_not_a_key')).status).toBe(401);
    const other = await t.bootstrap('bob@beta.example', 'Beta');
    expect((await get('/me', other.apiKey)).status).toBe(200);
    await t.vigil.db.pool.query(`UPDATE organizations.api_keys SET "deletedAt" = now() WHERE "userId" = $1`, [other.userId]);
    expect((await get('/me', other.apiKey)).status).toBe(401);
  });

  it('keeps the whole service at one key statement per REST request', async () => {
    const before = lookups;
    const answer = await t.rest('POST', `/organizations/${acme.organizationId}/alerts?size=5`, { key: acme.apiKey, body: {} });
    expect(answer.status).toBe(200);
    expect(lookups - before).toBe(1);
  });
});
