import { startTestVigil, type Account, type TestVigil } from './support/vigil';
import { follow, joinAsMember } from './support/organizations';

/**
 * An authorization audit by enumeration: every Query and Mutation field of the supergraph (found by
 * introspection, so a field added later is audited without touching this file) is called with
 * arguments pointing at organization A's objects, as a stranger, as a regular member of A and as
 * the admin of an organization that follows A. The expectations per caller are the policy of
 * lib/policy.ts: strangers learn nothing, regular members read but do not configure, followers read
 * A's alerts censored and nothing else of A.
 */

// ───────────── A's secrets: what only A's members may read ─────────────
const A_NAME = 'Quillfeather Holdings';
const TARGET_NAME = 'Hidden Target Kappa';
const RESOURCE = 'arn:aws:s3:::secret-bucket-name';
const ACCOUNT = '123456789012';
const COMMENT = 'Comment text Omega-77 known only to members';
const M_EMAIL = 'member-m@quillfeather.test';
const PENDING_EMAIL = 'pending-invitee@quillfeather.test';

/** Fields any caller may use whatever the arguments: they read or change only the caller's own account. */
const GLOBAL_QUERIES: Record<string, string> = {
  rules: 'the rule catalog is the same for everyone',
  eventNames: 'the catalog of event names, no organization data',
  me: "the caller's own user",
  apiKeys: "the caller's own API keys",
  myInvites: 'invites addressed to the caller',
  organizations: 'organizations the caller is a member of',
};
const GLOBAL_MUTATIONS: Record<string, string> = {
  createApiKey: "adds a key to the caller's own account",
  updateMe: "changes the caller's own name/picture",
  createOrganization: 'creates a new organization the caller administers',
  requestAccess: 'anyone may ask to join an organization; the answer is only a status and no access is granted',
};
/** Mutations a regular member of A may use on A (everything else of A is ADMIN only). */
const MEMBER_MUTATIONS: Record<string, string> = {
  createAlertComment: "members comment on their organization's alerts",
};
/** A regular member's reads of A that fail for a reason other than authorization being wrong. */
const MEMBER_READ_ERRORS: Record<string, string> = {
  oauthLink: 'FORBIDDEN', // ADMIN only
  gworkspaceOAuthLink: 'FORBIDDEN', // ADMIN only
  followingRequest: 'NOT_FOUND', // A has no pending request to follow anyone
  myInvite: 'NOT_FOUND', // the pending invite is addressed to someone else
};
/** What a follower may read of A by A's ids (censored); every other A-scoped call must fail. */
const FOLLOWER_READS_OF_A = new Set(['alert', 'alertHistoryOf', 'alertComments', 'organization']);

