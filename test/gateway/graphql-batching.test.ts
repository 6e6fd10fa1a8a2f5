import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Batched POST /graphql (gateway/batching.ts) as Apollo Client 4's BatchHttpLink sends it: the answers come
 * back in order, one failing operation leaves the others' data, and a batch over VIGIL_GRAPHQL_MAX_BATCH
 * operations is refused with a clear 400.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let alice: Account;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_GRAPHQL_MAX_BATCH: '3' });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(async () => {
  await t?.close();
});

const post = (body: unknown) =>
  fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.apiKey}` },
    body: JSON.stringify(body),
  });

it("answers BatchHttpLink's batch in order, a failing operation beside succeeding ones", async () => {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new BatchHttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${alice.apiKey}` }, batchMax: 3, batchInterval: 20 }),
  });
  const [me, broken, again] = await Promise.all([
    client.query({ query: gql`query Me { me { id email } }`, fetchPolicy: 'network-only' }),
    client.query({ query: gql`query Bad { me { noSuchField } }`, fetchPolicy: 'network-only', errorPolicy: 'all' }),
    client.query({ query: gql`query MeAgain { me { email } }`, fetchPolicy: 'network-only' }),
  ]);
  expect((me.data as { me: { email: string } }).me.email).toBe('alice@example.com');
  expect((again.data as { me: { email: string } }).me.email).toBe('alice@example.com');
  expect(broken.error?.message).toMatch(/noSuchField/);
});

it('answers a raw array in order, and refuses an empty batch and one over the bound with 400', async () => {
  const ok = await post([{ query: '{ me { email } }' }, { query: '{ me { nope } }' }]);
  expect(ok.status).toBe(200);
  const answers = (await ok.json()) as Array<{ data?: { me: { email: string } }; errors?: Array<{ extensions: { code: string } }> }>;
  expect(answers).toHaveLength(2);
  expect(answers[0].data?.me.email).toBe('alice@example.com');
  expect(answers[1].errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

  const over = await post(Array.from({ length: 4 }, () => ({ query: '{ me { email } }' })));
  expect(over.status).toBe(400);
  expect(await over.json()).toEqual({ errors: [{ message: 'A batch may hold at most 3 operations; this one holds 4', extensions: { code: 'BAD_REQUEST' } }] });

  const empty = await post([]);
  expect(empty.status).toBe(400);
  expect(((await empty.json()) as { errors: Array<{ message: string }> }).errors[0].message).toBe('A batch must hold at least one operation');
});

it('refuses a subscription, @defer and an over-long document inside a batch, naming the operation', async () => {
  const refusal = async (second: unknown) => {
    const res = await post([{ query: '{ me { email } }' }, second]);
    expect(res.status).toBe(400);
    return ((await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> }).errors[0];
  };
  expect((await refusal({ query: 'subscription { alertChanged(organizationId: "x") { id } }' })).message).toMatch(
    /^Operation 1 of the batch: a subscription cannot be batched/,
  );
  expect((await refusal({ query: '{ me { id ... @defer { email } } }' })).message).toBe(
    'Operation 1 of the batch: @defer cannot be batched; send the operation on its own',
  );
  expect((await refusal({ query: `{ me { ${'id '.repeat(6000)}} }` })).message).toMatch(/more than 5000 tokens/);
  expect((await refusal(42)).extensions.code).toBe('BAD_REQUEST');
});

it('counts every operation of a batch in the key rate budget', async () => {
  const limited = await startTestVigil({ VIGIL_RATE_LIMIT_PER_KEY: '4', VIGIL_GRAPHQL_MAX_BATCH: '10' });
  try {
    const bob = await limited.bootstrap('bob@example.com', 'Bob Corp');
    const res = await fetch(`${limited.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.apiKey}` },
      body: JSON.stringify(Array.from({ length: 6 }, () => ({ query: '{ me { email } }' }))),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  } finally {
    await limited.close();
  }
});
