import { locatedError } from 'graphql';
import { Prisma } from '../../generated/prisma/client';
import { DatabaseSilentError } from '../../lib/db-liveness';
import { isDependencyUnreachable } from '../../lib/errors';
import { formatError } from '../../lib/graphql-errors';
import type { TcpProxy } from '../support/tcp-proxy';
import { type Account, type HttpResult, startTestVigilBehindProxy, type TestVigilBehindProxy } from '../support/vigil';

jest.setTimeout(120_000);

// PostgreSQL "stops" and "restarts" behind a proxy this test owns (the shared server on 5432 stays up).
let proxy: TcpProxy;
let t: TestVigilBehindProxy;
let account: Account;

beforeAll(async () => {
  t = await startTestVigilBehindProxy();
  proxy = t.proxy;
  account = await t.bootstrap('outage@example.com', 'Outage');
});

afterAll(() => t?.close());

/** One round of the load: REST through the gateway and the subgraphs, GraphQL, an anonymous probe. */
function round(): Promise<Array<{ kind: string; answer: HttpResult }>> {
  const key = account.apiKey;
  const calls: Array<[string, Promise<HttpResult>]> = [
    ['rest', t.rest('GET', '/me', { key })],
    ['rest', t.rest('GET', `/organizations/${account.organizationId}`, { key })],
    ['rest', t.rest('POST', `/organizations/${account.organizationId}/alerts?size=5`, { key, body: {} })],
    ['graphql', t.rest('POST', '/graphql', { key, body: { query: `{ me { email } organizations { nodes { id name } } }` } })],
  ];
  return Promise.all(calls.map(async ([kind, answer]) => ({ kind, answer: await answer })));
}

it('answers 503 with Retry-After (never 500) while the database is down, hides its address from /readyz, and recovers without a restart', async () => {
  for (const { answer } of await round()) expect(answer.status).toBe(200);

  // Load running when the database goes away: requests in flight and requests after.
  const inFlight = Promise.all([round(), round(), round()]);
  await proxy.stop();
  const down = [...(await inFlight).flat()];
  for (let i = 0; i < 5; i++) down.push(...(await round()));
  const statuses = down.map((d) => d.answer.status);
  expect(statuses).not.toContain(500);
  expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  const unavailable = down.filter((d) => d.answer.status === 503);
  expect(unavailable.length).toBeGreaterThanOrEqual(20);
  for (const { kind, answer } of unavailable) {
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    if (kind === 'rest') expect(answer.body).toEqual({ statusCode: 503, error: 'ServiceUnavailable', message: expect.any(String) });
    else
      expect(answer.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) })]),
      );
    expect(JSON.stringify(answer.body)).not.toContain(String(proxy.port));
  }
  const ready = await t.rest('GET', '/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', down: ['database'] });
  expect(JSON.stringify(ready.body)).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${proxy.port}|ECONNREFUSED`));

  // The database comes back: the same process serves again, without a restart.
  await proxy.start();
  const deadline = Date.now() + 20_000;
  while ((await t.rest('GET', '/me', { key: account.apiKey })).status !== 200) {
    if (Date.now() > deadline) throw new Error('not serving again 20 s after the database came back');
    await new Promise((r) => setTimeout(r, 200));
  }
  for (let i = 0; i < 3; i++) for (const { answer } of await round()) expect(answer.status).toBe(200);
  expect((await t.rest('GET', '/readyz')).body).toMatchObject({ status: 'ready' });
});

it('reads a driver failure thrown as a bare object (graphql-js NonErrorThrown) as the database being away, not a 500', () => {
  // What a resolver saw during the outage when the pool's reconnect was refused: `{ errno, code, … }`, not an Error.
  const wrapped = locatedError({ errno: -111, code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 1 }, undefined, ['alerts']);
  expect(isDependencyUnreachable(wrapped)).toBe(true);
  expect(formatError(wrapped.toJSON(), wrapped).extensions?.code).toBe('SERVICE_UNAVAILABLE');
});

it("reads Prisma's 'Server has closed the connection' (P1017) as the database being away, not a 500", () => {
  // What a Prisma query met after a silent database's connection was destroyed by the query timeout: bench:faults saw
  // it answer GET /me with a 500 before this was mapped.
  const closed = new Prisma.PrismaClientKnownRequestError('\nInvalid `prisma.user.findMany()` invocation:\n\n\nServer has closed the connection.', {
    code: 'P1017',
    clientVersion: Prisma.prismaVersion.client,
  });
  const wrapped = locatedError(closed, undefined, ['me']);
  expect(isDependencyUnreachable(wrapped)).toBe(true);
  expect(formatError(wrapped.toJSON(), wrapped).extensions?.code).toBe('SERVICE_UNAVAILABLE');
  // The code alone says it, whatever Prisma's wording becomes.
  expect(isDependencyUnreachable(new Prisma.PrismaClientKnownRequestError('closed', { code: 'P1017', clientVersion: Prisma.prismaVersion.client }))).toBe(true);
});

it("reads pg's connect timeout ('timeout expired') and the liveness probe's DatabaseSilentError as the database being away, not a 500", () => {
  // bench:faults' silent database (new connections unanswered too): GET /me answered 500 with pg's connect timeout before this was mapped.
  const connectTimeout = locatedError(new Error('timeout expired'), undefined, ['me']);
  expect(isDependencyUnreachable(connectTimeout)).toBe(true);
  expect(formatError(connectTimeout.toJSON(), connectTimeout).extensions?.code).toBe('SERVICE_UNAVAILABLE');
  // What a statement meets while the probe has the database marked silent (lib/db-liveness.ts).
  const silent = locatedError(new DatabaseSilentError(), undefined, ['me']);
  expect(isDependencyUnreachable(silent)).toBe(true);
  expect(formatError(silent.toJSON(), silent).extensions?.code).toBe('SERVICE_UNAVAILABLE');
});
