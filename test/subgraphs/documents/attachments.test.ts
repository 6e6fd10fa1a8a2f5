import { createHash } from 'node:crypto';
import http from 'node:http';
import { signGrant } from '../../../lib/storage/signed-tokens';
import { shareAttachment } from '../../../subgraphs/documents/attachment-store';
import { follow } from '../../support/alert-fixtures';
import { startS3Server } from '../../support/s3-server';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Attachments on both storage backends: declared, uploaded through the signed URL only when length
 * and MD5 match, read back by a signed download URL, visible to the owning organization (and whom
 * it is shared with) only, deleted when expired.
 */
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
const CONTENT = Buffer.from('%PDF-1.4 pretend this is a questionnaire answer\n'.repeat(50));

function declaration(bytes: Buffer, extra: Record<string, unknown> = {}) {
  return { fileName: 'evidence ção.pdf', contentLength: bytes.length, contentType: 'application/pdf', contentMD5: md5(bytes), ...extra };
}

async function put(url: string, body: Buffer, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers });
  return { status: res.status, text: await res.text() };
}

/** A PUT without Content-Length (chunked), so only the server's own count can refuse extra bytes. */
function putChunked(url: string, chunks: Buffer[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe.each([
  ['local disk', false],
  ['S3 (s3rver)', true],
])('attachments on %s', (_name, useS3) => {
  let t: TestVigil;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let owner: Account;
  let stranger: Account;
  let follower: Account;

  beforeAll(async () => {
    s3 = useS3 ? await startS3Server() : undefined;
    t = await startTestVigil({ ...(s3?.env ?? {}), VIGIL_ATTACHMENT_MAX_BYTES: '100000', VIGIL_WORKERS: 'all', VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS: '300' });
    owner = await t.bootstrap('ann@acme.example', 'Acme');
    stranger = await t.bootstrap('sam@else.example', 'Elsewhere');
    follower = await t.bootstrap('fay@fan.example', 'Fan');
    await follow(t.vigil.db, follower.organizationId, owner.organizationId);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const create = (body: object, key = owner.apiKey, org = owner.organizationId) => t.rest('POST', `/organizations/${org}/attachments`, { key, body });
  const uploadHeaders = (bytes: Buffer, contentMD5 = md5(bytes)) => ({ 'content-type': 'application/pdf', 'content-md5': contentMD5 });

  it('answers a created attachment with an absolute, signed upload URL and records AttachmentCreated', async () => {
    const res = await create(declaration(CONTENT));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fileName: 'evidence ção.pdf',
      contentLength: CONTENT.length,
      contentType: 'application/pdf',
      contentMD5: md5(CONTENT),
      uploaded: false,
      expiresAt: null,
      organizationId: owner.organizationId,
    });
    expect(res.body.url).toMatch(
      useS3 ? new RegExp(`^${s3!.env.S3_ENDPOINT}/vigil-test/`) : new RegExp(`^${t.url.replace('127.0.0.1', '(127\\.0\\.0\\.1|localhost)')}/storage/`),
    );
    // S3 enforces what the signature covers: the declared length, MD5 and type are signed headers.
    if (useS3) expect(decodeURIComponent(res.body.url)).toMatch(/X-Amz-SignedHeaders=[^&]*content-length;content-md5;content-type/);
    const events = await t.rest('GET', `/organizations/${owner.organizationId}/events?name=AttachmentCreated`, { key: owner.apiKey });
    expect(events.body.data.map((e: { data: { id: string } }) => e.data.id)).toContain(res.body.id);
  });

  it('stores the bytes only when length and MD5 match, then serves them by a signed download URL', async () => {
    const created = (await create(declaration(CONTENT))).body;
    const wrong = Buffer.from(CONTENT);
    wrong[10] ^= 1;
    const bad = await put(created.url, wrong, uploadHeaders(wrong, md5(CONTENT)));
    // S3 itself refuses a wrong Content-MD5 (BadDigest); s3rver stores it, and Vigil finds and deletes it on read.
    if (!useS3) expect(bad.status).toBe(400);
    const afterBad = await t.rest('GET', `/attachments/${created.id}`, { key: owner.apiKey });
    expect(afterBad.status).toBe(200);
    expect(afterBad.body).toMatchObject({ uploaded: false, url: null });

    const good = await put(created.url, CONTENT, uploadHeaders(CONTENT));
    expect(good.status).toBe(200);
    for (const path of [`/attachments/${created.id}`, `/attachment/${created.id}`]) {
      const read = await t.rest('GET', path, { key: owner.apiKey });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: created.id, uploaded: true });
      const download = await fetch(read.body.url);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(CONTENT)).toBe(true);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''evidence%20%C3%A7%C3%A3o.pdf");
    }
    const updated = await t.rest('GET', `/organizations/${owner.organizationId}/events?name=AttachmentUpdated`, { key: owner.apiKey });
    expect(updated.body.data.some((e: { data: { id: string; uploaded?: boolean } }) => e.data.id === created.id && e.data.uploaded === true)).toBe(true);
  });

  it('refuses an upload of another length (nothing stored)', async () => {
    const created = (await create(declaration(CONTENT))).body;
    const short = CONTENT.subarray(0, CONTENT.length - 1);
    const res = await put(created.url, short, uploadHeaders(short, md5(CONTENT)));
    // Content-Length is a signed header, so S3 refuses it; s3rver does not check, and the read below finds and deletes the short object.
    if (!useS3) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).message).toContain('Content-Length');
      const longer = await putChunked(created.url, [CONTENT, Buffer.from('extra')]);
      expect(longer.status).toBe(400);
      expect(JSON.parse(longer.text).message).toMatch(/^contentLength: /);
    }
    expect((await t.rest('GET', `/attachments/${created.id}`, { key: owner.apiKey })).body).toMatchObject({ uploaded: false, url: null });
  });

  it('answers the deprecated create operation with the same body and answer', async () => {
    const res = await t.rest('POST', `/organizations/${owner.organizationId}/attachment`, { key: owner.apiKey, body: declaration(CONTENT) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys((await create(declaration(CONTENT))).body).sort());
    expect(res.body.url).toBeTruthy();
  });

  it('refuses bad declarations with a 400 naming the field, the size limit included', async () => {
    const cases: Array<[object, string]> = [
      [declaration(CONTENT, { contentMD5: 'abc' }), 'contentMD5'],
      [declaration(CONTENT, { contentLength: 100_001 }), 'contentLength'],
      [declaration(CONTENT, { contentLength: -1 }), 'contentLength'],
      [declaration(CONTENT, { fileName: '' }), 'fileName'],
      [declaration(CONTENT, { fileName: '../etc/passwd' }), 'fileName'],
      [declaration(CONTENT, { fileName: '.' }), 'fileName'],
      [declaration(CONTENT, { fileName: '..' }), 'fileName'],
      [declaration(CONTENT, { fileName: ' .. ' }), 'fileName'],
      [declaration(CONTENT, { contentType: 'not a type' }), 'contentType'],
      [declaration(CONTENT, { expiresAt: '2001-01-01T00:00:00Z' }), 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(field)]);
    }
    const limit = await create(declaration(CONTENT, { contentLength: 100_001 }));
    expect(limit.body.message).toContain('VIGIL_ATTACHMENT_MAX_BYTES');
    // Renaming goes through the same check.
    const created = (await create(declaration(CONTENT))).body;
    const renamed = await t.rest('PUT', `/attachments/${created.id}`, { key: owner.apiKey, body: { fileName: '..' } });
    expect([renamed.status, renamed.body.message]).toEqual([400, expect.stringContaining('fileName')]);
  });

  it('lets only the owning organization, and an organization it is shared with, read an attachment', async () => {
    const created = (await create(declaration(CONTENT))).body;
    expect((await t.rest('GET', `/attachments/${created.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/attachments/${created.id}`, { key: follower.apiKey })).status).toBe(404);
    expect((await create(declaration(CONTENT), stranger.apiKey, owner.organizationId)).status).toBe(404);
    expect((await t.rest('PUT', `/attachments/${created.id}`, { key: stranger.apiKey, body: { fileName: 'x.pdf' } })).status).toBe(404);
    await shareAttachment(t.vigil.db.pool, created.id, stranger.organizationId);
    expect((await t.rest('GET', `/attachments/${created.id}`, { key: stranger.apiKey })).status).toBe(200);
  });

  if (!useS3) {
    it('refuses an upload URL that expired or was tampered with', async () => {
      const created = (await create(declaration(CONTENT))).body;
      const expired = `${t.url}/storage/${signGrant(t.secret, { op: 'put', key: `${owner.organizationId}/${created.id}`, exp: Math.floor(Date.now() / 1000) - 1, length: CONTENT.length, md5: md5(CONTENT) })}`;
      expect((await put(expired, CONTENT, uploadHeaders(CONTENT))).status).toBe(403);
      const tampered = created.url.slice(0, -3) + (created.url.endsWith('AAA') ? 'BBB' : 'AAA');
      expect((await put(tampered, CONTENT, uploadHeaders(CONTENT))).status).toBe(403);
      expect((await t.rest('GET', `/attachments/${created.id}`, { key: owner.apiKey })).body.uploaded).toBe(false);
    });
  }

  it('renames an attachment and deletes it with its bytes once it expires', async () => {
    const created = (await create(declaration(CONTENT))).body;
    expect((await put(created.url, CONTENT, uploadHeaders(CONTENT))).status).toBe(200);
    const renamed = await t.rest('PUT', `/attachments/${created.id}`, {
      key: owner.apiKey,
      // 4 s ahead: the URL is cut to whole seconds (3) and S3 signs at a whole second, so it stays valid for at
      // least 2 s after it was issued even when a loaded machine is slow to fetch it.
      body: { fileName: 'renamed.pdf', expiresAt: new Date(Date.now() + 4000).toISOString() },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.fileName).toBe('renamed.pdf');
    const downloadUrl = renamed.body.url;
    expect((await fetch(downloadUrl)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 4100));
    expect((await t.rest('GET', `/attachments/${created.id}`, { key: owner.apiKey })).status).toBe(404);
    for (let i = 0; i < 50; i++) {
      const { rows } = await t.vigil.db.pool.query(`SELECT 1 FROM documents.attachments WHERE id = $1`, [created.id]);
      if (!rows.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await t.vigil.db.pool.query(`SELECT 1 FROM documents.attachments WHERE id = $1`, [created.id])).rows).toEqual([]);
    // The URL was cut to the attachment's expiresAt when issued: expired itself (403), or its bytes gone (404).
    expect([403, 404]).toContain((await fetch(downloadUrl)).status);
  });
});