const DENIED = new Set(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST', 'UNAUTHENTICATED']);

// ───────────── introspection types ─────────────
interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface InputValue {
  name: string;
  type: TypeRef;
  defaultValue: string | null;
}
interface Field {
  name: string;
  args: InputValue[];
  type: TypeRef;
}
interface FullType {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: InputValue[] | null;
  enumValues: Array<{ name: string }> | null;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }';
const INTROSPECTION = `query {
  __schema {
    queryType { name }
    mutationType { name }
    types {
      kind name
      fields { name args { name defaultValue type { ${TYPE_REF} } } type { ${TYPE_REF} } }
      inputFields { name defaultValue type { ${TYPE_REF} } }
      enumValues { name }
    }
  }
}`;

const named = (ref: TypeRef): TypeRef => (ref.ofType ? named(ref.ofType) : ref);
const typeString = (ref: TypeRef): string =>
  ref.kind === 'NON_NULL' ? `${typeString(ref.ofType!)}!` : ref.kind === 'LIST' ? `[${typeString(ref.ofType!)}]` : ref.name!;

interface Ids {
  A: string;
  F: string;
  X: string; // invited by A to follow it (pending)
  alertId: string;
  scanTargetId: string;
  groupId: string;
  scanId: string;
  mUserId: string;
  inviteToken: string;
  adminKeyId: string;
}

/** One call: the operation text, its variables and the field name. */
interface Call {
  field: string;
  operation: 'query' | 'mutation';
  text: string;
  variables: Record<string, unknown>;
}

class Enumerator {
  private types = new Map<string, FullType>();
  queries: Field[] = [];
  mutations: Field[] = [];

  constructor(schema: { queryType: { name: string }; mutationType: { name: string }; types: FullType[] }) {
    for (const type of schema.types) this.types.set(type.name, type);
    this.queries = this.types.get(schema.queryType.name)!.fields!.filter((f) => !f.name.startsWith('_'));
    this.mutations = this.types.get(schema.mutationType.name)!.fields!;
  }

  /** Every scalar and enum field, and object fields up to `depth` levels (fields with required arguments left out). */
  selection(ref: TypeRef, depth = 3): string {
    const type = this.types.get(named(ref).name!)!;
    if (type.kind === 'SCALAR' || type.kind === 'ENUM') return '';
    const parts: string[] = [];
    for (const field of type.fields ?? []) {
      if (field.args.some((a) => a.type.kind === 'NON_NULL')) continue;
      const inner = this.types.get(named(field.type).name!)!;
      if (inner.kind === 'SCALAR' || inner.kind === 'ENUM') parts.push(field.name);
      else if (depth > 1) parts.push(`${field.name} ${this.selection(field.type, depth - 1)}`);
    }
    return `{ ${parts.join(' ')} }`;
  }

  /** The id an argument most plausibly means, in a call on organization `org`. */
  private id(field: string, arg: string, ids: Ids, org: string): string {
    const other = org === ids.A ? ids.F : ids.A;
    switch (arg.replace(/s$/, '')) {
      case 'organizationId':
        return org;
      case 'alertId':
        return ids.alertId;
      case 'scanTargetId':
        return ids.scanTargetId;
      case 'scanTargetGroupId':
        return ids.groupId;
      case 'scanId':
        return ids.scanId;
      case 'userId':
        return ids.mUserId;
      case 'followerId':
      case 'followingId':
        return other;
      case 'token':
        return /invite/i.test(field) ? ids.inviteToken : ids.X;
      case 'id':
        if (/group|compartment/i.test(field)) return ids.groupId;
        if (/scanTarget/i.test(field)) return ids.scanTargetId;
        if (/alert/i.test(field)) return ids.alertId;
        if (/apiKey/i.test(field)) return ids.adminKeyId;
        return org;
      default:
        return org;
    }
  }

  private value(field: string, arg: string, ref: TypeRef, ids: Ids, org: string, mutation: boolean): unknown {
    if (ref.kind === 'NON_NULL') return this.value(field, arg, ref.ofType!, ids, org, mutation);
    if (ref.kind === 'LIST') return [this.value(field, arg, ref.ofType!, ids, org, mutation)];
    const type = this.types.get(ref.name!)!;
    if (type.kind === 'ENUM') return type.enumValues![0].name;
    if (type.kind === 'INPUT_OBJECT') {
      const fields = type.inputFields!;
      // An input of optional fields only (an update) is filled whole, so the call would change something.
      const fillAll = mutation && fields.every((f) => f.type.kind !== 'NON_NULL');
      const object: Record<string, unknown> = {};
      for (const f of fields) if (fillAll || f.type.kind === 'NON_NULL') object[f.name] = this.value(field, f.name, f.type, ids, org, mutation);
      return object;
    }
    switch (type.name) {
      case 'ID':
        return this.id(field, arg, ids, org);
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'DateTime':
        return '2020-01-01T00:00:00Z';
      case 'JSON':
        if (arg === 'document') return { format: 'vigil', findings: [] }; // would close every alert of the target
        if (arg === 'schedule') return { frequency: '12h' };
        if (arg === 'credential') return { region: 'us-ashburn-1', tenancy_id: 'ocid1.tenancy.oc1..aaaa', user_id: 'ocid1.user.oc1..aaaa', key_fingerprint: '12:34:56:78:90:ab:cd:ef:12:34:56:78:90:ab:cd:ef' };
        return {};
      default: // String
        if (/email/i.test(arg)) return PENDING_EMAIL;
        if (/mimeType/i.test(arg)) return 'text/plain';
        if (/picture/i.test(arg)) return 'https://example.com/picture.png';
        if (/ocid/i.test(arg)) return 'ocid1.compartment.oc1..aaaa';
        return 'stranger-value';
    }
  }

  /** The call of `field` on organization `org`: required arguments filled, optional ones when they name one of A's objects. */
  call(field: Field, operation: 'query' | 'mutation', ids: Ids, org: string): Call {
    const mutation = operation === 'mutation';
    const variables: Record<string, unknown> = {};
    const declared: string[] = [];
    const passed: string[] = [];
    const has = (name: string) => field.args.some((a) => a.name === name);
    for (const arg of field.args) {
      const required = arg.type.kind === 'NON_NULL';
      const known = /^(organizationId|alertIds?|scanTargetIds?|scanTargetGroupId|followingIds?)$/.test(arg.name);
      if (!required && !known) continue;
      if (!required && arg.name === 'scanTargetGroupId' && has('scanTargetId')) continue; // exactly one of the two
      variables[arg.name] = this.value(field.name, arg.name, arg.type, ids, org, mutation);
      declared.push(`$${arg.name}: ${typeString(arg.type)}`);
      passed.push(`${arg.name}: $${arg.name}`);
    }
    const header = declared.length ? `(${declared.join(', ')})` : '';
    const args = passed.length ? `(${passed.join(', ')})` : '';
    return { field: field.name, operation, variables, text: `${operation}${header} { ${field.name}${args} ${this.selection(field.type)} }` };
  }
}

// ───────────── the fixture ─────────────
let t: TestVigil;
let a: Account; // ADMIN of A
let m: Account; // regular member of A
let f: Account; // ADMIN of F, which follows A
let s: Account; // ADMIN of S, a stranger
let x: Account; // ADMIN of X, which A asked to follow it (pending)
let ids: Ids;
let enumerator: Enumerator;

interface Answer {
  call: Call;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

async function run(call: Call, who: Account): Promise<Answer> {
  const response = await t.graphql(call.text, call.variables, who.apiKey);
  return { call, body: response.body };
}

const codes = (answer: Answer) => (answer.body.errors ?? []).map((e) => e.extensions?.code);
const describeAnswer = (answer: Answer) => `${answer.call.field}(${JSON.stringify(answer.call.variables)}) → ${JSON.stringify(answer.body).slice(0, 400)}`;

/** Secrets of `secrets` found anywhere in the answer (data and error messages). */
function leaks(answer: Answer, secrets: string[]): string[] {
  const text = JSON.stringify(answer.body);
  return secrets.filter((secret) => text.includes(secret)).map((secret) => `${answer.call.field} shows "${secret}": ${describeAnswer(answer)}`);
}

/** What A's admin sees of A: everything a call by someone else must leave unchanged. */
async function snapshotOfA() {
  const q = (query: string, variables: Record<string, unknown> = {}) => t.graphql(query, variables, a.apiKey).then((r) => {
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  });
  const data = await q(
    `query($o: ID!, $alertId: ID!) {
      organization(id: $o) { id name picture email }
      alerts(organizationId: $o, size: 1000) { data { id state labels version resource severity metadata } }
      alertComments(alertId: $alertId) { total data { id comment } }
      scanTargets(organizationId: $o) { id name kind tags schedule credential status groupId }
      scanTargetGroups(organizationId: $o) { id name kind credential scanTargets { id } }
      scans(organizationId: $o, scanTargetId: "${ids.scanTargetId}") { id status }
      members(organizationId: $o) { userId roles }
      organizationInvites(organizationId: $o) { email roles expiredAt }
      followers(organizationId: $o) { id }
      followerRequests(organizationId: $o) { token status }
      following(organizationId: $o) { id }
      apiKeys { id }
    }`,
    { o: ids.A, alertId: ids.alertId },
  );
  const following = await t.graphql(`query($o: ID!) { following(organizationId: $o) { id tags } }`, { o: ids.F }, f.apiKey);
  const events = await t.vigil.db.pool.query<{ organizationId: string; n: string }>(
    `SELECT "organizationId", count(*) AS n FROM documents.events WHERE "organizationId" = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
    [[ids.A, ids.F]],
  );
  return { ...data, fFollowing: following.body.data, events: events.rows };
}

beforeAll(async () => {
  t = await startTestVigil();
  a = await t.bootstrap('admin-a@quillfeather.test', A_NAME);
  f = await t.bootstrap('admin-f@follower.test', 'Follower Org');
  s = await t.bootstrap('admin-s@stranger.test', 'Stranger Org');
  x = await t.bootstrap('admin-x@pending.test', 'Pending Org');
  m = await joinAsMember(t, a, a.organizationId, M_EMAIL);
  await follow(t, a, f);
  const asked = await t.rest('POST', `/organizations/${a.organizationId}/followers/requests`, { key: a.apiKey, body: { token: x.organizationId } });
  expect(asked.status).toBe(200);
  const invite = await t.rest('POST', `/organizations/${a.organizationId}/invites`, { key: a.apiKey, body: { email: PENDING_EMAIL, roles: ['ADMIN'] } });
  expect(invite.status).toBe(200);

  const target = await t.rest('POST', `/organizations/${a.organizationId}/scantargets`, { key: a.apiKey, body: { name: TARGET_NAME, kind: 'AWS', credential: { account: ACCOUNT } } });
  expect(target.status).toBe(200);
  const scan = await t.rest('POST', `/organizations/${a.organizationId}/scantargets/${target.body.id}/findings`, {
    key: a.apiKey,
    body: { format: 'vigil', findings: [{ rule: 'aws-s3-public-bucket', resource: RESOURCE, metadata: { accountId: ACCOUNT } }] },
  });
  expect(scan.body).toMatchObject({ status: 'DONE' });
  const alerts = await t.graphql(`query($o: ID!) { alerts(organizationId: $o) { data { id } } }`, { o: a.organizationId }, a.apiKey);
  const alertId = alerts.body.data.alerts.data[0].id as string;
  const comment = await t.rest('POST', `/organizations/${a.organizationId}/alerts/${alertId}/comments`, { key: a.apiKey, body: { comment: COMMENT } });
  expect(comment.status).toBe(200);
  const group = await t.graphql(
    `mutation($o: ID!) { createScanTargetGroup(organizationId: $o, input: {name: "${TARGET_NAME} group", kind: ORACLE}) { id } }`,
    { o: a.organizationId },
    a.apiKey,
  );
  const keys = await t.graphql(`query { apiKeys { id } }`, {}, a.apiKey);
  // Questionnaires have no creating API yet (the subgraph only lists them): that kind is skipped.

  ids = {
    A: a.organizationId,
    F: f.organizationId,
    X: x.organizationId,
    alertId,
    scanTargetId: target.body.id,
    groupId: group.body.data.createScanTargetGroup.id,
    scanId: scan.body.id,
    mUserId: m.userId,
    inviteToken: invite.body.token,
    adminKeyId: keys.body.data.apiKeys[0].id,
  };

  const schema = await t.graphql(INTROSPECTION, {}, s.apiKey);
  expect(schema.body.errors).toBeUndefined();
  enumerator = new Enumerator(schema.body.data.__schema);
}, 60_000);
afterAll(() => t.close());

const everything = () => [
  ...enumerator.queries.map((field) => ({ field, operation: 'query' as const })),
  ...enumerator.mutations.map((field) => ({ field, operation: 'mutation' as const })),
];

describe('the enumeration itself', () => {
  it('covers the whole API, and as A’s admin the same calls do reach A’s secrets (so an empty answer below means refused, not mis-aimed)', async () => {
    expect(enumerator.queries.length).toBeGreaterThan(40);
    expect(enumerator.mutations.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    for (const field of enumerator.queries) {
      const answer = await run(enumerator.call(field, 'query', ids, ids.A), a);
      for (const secret of [RESOURCE, ACCOUNT, TARGET_NAME, COMMENT, A_NAME, M_EMAIL]) if (JSON.stringify(answer.body).includes(secret)) seen.add(`${field.name}:${secret}`);
    }
    for (const expected of ['alerts', 'alert', 'alertHistoryOf', 'alertHistory', 'alertsByPage']) expect(seen).toContain(`${expected}:${RESOURCE}`);
    for (const expected of ['scanTargets', 'scanTarget', 'scanTargetSummaries']) expect(seen).toContain(`${expected}:${TARGET_NAME}`);
    expect(seen).toContain(`scanTarget:${ACCOUNT}`);
    expect(seen).toContain(`alertComments:${COMMENT}`);
    expect(seen).toContain(`organization:${A_NAME}`);
    expect(seen).toContain(`members:${M_EMAIL}`);
    expect(seen).toContain(`events:${RESOURCE}`);
  }, 120_000);
});

describe('a stranger (admin of an unrelated organization)', () => {
  it('learns nothing of A or F through any field, and every call on their ids is refused', async () => {
    const before = await snapshotOfA();
    const problems: string[] = [];
    for (const { field, operation } of everything()) {
      for (const org of [ids.A, ids.F]) {
        const answer = await run(enumerator.call(field, operation, ids, org), s);
        problems.push(...leaks(answer, [A_NAME, TARGET_NAME, RESOURCE, 'secret-bucket-name', ACCOUNT, COMMENT, M_EMAIL, 'Follower Org']));
        const global = operation === 'query' ? GLOBAL_QUERIES[field.name] : GLOBAL_MUTATIONS[field.name];
        if (global) continue;
        const refused = codes(answer).length > 0 && codes(answer).every((code) => DENIED.has(code!)) && answer.body.data?.[field.name] == null;
        if (!refused) problems.push(`${operation} ${field.name} was not refused: ${describeAnswer(answer)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 300_000);
});

/**
 * `who` names its own organization `org` (which passes the policy) with A's alert, scan target, group, scan,
 * member and invite ids: the resolver itself must check that those objects belong to `org`.
 */
async function ownOrganizationWithAsIds(who: Account, org: string, skip: Set<string>, secrets: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { field, operation } of everything()) {
    if (skip.has(field.name)) continue;
    const answer = await run(enumerator.call(field, operation, ids, org), who);
    problems.push(...leaks(answer, secrets));
    const aimsAtA = field.args.some((arg) => /^(alertIds?|scanTargetIds?|scanTargetGroupId|scanId|userId|id)$/.test(arg.name) && arg.type.kind === 'NON_NULL');
    const ownOnly = field.args.some((arg) => arg.name === 'id') && /organization|apiKey/i.test(field.name); // `id` is the caller's own organization / key
    if (aimsAtA && !ownOnly && !GLOBAL_MUTATIONS[field.name] && !(codes(answer).length && codes(answer).every((code) => code === 'NOT_FOUND' || code === 'BAD_REQUEST'))) {
      problems.push(`${operation} ${field.name} accepted A's object under another organization's id: ${describeAnswer(answer)}`);
    }
  }
  return problems;
}

describe('a stranger naming its own organization with A’s object ids', () => {
  it('reads none of A’s objects and changes none of them', async () => {
    const before = await snapshotOfA();
    // deleteOrganization would aim at S itself (no object of A involved), and S is needed below.
    const problems = await ownOrganizationWithAsIds(s, s.organizationId, new Set(['deleteOrganization']), [A_NAME, TARGET_NAME, 'secret-bucket-name', ACCOUNT, COMMENT, M_EMAIL, 'Follower Org']);
    expect(problems).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 300_000);
});

describe('a regular member of A', () => {
  it('reads every field of A', async () => {
    const problems: string[] = [];
    for (const field of enumerator.queries) {
      const answer = await run(enumerator.call(field, 'query', ids, ids.A), m);
      const expected = MEMBER_READ_ERRORS[field.name];
      if (expected) {
        if (codes(answer).join() !== expected) problems.push(`${field.name} should answer ${expected}: ${describeAnswer(answer)}`);
      } else if (answer.body.errors) {
        problems.push(`${field.name} failed for a member: ${describeAnswer(answer)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('changes no configuration of A: every other mutation on A answers FORBIDDEN; only the comment is added', async () => {
    const before = await snapshotOfA();
    const problems: string[] = [];
    for (const field of enumerator.mutations) {
      const answer = await run(enumerator.call(field, 'mutation', ids, ids.A), m);
      if (GLOBAL_MUTATIONS[field.name]) continue;
      if (MEMBER_MUTATIONS[field.name]) {
        if (answer.body.errors) problems.push(`${field.name} failed for a member: ${describeAnswer(answer)}`);
      } else if (!field.args.some((arg) => arg.name === 'organizationId' || (arg.name === 'id' && /organization/i.test(field.name)))) {
        // Account-level mutations aimed at A's objects (A's admin's key, A's pending invite): refused.
        if (!codes(answer).every((code) => code === 'NOT_FOUND') || !answer.body.errors) problems.push(`${field.name} was not refused: ${describeAnswer(answer)}`);
      } else if (codes(answer).join() !== 'FORBIDDEN') {
        problems.push(`${field.name} should answer FORBIDDEN: ${describeAnswer(answer)}`);
      }
    }
    expect(problems).toEqual([]);
    const after = await snapshotOfA();
    expect(after.alertComments.total).toBe(before.alertComments.total + 1);
    expect(after.events).not.toEqual(before.events); // AlertCommentCreated
    const unchanged = (snapshot: typeof before) => ({ ...snapshot, alertComments: null, events: null });
    expect(unchanged(after)).toEqual(unchanged(before));
  }, 120_000);
});

describe('the admin of F, which follows A', () => {
  const followerSecrets = [TARGET_NAME, 'secret-bucket-name', ACCOUNT, COMMENT, M_EMAIL];

  it('reads A’s alerts censored, and nothing else of A', async () => {
    const problems: string[] = [];
    for (const field of enumerator.queries) {
      for (const org of [ids.A, ids.F]) {
        const answer = await run(enumerator.call(field, 'query', ids, org), f);
        problems.push(...leaks(answer, followerSecrets));
        const aScoped = org === ids.A && field.args.some((arg) => arg.name === 'organizationId' && arg.type.kind === 'NON_NULL');
        if (aScoped && !FOLLOWER_READS_OF_A.has(field.name) && !(codes(answer).length && codes(answer).every((code) => code === 'NOT_FOUND'))) {
          problems.push(`${field.name} on A should answer NOT_FOUND to a follower: ${describeAnswer(answer)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('sees the alert itself (so the censorship above was tested on real data)', async () => {
    const one = await t.graphql(`query($id: ID!) { alert(id: $id) { id resource metadata enrichment scanTarget { id } } }`, { id: ids.alertId }, f.apiKey);
    expect(one.body.data.alert).toEqual({ id: ids.alertId, resource: '[censored]', metadata: {}, enrichment: {}, scanTarget: null });
    const list = await t.graphql(`query($o: ID!) { followingAlerts(organizationId: $o) { data { id resource } } }`, { o: ids.F }, f.apiKey);
    expect(list.body.data.followingAlerts.data).toEqual([{ id: ids.alertId, resource: '[censored]' }]);
    const comments = await t.graphql(`query($id: ID!) { alertComments(alertId: $id) { total data { id } } }`, { id: ids.alertId }, f.apiKey);
    expect(comments.body.data.alertComments).toEqual({ total: 0, data: [] });
  });

  it('counts A’s alerts per scan target without the target’s name or tags (GraphQL and REST #72)', async () => {
    await t.rest('PUT', `/organizations/${ids.A}/scantargets/${ids.scanTargetId}`, { key: a.apiKey, body: { tags: ['prod-123456789012'] } });
    const summaries = await t.graphql(`query($o: ID!) { followingScanTargetSummaries(organizationId: $o) { data { scanTargetId organizationId name kind tags total open } } }`, { o: ids.F }, f.apiKey);
    expect(summaries.body.data.followingScanTargetSummaries.data).toEqual([{ scanTargetId: ids.scanTargetId, organizationId: ids.A, name: '[censored]', kind: 'AWS', tags: [], total: 1, open: 1 }]);
    const rest = await t.rest('POST', `/organizations/${ids.F}/followings/summaries/scantargets/details`, { key: f.apiKey, body: {} });
    expect(rest.body.data).toEqual([expect.objectContaining({ scanTargetId: ids.scanTargetId, name: '[censored]', tags: [] })]);
    expect(JSON.stringify(rest.body)).not.toContain(TARGET_NAME);
    // A's own members still see the name and tags.
    const own = await t.graphql(`query($o: ID!) { scanTargetSummaries(organizationId: $o) { data { name tags } } }`, { o: ids.A }, m.apiKey);
    expect(own.body.data.scanTargetSummaries.data).toEqual([{ name: TARGET_NAME, tags: ['prod-123456789012'] }]);
  });

  it('changes nothing of A: every mutation on A is NOT_FOUND, and F’s own organization id does not reach A’s objects', async () => {
    const before = await snapshotOfA();
    const problems: string[] = [];
    for (const field of enumerator.mutations) {
      if (GLOBAL_MUTATIONS[field.name]) continue;
      const answer = await run(enumerator.call(field, 'mutation', ids, ids.A), f);
      problems.push(...leaks(answer, followerSecrets));
      if (!(codes(answer).length && codes(answer).every((code) => code === 'NOT_FOUND'))) problems.push(`${field.name} on A should answer NOT_FOUND to a follower: ${describeAnswer(answer)}`);
    }
    // F may end or retag its own follow of A, and delete itself: those are F's to change, not holes. The follower
    // reads of A's alert were checked (censored) above.
    const skip = new Set(['stopFollowing', 'updateFollowingTags', 'deleteOrganization', ...FOLLOWER_READS_OF_A]);
    problems.push(...(await ownOrganizationWithAsIds(f, ids.F, skip, followerSecrets)));
    expect(problems).toEqual([]);
    // F's own log grew (its own changes); A's did not.
    const ofA = (snapshot: typeof before) => ({ ...snapshot, events: snapshot.events.filter((e: { organizationId: string }) => e.organizationId === ids.A) });
    expect(ofA(await snapshotOfA())).toEqual(ofA(before));
  }, 300_000);

  it('cannot read A’s scan targets, members, invites or events', async () => {
    for (const query of [
      `query($o: ID!) { scanTargets(organizationId: $o) { id } }`,
      `query($o: ID!) { members(organizationId: $o) { userId } }`,
      `query($o: ID!) { organizationInvites(organizationId: $o) { email } }`,
      `query($o: ID!) { events(organizationId: $o) { data { id } } }`,
    ]) {
      const answer = await t.graphql(query, { o: ids.A }, f.apiKey);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    }
  });
});
