import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { createScanTarget } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Request bodies: too large → 413 PayloadTooLarge, a media type or charset the endpoint does not
 * read → 415 UnsupportedMediaType, in the spec's {statusCode, error, message}. A findings document is
 * read only for an ADMIN of the organization posting to a live target: anyone else is answered before
 * a byte of the body is read.
 */

let t: TestVigil;
let alice: Account; // ADMIN of Alice Corp
let eve: Account; // ADMIN of another organization
let target: string;

const FINDINGS_MAX = 1024 * 1024;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_BODY_MAX_BYTES: '20000', VIGIL_FINDINGS_MAX_BYTES: String(FINDINGS_MAX) });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  eve = await t.bootstrap('eve@example.com', 'Eve Ltd');
  target = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'aws prod', kind: 'AWS' });
});
afterAll(() => t.close());

/** Sends the headers of a POST announcing `length` bytes and one 64 KB chunk, then waits for an answer; the rest is never sent. */
function postHeadersOnly(path: string, key: string, length: number): Promise<{ status: number; body: any; ms: number }> {
  const url = new URL(t.url + path);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s: the server waited for the body')));
    req.write(Buffer.alloc(64 * 1024, 0x20));
  });
}

/**
 * A client that writes its whole request before reading a byte of the answer (as Python's urllib
 * does): resolves with the status line and body once the server closes, rejects when writing failed
 * (a reset or broken pipe: the refusal was never readable).
 */
function writeThenRead(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: unknown }> {
  const url = new URL(t.url + path);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.pause(); // nothing is read until the body has been written
    socket.once('error', reject);
    const head = [
      `POST ${path} HTTP/1.1`,
      `host: ${url.host}`,
      ...Object.entries({ ...headers, 'content-length': String(body.length) }).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(body, (error) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      socket
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .once('end', () => {
          const text = Buffer.concat(chunks).toString();
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
          resolve({ status, body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) });
        });
      socket.resume();
    });
  });
}

describe('a findings document', () => {
  const findingsPath = () => `/organizations/${alice.organizationId}/scantargets/${target}/findings`;

  it('from a caller who is not an ADMIN of the organization is refused before its body is read, six at once without stalling anyone', async () => {
    // The same six posts with their whole (64 KB) body sent, measured in the same run, before and after:
    // refused before the body is read, announcing 256 MB costs no more than announcing 64 KB. A fixed bar
    // (3,000 ms) measured the machine's load; three times the slower baseline holds at load 12 with two
    // CPU burners beside the file, and a server that waited for the body never answers (the 5 s timeout).
    const sixAtOnce = async (length: number) => {
      const started = performance.now();
      const [refusals, meanwhile] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, () => postHeadersOnly(findingsPath(), eve.apiKey, length))),
        t.rest('GET', '/me', { key: alice.apiKey }),
      ]);
      for (const refused of refusals) {
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ statusCode: 404, error: 'NotFound', message: 'Organization not found' });
      }
      expect(meanwhile.status).toBe(200);
      return performance.now() - started;
    };
    await sixAtOnce(64 * 1024); // the first REST requests start the REST graph's gateway: not part of either side
    const before = await sixAtOnce(64 * 1024);
    const ms = await sixAtOnce(256 * 1024 * 1024);
    const after = await sixAtOnce(64 * 1024);
    process.stdout.write(
      `6 unauthorised 256 MB findings posts answered in ${ms.toFixed(0)} ms; with their whole 64 KB body ${before.toFixed(0)} and ${after.toFixed(0)} ms (load ${loadavg()[0].toFixed(1)})\n`,
    );
    expect(ms).toBeLessThan(3 * Math.max(before, after));
  });

  it('to a target that does not exist is refused before its body is read', async () => {
    const refused = await postHeadersOnly(
      `/organizations/${alice.organizationId}/scantargets/00000000-0000-4000-8000-000000000000/findings`,
      alice.apiKey,
      256 * 1024 * 1024,
    );
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ statusCode: 404, error: 'NotFound', message: 'Scan target not found' });
  });

  it('that inflates past the limit (a gzip bomb) is refused with 413', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"format":"vigil","findings":['), Buffer.alloc(20 * FINDINGS_MAX, 0x20), Buffer.from(']}')]));
    expect(bomb.length).toBeLessThan(FINDINGS_MAX / 10);
    const res = await fetch(t.url + findingsPath(), {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.apiKey}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      statusCode: 413,
      error: 'PayloadTooLarge',
      message: `The request body is larger than ${FINDINGS_MAX} bytes (decompressed), the limit here`,
    });
  });

  it('refused before its body is read is still answered to a client that writes the whole body before reading', async () => {
    // 4 MB on the wire, as a stranger's oversized gzip body would be; the refusal comes after ~0 bytes.
    const body = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20), { level: 0 });
    const headers = { authorization: `Bearer ${eve.apiKey}`, 'content-type': 'application/json', 'content-encoding': 'gzip' };
    for (let i = 0; i < 4; i++) {
      expect(await writeThenRead(findingsPath(), headers, body)).toEqual({
        status: 404,
        body: { statusCode: 404, error: 'NotFound', message: 'Organization not found' },
      });
    }
    // An ADMIN's body refused part way (it inflates past the limit): the same.
    const tooLarge = await writeThenRead(findingsPath(), { ...headers, authorization: `Bearer ${alice.apiKey}` }, body);
    expect(tooLarge).toEqual({
      status: 413,
      body: { statusCode: 413, error: 'PayloadTooLarge', message: `The request body is larger than ${FINDINGS_MAX} bytes (decompressed), the limit here` },
    });
  });

  it('within the limit, gzipped, from the ADMIN is loaded', async () => {
    const document = { format: 'vigil', findings: [{ rule: 'fx-root-mfa', resource: 'account-1', severity: 'HIGH' }] };
    const res = await fetch(t.url + findingsPath(), {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.apiKey}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(document)),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: expect.stringMatching(/DONE|FAILED/) });
  });
});

