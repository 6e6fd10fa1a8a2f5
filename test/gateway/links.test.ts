import http from 'node:http';
import { loadConfig } from '../../lib/config';
import { signPrincipal, verifyPrincipal } from '../../lib/principal';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Issue #12: every link in an answer (OAuth consent of scan targets and groups, the Oracle Terraform
 * script) is an absolute http(s) URL a client can open. Without VIGIL_PUBLIC_URL it is built from the
 * request's Host; X-Forwarded-Proto / X-Forwarded-Host count only when VIGIL_TRUST_PROXY trusts the
 * peer. The origin travels to the subgraphs inside the gateway's signed header.
 */

/** A GET with exactly these headers (fetch does not let a caller set Host). */
function get(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method: 'GET', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Instance {
  t: TestVigil;
  owner: Account;
  oracleId: string;
  bitbucketId: string;
  slackId: string;
}

async function instance(env: Record<string, string>, email: string): Promise<Instance> {
  const t = await startTestVigil(env);
  const owner = await t.bootstrap(email, 'Links Corp');
  const groups = `/organizations/${owner.organizationId}/scantargetgroups`;
  const oracle = await t.rest('POST', groups, { key: owner.apiKey, body: { name: 'oci', kind: 'ORACLE' } });
  const bitbucket = await t.rest('POST', groups, { key: owner.apiKey, body: { name: 'bb', kind: 'BITBUCKET' } });
  const slack = await t.rest('POST', `/organizations/${owner.organizationId}/scantargets`, {
    key: owner.apiKey,
    body: { name: 'slack', kind: 'SLACK', credential: {} },
  });
  expect([oracle.status, bitbucket.status, slack.status]).toEqual([200, 200, 200]);
  return { t, owner, oracleId: oracle.body.id, bitbucketId: bitbucket.body.id, slackId: slack.body.id };
}

/** The three kinds of link, read through REST with `headers` (plus the key). */
async function links(i: Instance, headers: Record<string, string> = {}) {
  const h = { authorization: `Bearer ${i.owner.apiKey}`, ...headers };
  const org = i.owner.organizationId;
  const script = await get(i.t.url, `/organizations/${org}/scantargetgroups/${i.oracleId}/scripts`, h);
  const group = await get(i.t.url, `/oauth/link?organizationId=${org}&scanTargetGroupId=${i.bitbucketId}`, h);
  const target = await get(i.t.url, `/oauth/link?organizationId=${org}&scanTargetId=${i.slackId}`, h);
  for (const res of [script, group, target]) expect(res.status).toBe(200);
  return {
    script: script.body.url as string,
    group: group.body.url as string,
    target: target.body.url as string,
    paths: {
      script: `/organizations/${org}/scantargetgroups/${i.oracleId}/scripts/vigil-oracle.tf`,
      group: `/oauth/bitbucket/start?organizationId=${org}&scanTargetGroupId=${i.bitbucketId}`,
      target: `/oauth/slack/start?organizationId=${org}&scanTargetId=${i.slackId}`,
    },
  };
}

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'vigil.example.com' };

let plain: Instance; // no VIGIL_PUBLIC_URL, no trusted proxy; subgraphs called over signed HTTP
let behindProxy: Instance; // VIGIL_TRUST_PROXY=loopback: the tests' own connections come from a trusted proxy
let otherProxy: Instance; // VIGIL_TRUST_PROXY=10.9.9.9: a proxy that is not the peer

beforeAll(async () => {
  plain = await instance({ VIGIL_SUBGRAPH_TRANSPORT: 'http' }, 'plain@links.example');
  behindProxy = await instance({ VIGIL_TRUST_PROXY: 'loopback' }, 'proxied@links.example');
  otherProxy = await instance({ VIGIL_TRUST_PROXY: '10.9.9.9' }, 'other@links.example');
}, 120_000);
afterAll(async () => {
  for (const i of [plain, behindProxy, otherProxy]) await i?.t.close();
});

