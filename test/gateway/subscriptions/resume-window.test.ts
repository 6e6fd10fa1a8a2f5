import { streamCodec } from '../../../lib/subscriptions/streams';
import { sseSubscribe, subscribe, wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * A stream resumed from a cursor N entries back delivers exactly the caller's N entries after it — in
 * log order, each once, none of the organizations writing between them — then the live ones, over
 * graphql-ws and SSE alike. The log's positions cross a power of ten (9,999 → 10,000) between the cursor
 * and the end, and the catch-up spans more than one page of the log (1,000 entries): an order by the
 * text of a position, or a page boundary dropped or read twice, shows as a wrong list (bench:scale once
 * measured a resume 1,000 behind as 900 and 100,921 messages: its own cursor query sorted positions as
 * text; issue 36).
 */
jest.setTimeout(90_000);

/** Entries of each organization in the log, interleaved (one of each in turn). */
const PER_ORGANIZATION = 1_500;
/** How far behind the end the resumed cursor is: more than one page of the catch-up. */
const BEHIND = 1_200;
/** Entries of each organization appended once the resumed streams are live. */
const LIVE = 10;

let t: TestVigil;
let accounts: Account[];
let acme: Account;

beforeAll(async () => {
  t = await startTestVigil();
  accounts = [await t.bootstrap('admin@acme.test', 'Acme'), await t.bootstrap('admin@beta.test', 'Beta'), await t.bootstrap('admin@gamma.test', 'Gamma')];
  acme = accounts[0];
});

afterAll(async () => {
  await t?.close();
});

/** Appends `rounds` entries of each organization, interleaved in one statement; returns Acme's ids in log order (sorted as numbers here, not by SQL). */
async function append(rounds: number, from: number): Promise<Array<{ id: string; seq: bigint }>> {
  const { rows } = await t.vigil.db.pool.query<{ id: string; seq: string; organizationId: string }>(
    `INSERT INTO documents.events (id, "organizationId", name, source, data)
     SELECT gen_random_uuid(), ($1::uuid[])[1 + i % 3], 'ScanTargetUpdated', 'test', jsonb_build_object('n', i)
       FROM generate_series($2::int, $2::int + $3::int * 3 - 1) i
     RETURNING id, seq::text AS seq, "organizationId"`,
    [accounts.map((a) => a.organizationId), from, rounds],
  );
  return rows
    .filter((r) => r.organizationId === acme.organizationId)
    .map((r) => ({ id: r.id, seq: BigInt(r.seq) }))
    .sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
}

const EVENT_APPENDED = `subscription($org: ID!, $after: String) { eventAppended(organizationId: $org, after: $after) { cursor event { id } } }`;

it(`a stream resumed ${BEHIND} entries behind delivers exactly those entries of the caller, in order, each once, then the live ones, over graphql-ws and SSE`, async () => {
  // The positions cross 9,999 → 10,000 in the middle of the catch-up.
  await t.vigil.db.pool.query(`SELECT setval('documents.events_seq_seq', 9000)`);
  const logged = await append(PER_ORGANIZATION, 0);
  expect(logged[0].seq).toBeLessThan(10_000n);
  expect(logged[logged.length - BEHIND - 1].seq).toBeLessThan(10_000n);
  expect(logged[logged.length - 1].seq).toBeGreaterThan(10_000n);
  const cursorAt = logged[logged.length - BEHIND - 1];
  const expected = logged.slice(-BEHIND).map((e) => e.id);
  const after = streamCodec(t.secret, 'eventAppended', acme.organizationId).seal([cursorAt.seq.toString()]);

  const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
  const ws = subscribe(client, EVENT_APPENDED, { org: acme.organizationId, after });
  const sse = sseSubscribe(t.url, acme.apiKey, EVENT_APPENDED, { org: acme.organizationId, after });
  try {
    await ws.waitFor(BEHIND, 30_000);
    await sse.waitFor(BEHIND, 30_000);
    // Live entries of all three organizations; Acme's last is the sentinel: in log order, a duplicate or another
    // organization's entry would have arrived before it.
    const live = await append(LIVE, 3 * PER_ORGANIZATION);
    await ws.waitFor(BEHIND + LIVE, 15_000);
    await sse.waitFor(BEHIND + LIVE, 15_000);
    const all = [...expected, ...live.map((e) => e.id)];
    for (const received of [ws, sse]) {
      expect(received.errors).toEqual([]);
      expect(received.data.map((m) => m.eventAppended.event.id)).toEqual(all);
    }
    // Each message's cursor resumes right after it: one from the middle of the catch-up delivers the rest.
    const middle = ws.data[BEHIND / 2 - 1].eventAppended.cursor;
    const again = subscribe(client, EVENT_APPENDED, { org: acme.organizationId, after: middle });
    await again.waitFor(all.length - BEHIND / 2, 15_000);
    expect(again.data.map((m) => m.eventAppended.event.id)).toEqual(all.slice(BEHIND / 2));
  } finally {
    ws.stop();
    sse.stop();
    await client.dispose();
  }
});