describe('other bodies', () => {
  it('larger than the limit are refused with 413 PayloadTooLarge', async () => {
    const res = await t.rest('POST', `/organizations/${alice.organizationId}/alerts`, { key: alice.apiKey, body: { search: 'x'.repeat(30_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      error: 'PayloadTooLarge',
      message: 'The request body is larger than 20000 bytes (decompressed), the limit here',
    });
  });

  it('of a media type the route does not read are refused with 415, not ignored', async () => {
    const form = await t.rest('POST', `/organizations/${alice.organizationId}/alerts`, {
      key: alice.apiKey,
      text: 'states=OPEN',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ statusCode: 415, error: 'UnsupportedMediaType', message: expect.stringContaining('application/x-www-form-urlencoded') });
    const untyped = await fetch(`${t.url}/organizations/${alice.organizationId}/alerts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.apiKey}`, 'content-type': '' },
      body: Buffer.from('{}'),
    });
    expect(untyped.status).toBe(415);
  });

  it('in a charset other than UTF-8 are refused with 415', async () => {
    const res = await t.rest('POST', `/organizations/${alice.organizationId}/alerts`, {
      key: alice.apiKey,
      body: {},
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, error: 'UnsupportedMediaType', message: expect.stringContaining('latin1') });
    const utf8 = await t.rest('POST', `/organizations/${alice.organizationId}/alerts`, {
      key: alice.apiKey,
      body: {},
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(utf8.status).toBe(200);
  });

  it('as text/plain still name a new API key (POST /me/apikeys)', async () => {
    const res = await t.rest('POST', '/me/apikeys', { key: alice.apiKey, text: 'ci key' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'ci key' });
  });
});

describe('the GraphQL endpoint', () => {
  const graphqlRefusal = (message: unknown) => ({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });

  it("refuses a body in GraphQL's shape with the refusal's status, whichever step refuses it (lib/refuse.ts); a REST route keeps the spec's", async () => {
    const json = { 'content-type': 'application/json' };
    const tooLarge = await t.rest('POST', '/graphql', { key: alice.apiKey, body: { query: '{ me { id } }', variables: { pad: 'x'.repeat(30_000) } } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual(graphqlRefusal('The request body is larger than 20000 bytes (decompressed), the limit here'));
    const unparsable = await t.rest('POST', '/graphql', { key: alice.apiKey, text: '{"query": ', headers: json });
    expect(unparsable.status).toBe(400);
    expect(unparsable.body).toEqual(graphqlRefusal(expect.stringMatching(/^body: /)));
    const latin1 = await t.rest('POST', '/graphql', {
      key: alice.apiKey,
      body: { query: '{ me { id } }' },
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    expect(latin1.status).toBe(415);
    expect(latin1.body).toEqual(graphqlRefusal(expect.stringContaining('latin1')));
    const rest = await t.rest('POST', `/organizations/${alice.organizationId}/alerts`, { key: alice.apiKey, text: '{"search": ', headers: json });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/^body: /) });
  });

  it('is told apart from REST by its path, not by how the router mounted the step that refuses (an invalid key at /GraphQL)', async () => {
    const refused = await t.rest('POST', '/GraphQL', { key: 'vigil_not_a_key', body: { query: '{ me { id } }' } });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ errors: [{ message: 'The API key is not valid', extensions: { code: 'UNAUTHENTICATED' } }] });
  });
});