describe('links without VIGIL_PUBLIC_URL', () => {
  it('are absolute under the request Host (REST), and open', async () => {
    const l = await links(plain, { host: 'vigil.internal:8443' });
    expect(l.script).toBe(`http://vigil.internal:8443${l.paths.script}`);
    expect(l.group).toBe(`http://vigil.internal:8443${l.paths.group}`);
    expect(l.target).toBe(`http://vigil.internal:8443${l.paths.target}`);
    // With the Host a plain client sends, the link opens as it is.
    const own = await links(plain);
    expect(own.group).toBe(`${plain.t.url}${own.paths.group}`);
    expect((await fetch(own.group)).status).toBe(501);
  });

  it('are absolute over GraphQL too (the origin reaches the subgraphs in the signed header)', async () => {
    const org = plain.owner.organizationId;
    const res = await plain.t.graphql(
      `query($org: ID!, $g: ID!, $st: ID!) { scanTargetGroupScript(organizationId: $org, id: $g) { url } oauthLink(organizationId: $org, scanTargetId: $st) { url } groupLink: oauthLink(organizationId: $org, scanTargetGroupId: "${plain.bitbucketId}") { url } }`,
      { org, g: plain.oracleId, st: plain.slackId },
      plain.owner.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    for (const link of Object.values(res.body.data as Record<string, { url: string }>)) expect(link.url).toMatch(new RegExp(`^${plain.t.url}/`));
  });

  it('ignore X-Forwarded-Proto / X-Forwarded-Host unless VIGIL_TRUST_PROXY trusts the peer', async () => {
    const ignored = await links(plain, { host: 'vigil.internal:8443', ...FORWARDED });
    expect(ignored.target).toBe(`http://vigil.internal:8443${ignored.paths.target}`);
    const notThisPeer = await links(otherProxy, { host: 'vigil.internal:8443', ...FORWARDED });
    expect(notThisPeer.target).toBe(`http://vigil.internal:8443${notThisPeer.paths.target}`);
    const trusted = await links(behindProxy, { host: 'vigil.internal:8443', ...FORWARDED });
    expect(trusted.script).toBe(`https://vigil.example.com${trusted.paths.script}`);
    expect(trusted.group).toBe(`https://vigil.example.com${trusted.paths.group}`);
    expect(trusted.target).toBe(`https://vigil.example.com${trusted.paths.target}`);
  });

  it('never carry a Host or forwarded header that is not a bare host[:port]: the address the request came in on instead', async () => {
    const port = new URL(plain.t.url).port;
    for (const host of ['evil.example/phish?x=', 'evil.example@127.0.0.1', 'a b', '"><script>']) {
      const res = await get(plain.t.url, `/oauth/link?organizationId=${plain.owner.organizationId}&scanTargetId=${plain.slackId}`, {
        authorization: `Bearer ${plain.owner.apiKey}`,
        host,
      });
      // Node may refuse such a Host itself (400); when it does not, the link falls back.
      if (res.status === 400) continue;
      expect(res.status).toBe(200);
      expect(res.body.url).toBe(`http://127.0.0.1:${port}/oauth/slack/start?organizationId=${plain.owner.organizationId}&scanTargetId=${plain.slackId}`);
    }
    const forged = await links(behindProxy, { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example/x' });
    expect(forged.target).toBe(`${behindProxy.t.url}${forged.paths.target}`);
  });

  it('a signed origin that is not a clean http(s) origin is dropped by the subgraph', () => {
    const operation = { query: '{ me { id } }' };
    const headers = signPrincipal('s', null, operation, Date.now(), 'javascript://evil.example/x');
    const verified = verifyPrincipal('s', headers['x-vigil-principal'], headers['x-vigil-signature'], operation);
    expect(verified).toEqual({ ok: true, principal: null, origin: undefined });
    const good = signPrincipal('s', null, operation, Date.now(), 'https://Vigil.Example.com:8443');
    expect(verifyPrincipal('s', good['x-vigil-principal'], good['x-vigil-signature'], operation)).toEqual({
      ok: true,
      principal: null,
      origin: 'https://vigil.example.com:8443',
    });
  });
});

describe('VIGIL_TRUST_PROXY', () => {
  it('is off by default, true, or a list of proxy addresses; anything else stops the start', () => {
    const base = { VIGIL_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, VIGIL_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, VIGIL_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => loadConfig({ ...base, VIGIL_TRUST_PROXY: 'everyone' })).toThrow(/VIGIL_TRUST_PROXY/);
  });
});

describe('links with VIGIL_PUBLIC_URL', () => {
  it('are under it whatever the Host or forwarded headers say', async () => {
    const i = await instance({ VIGIL_PUBLIC_URL: 'https://vigil.example.org/api/', VIGIL_TRUST_PROXY: 'loopback' }, 'public@links.example');
    try {
      const l = await links(i, { host: 'vigil.internal:8443', 'x-forwarded-host': 'elsewhere.example' });
      expect(l.script).toBe(`https://vigil.example.org/api${l.paths.script}`);
      expect(l.group).toBe(`https://vigil.example.org/api${l.paths.group}`);
      expect(l.target).toBe(`https://vigil.example.org/api${l.paths.target}`);
    } finally {
      await i.t.close();
    }
  });
});
