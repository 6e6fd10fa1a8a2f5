import type { RunningVigil } from '../../app/vigil';
import { inTransaction } from '../../lib/db';
import { idleConnections, stuckConnections, timed } from '../support/silent-database';
import type { TcpProxy } from '../support/tcp-proxy';
import { type Account, type HttpResult, request, startTestVigilBehindProxy, type TestVigilBehindProxy } from '../support/vigil';

/**
 * PostgreSQL that goes silent in the middle of a statement (the proxy stops forwarding after the
 * statement was sent; the connection stays open, nothing is refused) is found within
 * VIGIL_DATABASE_QUERY_TIMEOUT_MS: the request answers 503 SERVICE_UNAVAILABLE instead of hanging,
 * the connections it caught are destroyed instead of going back to the pool (a request there would
 * wait behind their unanswered statement), and once the database answers again the next request succeeds.
 */
jest.setTimeout(120_000);

const QUERY_TIMEOUT_MS = 1_000;
/** Generous for a loaded 2-core machine: the request answers after one timeout, not several. */
const MARGIN_MS = 7_000;

let proxy: TcpProxy;
let t: TestVigilBehindProxy;
let vigil: RunningVigil;
let account: Account;

beforeAll(async () => {
  t = await startTestVigilBehindProxy({
    VIGIL_DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    // The query timeout alone (the liveness probe has its own test, silent-database-probe).
    VIGIL_DATABASE_PROBE_TIMEOUT_MS: '0',
  });
  ({ proxy, vigil } = t);
  account = await t.bootstrap('silent@example.com', 'Silent');
});

afterAll(() => t?.close());

/** 'answered', the error's message, or (a bound, as for the requests) 'no answer in 20 s'. */
function settled(work: Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('no answer in 20 s'), 20_000)));
  return Promise.race([
    work.then(
      () => 'answered',
      (error: Error) => error.message,
    ),
    bound,
  ]).finally(() => clearTimeout(timer));
}

it('a database silent mid-statement answers 503 within the query timeout, and requests succeed as soon as it answers again', async () => {
  const me = (signal = AbortSignal.timeout(20_000)) => t.rest('GET', '/me', { key: account.apiKey, signal });
  for (let i = 0; i < 3; i++) expect((await me()).status).toBe(200);

  proxy.stall();
  const [rest, graphql, prismaTransaction, rawTransaction] = await Promise.all([
    timed(me),
    timed((signal) => t.rest('POST', '/graphql', { key: account.apiKey, body: { query: '{ me { email } }' }, signal })),
    // The pool's checked-out paths, which pg-pool does not discard on a failed statement by itself:
    // a Prisma interactive transaction (mutations) and lib/db's inTransaction (raw SQL), each caught mid-statement.
    settled(vigil.db.prisma.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1'))),
    settled(inTransaction(vigil.db.pool, (client) => client.query('SELECT 1'))),
  ]);
  console.log(`silent database: REST answered after ${rest.ms} ms, GraphQL after ${graphql.ms} ms (query timeout ${QUERY_TIMEOUT_MS} ms)`);
  expect(rest.answer).not.toBeInstanceOf(Error);
  expect(graphql.answer).not.toBeInstanceOf(Error);
  const restAnswer = rest.answer as HttpResult;
  const graphqlAnswer = graphql.answer as HttpResult;
  expect(restAnswer.status).toBe(503);
  expect(restAnswer.body).toEqual({ statusCode: 503, error: 'ServiceUnavailable', message: expect.any(String) });
  expect(restAnswer.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(graphqlAnswer.status).toBe(503);
  expect(graphqlAnswer.body.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toContain('SERVICE_UNAVAILABLE');
  expect(rest.ms).toBeLessThan(QUERY_TIMEOUT_MS + MARGIN_MS);
  expect(graphql.ms).toBeLessThan(QUERY_TIMEOUT_MS + MARGIN_MS);
  console.log(`transactions caught mid-statement: Prisma "${prismaTransaction}", raw "${rawTransaction}"`);
  expect([prismaTransaction, rawTransaction]).not.toContain('answered');
  expect([prismaTransaction, rawTransaction]).not.toContain('no answer in 20 s');

  // What pg-pool keeps for the next request: no connection with a statement still waiting for its answer.
  expect(stuckConnections(vigil.db.pool)).toEqual([]);

  // PostgreSQL answers again (the held bytes flow on): the very next request succeeds.
  proxy.resume();
  const back = Date.now();
  const first = await me();
  const recoveredMs = Date.now() - back;
  console.log(`first request ${recoveredMs} ms after the database answered again: ${first.status}`);
  expect(first.status).toBe(200);
  expect(recoveredMs).toBeLessThan(2_000 + MARGIN_MS);
  // More requests at once than the pool has connections (10): a dead connection left in the pool would answer 503.
  const burst = await Promise.all(
    Array.from({ length: 15 }, (_, i) =>
      i % 2 ? me() : request(vigil.url, 'POST', '/graphql', { key: account.apiKey, body: { query: '{ me { email } organizations { nodes { id } } }' } }),
    ),
  );
  expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 200));
  expect(idleConnections(vigil.db.pool).length).toBeGreaterThan(0);
  expect(stuckConnections(vigil.db.pool)).toEqual([]);
});
