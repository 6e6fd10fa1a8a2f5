import { REST_ROUTES } from '../../../gateway/rest/routes';
import {
  type AuthorizationFixture,
  buildAuthorizationFixture,
  FOLLOWER_SECRETS,
  type Ids,
  inParallel,
  PENDING_EMAIL,
  STRANGER_SECRETS,
  snapshotOfA,
} from '../../support/authorization-fixture';
import { follow } from '../../support/organizations';
import { type Account, type HttpResult, startTestVigil } from '../../support/vigil';

/**
 * Every REST route of the route table, called on organization A's objects by every kind of caller:
 * no key, a deleted key, a stranger, a removed member, A's follower, A's regular member and A's admin,
 * with A's ids and (stranger, follower) with their own organization's id and A's object ids. The
 * matrix below says, per route, who may do it; a route missing from it fails the coverage test. The
 * admin's (or the owner's) call of the same request succeeding is the positive control: a refusal
 * above it is authorization, not a badly built request.
 */

/**
 * account: the caller's own account or the public catalog (any valid key, own data only).
 * own: an object of the caller's account named by id (an API key, an invite addressed to it).
 * read: A's members read. follower-read: A's members and A's followers (censored) read.
 * member-write: any member of A (comments). admin: A's ADMIN members only.
 */
type Access = 'account' | 'own' | 'read' | 'follower-read' | 'member-write' | 'admin';

/** The ids a call uses: `org` is the organization it names. */
interface CallIds extends Ids {
  org: string;
  /** An organization A follows, and two that asked A to follow them (pending). */
  G: string;
  H1: string;
  H2: string;
  /** A spare API key of A's admin (the admin's DELETE /me/apikeys control deletes it). */
  spareKeyId: string;
  /** A's invite addressed to the invitee's account (the /me/invites routes; the organization's invite routes use PENDING_EMAIL's). */
  meInviteToken: string;
  /** A's scan target of an OAuth kind (GWORKSPACE): the OAuth link routes' positive control. */
  oauthTargetId: string;
  /** A's webhook (to an allow-listed local URL; this instance delivers nothing). */
  webhookId: string;
  /** An attachment of A, and a document of A's admin. */
  attachmentId: string;
  documentId: string;
}

interface RouteRow {
  access: Access;
  /** Path parameters differing from the defaults of `pathParam`. */
  params?: (c: CallIds) => Record<string, string>;
  query?: (c: CallIds) => Record<string, string>;
  body?: (c: CallIds) => unknown;
  /**
   * For `own` routes: who owns the object (the positive control's caller). `receiver`: the route is the
   * receiving side's (V, which A sent its assessment to): the control is V's admin naming V.
   */
  owner?: 'admin' | 'invitee' | 'receiver';
  /** The positive control's status when it is not 200, and why that still proves the call reached its resolver. */
  control?: { status: number; why: string };
}

const org = (c: CallIds) => ({ organizationId: c.org });
/** A's template that was never sent: its elements change in place. */
const draft = (c: CallIds) => ({ questionnaireId: c.draftQuestionnaireId, elementId: c.draftElementId });
const ATTACHMENT_BODY = { fileName: 'matrix.txt', contentLength: 0, contentType: 'text/plain', contentMD5: '1B2M2Y8AsgTpgAmY7PhCfg==' };
const empty = () => ({});

const REST_MATRIX: Record<string, RouteRow> = {
  // ───────────── account ─────────────
  'GET /me': { access: 'account' },
  'PUT /me': { access: 'account', body: () => ({ name: 'Renamed by matrix' }) },
  'GET /me/apikeys': { access: 'account' },
  'POST /me/apikeys': { access: 'account', body: () => ({ name: 'matrix key' }) },
  'DELETE /me/apikeys/:apiKeyId': { access: 'own', owner: 'admin' },
  'GET /me/invites': { access: 'account' },
  'POST /me/invites/requests': { access: 'account', body: org },
  'GET /me/invites/:token': { access: 'own', owner: 'invitee' },
  'POST /me/invites/:token/accept': { access: 'own', owner: 'invitee' },
  // ───────────── alerts ─────────────
  'POST /organizations/:organizationId/alerts': { access: 'read', body: empty },
  'POST /organizations/:organizationId/followings/alerts': { access: 'read', body: empty },
  'POST /organizations/:organizationId/alerts/rules': { access: 'read', body: empty },
  'POST /organizations/:organizationId/followings/alerts/rules': { access: 'read', body: empty },
  'POST /alerts/history': { access: 'read', body: org },
  'POST /alerts/history/following': { access: 'read', body: org },
  'GET /alerts/:alertId': { access: 'follower-read' },
  'GET /organizations/:organizationId/alerts/:alertId': { access: 'follower-read' },
  'GET /alerts/:alertId/history': { access: 'follower-read' },
  'GET /alerts/:alertId/comments': { access: 'follower-read' },
  'POST /organizations/:organizationId/scantargets/:scanTargetId/alerts/:alertId/comments': {
    access: 'member-write',
    body: () => ({ comment: 'matrix comment' }),
  },
  'POST /organizations/:organizationId/alerts/:alertId/comments': { access: 'member-write', body: () => ({ comment: 'matrix comment' }) },
  'PUT /organizations/:organizationId/scantargets/:scanTargetId/alerts/:alertId': {
    access: 'admin',
    body: () => ({ state: 'IN_PROGRESS', labels: ['matrix'] }),
  },
  'PUT /organizations/:organizationId/alerts/status/batch': { access: 'admin', body: () => ({ state: 'IN_PROGRESS', condition: { dryRun: true } }) },
  'POST /organizations/:organizationId/summaries/scantargets/details': { access: 'read', body: empty },
  'POST /organizations/:organizationId/followings/summaries/scantargets/details': { access: 'read', body: empty },
  'POST /organizations/:organizationId/summaries/scantargets/followings': { access: 'read', body: empty },
  'POST /alerts': { access: 'read', body: org },
  'POST /alerts/following': { access: 'read', body: org },
  'POST /alerts/rules': { access: 'read', body: org },
  'POST /alerts/rules/following': { access: 'read', body: org },
  'POST /alerts/summaries': { access: 'read', body: org },
  'POST /alerts/summaries/following': { access: 'read', body: org },
  'POST /alerts/summaries/scans': { access: 'read', body: org },
  'POST /alerts/summaries/scans/following': { access: 'read', body: org },
  'POST /alerts/summaries/following/resolvedovertime': { access: 'read', body: org },
  // ───────────── events ─────────────
  'GET /events/names': { access: 'account' },
  'GET /organizations/:organizationId/events': { access: 'read' },
  // ───────────── attachments and documents ─────────────
  'POST /organizations/:organizationId/attachments': { access: 'member-write', body: () => ATTACHMENT_BODY },
  'POST /organizations/:organizationId/attachment': { access: 'member-write', body: () => ATTACHMENT_BODY },
  'GET /attachments/:attachmentId': { access: 'read' },
  'GET /attachment/:attachmentId': { access: 'read' },
  'PUT /attachments/:attachmentId': { access: 'member-write', body: () => ({ fileName: 'renamed-by-matrix.txt' }) },
  // A follower may export what it reads of A (censored; test/subgraphs/documents/documents.test.ts checks the file).
  'POST /organizations/:organizationId/documents': { access: 'follower-read', body: () => ({ type: 'ALERT', params: {} }) },
  'GET /me/documents': { access: 'account' },
  'GET /me/documents/:documentId': { access: 'own', owner: 'admin' },
  'DELETE /me/documents/:documentId': { access: 'own', owner: 'admin' },
  // ───────────── organizations, members, invites ─────────────
  'GET /organizations': { access: 'account' },
  'POST /organizations': { access: 'account', body: () => ({ name: 'Created by matrix' }) },
  'GET /organizations/:organizationId': { access: 'follower-read' },
  'GET /organizations/:organizationId/posture': { access: 'follower-read' },
  'GET /organizations/:organizationId/posture/trend': { access: 'follower-read' },
  'GET /organizations/:organizationId/posture/breakdown': { access: 'follower-read', query: () => ({ by: 'rule' }) },
  'GET /organizations/:organizationId/posture/time-to-resolve': { access: 'follower-read' },
  'GET /organizations/:organizationId/posture/scan-freshness': { access: 'read' }, // no scans for a follower: 404
  'GET /organizations/:organizationId/followings/posture': { access: 'read' },
  'PUT /organizations/:organizationId': { access: 'admin', body: () => ({ name: 'Renamed by matrix' }) },
  'DELETE /organizations/:organizationId': { access: 'admin' },
  'GET /organizations/:organizationId/members': { access: 'read' },
  'GET /organizations/:organizationId/members/:memberId': { access: 'read' },
  'PUT /organizations/:organizationId/members/:memberId': { access: 'admin', body: () => ({ roles: [] }) },
  'DELETE /organizations/:organizationId/members/:memberId': { access: 'admin' },
  'POST /organizations/:organizationId/members/:memberId/mfa/reset': { access: 'admin' },
  'POST /organizations/:organizationId/members/:memberId/password/reset': { access: 'admin' },
  'GET /organizations/:organizationId/invites': { access: 'read' },
  'POST /organizations/:organizationId/invites': { access: 'admin', body: () => ({ email: 'another-invitee@quillfeather.test', roles: [] }) },
  'GET /organizations/:organizationId/invites/:email': { access: 'read' },
  'DELETE /organizations/:organizationId/invites/:email': { access: 'admin' },
  'POST /organizations/:organizationId/invites/:email/resend': { access: 'admin' },
  // ───────────── follow relations ─────────────
  'GET /organizations/:organizationId/followers': { access: 'read' },
  'DELETE /organizations/:organizationId/followers/:followerId': { access: 'admin' },
  'GET /organizations/:organizationId/followers/requests': { access: 'read' },
  'POST /organizations/:organizationId/followers/requests': { access: 'admin', body: (c) => ({ token: c.S }) },
  'GET /organizations/:organizationId/followers/requests/:token': { access: 'read' },
  'DELETE /organizations/:organizationId/followers/requests/:token': { access: 'admin' },
  'GET /organizations/:organizationId/following': { access: 'read' },
  'PUT /organizations/:organizationId/following/:followingId': { access: 'admin', body: () => ({ tags: ['matrix'] }) },
  'DELETE /organizations/:organizationId/following/:followingId': { access: 'admin' },
  'GET /organizations/:organizationId/following/requests': { access: 'read' },
  'GET /organizations/:organizationId/following/requests/:followingId': { access: 'read', params: (c) => ({ followingId: c.H1 }) },
  'POST /organizations/:organizationId/following/requests/:followingId/accept': { access: 'admin', params: (c) => ({ followingId: c.H1 }), body: empty },
  'POST /organizations/:organizationId/following/requests/:followingId/decline': { access: 'admin', params: (c) => ({ followingId: c.H2 }) },
  // ───────────── questionnaires and assessments (A sends; V receives) ─────────────
  'GET /organizations/:organizationId/questionnaires': { access: 'read' },
  'POST /organizations/:organizationId/questionnaires': { access: 'admin', body: () => ({ name: 'Matrix questionnaire' }) },
  'GET /organizations/:organizationId/questionnaires/:questionnaireId': { access: 'read' },
  'PUT /organizations/:organizationId/questionnaires/:questionnaireId': { access: 'admin', body: () => ({ description: 'Described by matrix' }) },
  'POST /organizations/:organizationId/questionnaires/:questionnaireId/elements': {
    access: 'admin',
    params: draft,
    body: () => ({ type: 'SECTION', props: { title: 'Matrix section' } }),
  },
  'PUT /organizations/:organizationId/questionnaires/:questionnaireId/elements/:elementId': {
    access: 'admin',
    params: draft,
    body: () => ({ props: { title: 'Renamed by matrix' } }),
  },
  'DELETE /organizations/:organizationId/questionnaires/:questionnaireId/elements/:elementId': { access: 'admin', params: draft },
  'GET /organizations/:organizationId/assessments': { access: 'read' },
  'POST /organizations/:organizationId/assessments': {
    access: 'admin',
    body: (c) => ({ questionnaireId: c.questionnaireId, receiverId: c.V, name: 'Matrix assessment 2', dueDate: '2099-01-01T00:00:00Z' }),
  },
  'GET /organizations/:organizationId/assessments/:assessmentId': { access: 'read' },
  'PUT /organizations/:organizationId/assessments/:assessmentId': { access: 'admin', body: () => ({ reviewNotes: 'Changed by matrix' }) },
  'GET /organizations/:organizationId/assessments/:assessmentId/answers': { access: 'read' },
  // V's answer while it is V's turn would be refused (409: the assessment awaits A's review); V's control is the comment route's shape: it reaches the resolver.
  'PUT /organizations/:organizationId/assessments/:assessmentId/answers/:questionId': {
    access: 'admin',
    owner: 'receiver',
    body: () => ({ type: 'TEXT', text: 'Matrix answer' }),
    control: { status: 409, why: 'V (the receiver) passed authorization; the assessment awaits A’s review, so the answer is refused by the workflow' },
  },
  'PUT /organizations/:organizationId/assessments/:assessmentId/answers/:questionId/review': { access: 'admin', body: () => ({ grade: 'GOOD' }) },
  'GET /organizations/:organizationId/assessments/:assessmentId/comments': { access: 'read' },
  'POST /organizations/:organizationId/assessments/:assessmentId/comments': { access: 'admin', body: () => ({ content: 'Matrix comment' }) },
  'PUT /organizations/:organizationId/assessments/:assessmentId/status': { access: 'admin', body: () => ({ status: 'REQUESTED_CLARIFICATION' }) },
  // ───────────── scan targets and groups ─────────────
  'GET /organizations/:organizationId/scantargets': { access: 'read' },
  'POST /organizations/:organizationId/scantargets': {
    access: 'admin',
    body: () => ({ name: 'Matrix target', kind: 'AWS', credential: { account: '210987654321' } }),
  },
  'GET /organizations/:organizationId/scantargets/:scanTargetId': { access: 'read' },
  'PUT /organizations/:organizationId/scantargets/:scanTargetId': { access: 'admin', body: () => ({ tags: ['matrix'] }) },
  'DELETE /organizations/:organizationId/scantargets/:scanTargetId': { access: 'admin' },
  'POST /organizations/:organizationId/scantargets/:scanTargetId/check': { access: 'admin' },
  'GET /oauth/link': { access: 'admin', query: (c) => ({ organizationId: c.org, scanTargetId: c.oauthTargetId }) },
  'GET /gworkspace/oauth/link': { access: 'admin', query: (c) => ({ organizationId: c.org, scanTargetId: c.oauthTargetId }) },
  'GET /organizations/:organizationId/scantargetgroups': { access: 'read' },
  'POST /organizations/:organizationId/scantargetgroups': { access: 'admin', body: () => ({ name: 'Matrix group', kind: 'ORACLE' }) },
  'GET /organizations/:organizationId/scantargetgroups/:scanTargetGroupId': { access: 'read' },
  'PUT /organizations/:organizationId/scantargetgroups/:scanTargetGroupId': { access: 'admin', body: () => ({ name: 'Matrix group renamed' }) },
  'DELETE /organizations/:organizationId/scantargetgroups/:scanTargetGroupId': { access: 'admin' },
  'POST /organizations/:organizationId/scantargetgroups/:scanTargetGroupId': {
    access: 'admin',
    body: () => ({
      credential: {
        region: 'us-ashburn-1',
        tenancy_id: 'ocid1.tenancy.oc1..aaaa',
        user_id: 'ocid1.user.oc1..aaaa',
        key_fingerprint: '12:34:56:78:90:ab:cd:ef:12:34:56:78:90:ab:cd:ef',
      },
    }),
  },
  'GET /organizations/:organizationId/scantargetgroups/:scanTargetGroupId/targets': { access: 'read' },
  'POST /organizations/:organizationId/scantargetgroups/:scanTargetGroupId/targets': {
    access: 'admin',
    body: () => ({ compartments: [{ name: 'Matrix compartment', ocid: 'ocid1.compartment.oc1..aaaa' }] }),
  },
  'GET /organizations/:organizationId/scantargetgroups/:scanTargetGroupId/scripts': { access: 'read' },
  'GET /organizations/:organizationId/scantargetgroups/:scanTargetGroupId/scripts/vigil-oracle.tf': { access: 'read' },
  'GET /organizations/:organizationId/scantargetgroups/:scanTargetGroupId/scantargets': { access: 'read' },
  // ───────────── scans ─────────────
  'POST /organizations/:organizationId/scantargets/:scanTargetId/scan': { access: 'admin' },
  'POST /organizations/:organizationId/scantargets/:scanTargetId/stop': { access: 'admin' },
  'GET /organizations/:organizationId/scantargets/:scanTargetId/scans': { access: 'read' },
  'GET /organizations/:organizationId/scantargets/:scanTargetId/scans/:scanId': { access: 'read' },
  'POST /organizations/:organizationId/scantargets/:scanTargetId/findings': {
    access: 'admin',
    body: () => ({
      format: 'vigil',
      findings: [{ rule: 'aws-s3-public-bucket', resource: 'arn:aws:s3:::secret-bucket-name', metadata: { accountId: '123456789012' } }],
    }),
  },
  'GET /organizations/:organizationId/webhooks': { access: 'admin' },
  'POST /organizations/:organizationId/webhooks': { access: 'admin', body: () => ({ url: 'http://127.0.0.1:9/matrix-hook' }) },
  'GET /organizations/:organizationId/webhooks/:webhookId': { access: 'admin' },
  'PUT /organizations/:organizationId/webhooks/:webhookId': { access: 'admin', body: () => ({ enabled: false }) },
  'DELETE /organizations/:organizationId/webhooks/:webhookId': { access: 'admin' },
  'POST /organizations/:organizationId/webhooks/:webhookId/secret': { access: 'admin' },
  'GET /organizations/:organizationId/webhooks/:webhookId/deliveries': { access: 'admin' },
};

/** Path parameters that name one of A's objects (not another organization): own-organization calls must not reach them. */
const OBJECT_PARAMS = new Set([
  'alertId',
  'scanTargetId',
  'scanTargetGroupId',
  'memberId',
  'scanId',
  'email',
  'apiKeyId',
  'token',
  'webhookId',
  'questionnaireId',
  'elementId',
  'assessmentId',
  'questionId',
  'attachmentId',
  'documentId',
]);

function pathParam(name: string, path: string, c: CallIds): string {
  switch (name) {
    case 'organizationId':
      return c.org;
    case 'alertId':
      return c.alertId;
    case 'scanTargetId':
      return c.scanTargetId;
    case 'scanTargetGroupId':
      return c.groupId;
    case 'scanId':
      return c.scanId;
    case 'memberId':
      return c.mUserId;
    case 'email':
      return PENDING_EMAIL;
    case 'followerId':
      return c.F;
    case 'followingId':
      return c.G;
    case 'apiKeyId':
      return c.spareKeyId;
    case 'webhookId':
      return c.webhookId;
    case 'attachmentId':
      return c.attachmentId;
    case 'documentId':
      return c.documentId;
    case 'token':
      return path.startsWith('/me/') ? c.meInviteToken : c.X;
    case 'questionnaireId':
      return c.questionnaireId;
    case 'elementId':
      return c.draftElementId;
    case 'assessmentId':
      return c.assessmentId;
    case 'questionId':
      return c.questionId;
    default:
      throw new Error(`the matrix has no value for path parameter :${name} (${path})`);
  }
}

interface Call {
  route: string;
  method: string;
  path: string;
  body?: unknown;
}

function callOf(route: string, c: CallIds): Call {
  const [method, template] = route.split(' ');
  const row = REST_MATRIX[route];
  const overrides = row.params?.(c) ?? {};
  let path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(overrides[name] ?? pathParam(name, template, c)));
  const query = row.query?.(c);
  if (query) path += `?${new URLSearchParams(query)}`;
  return { route, method, path, body: row.body?.(c) };
}

let fixture: AuthorizationFixture;
let ids: Omit<CallIds, 'org'>;
let invitee: Account;
const INVITEE_EMAIL = 'invitee@elsewhere.test';
const routes = REST_ROUTES.map((r) => `${r.method} ${r.path}`);

beforeAll(async () => {
  const t = await startTestVigil({ VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  fixture = await buildAuthorizationFixture(t);
  const { a } = fixture;
  // A's side of follow relations: A follows G; H1 and H2 asked A to follow them.
  const g = await t.bootstrap('admin-g@followed.test', 'Followed Org');
  await follow(t, g, a);
  const h1 = await t.bootstrap('admin-h1@asking.test', 'Asking Org 1');
  const h2 = await t.bootstrap('admin-h2@asking.test', 'Asking Org 2');
  for (const h of [h1, h2])
    expect((await t.rest('POST', `/organizations/${h.organizationId}/followers/requests`, { key: h.apiKey, body: { token: a.organizationId } })).status).toBe(
      200,
    );
  invitee = await t.bootstrap(INVITEE_EMAIL, 'Invitee Org');
  const invite = await t.rest('POST', `/organizations/${a.organizationId}/invites`, { key: a.apiKey, body: { email: INVITEE_EMAIL, roles: [] } });
  expect(invite.status).toBe(200);
  const spare = await t.rest('POST', '/me/apikeys', { key: a.apiKey, body: { name: 'spare' } });
  expect(spare.status).toBe(200);
  const oauthTarget = await t.rest('POST', `/organizations/${a.organizationId}/scantargets`, {
    key: a.apiKey,
    body: { name: 'OAuth target', kind: 'GWORKSPACE' },
  });
  expect(oauthTarget.status).toBe(200);
  const webhook = await t.rest('POST', `/organizations/${a.organizationId}/webhooks`, { key: a.apiKey, body: { url: 'http://127.0.0.1:9/matrix' } });
  expect(webhook.status).toBe(200);
  const attachment = await t.rest('POST', `/organizations/${a.organizationId}/attachments`, { key: a.apiKey, body: ATTACHMENT_BODY });
  expect(attachment.status).toBe(200);
  const document = await t.rest('POST', `/organizations/${a.organizationId}/documents`, { key: a.apiKey, body: { type: 'EVENT', params: {} } });
  expect(document.status).toBe(200);
  ids = {
    ...fixture.ids,
    attachmentId: attachment.body.id,
    documentId: document.body.id,
    G: g.organizationId,
    H1: h1.organizationId,
    H2: h2.organizationId,
    spareKeyId: spare.body.id,
    meInviteToken: invite.body.token,
    oauthTargetId: oauthTarget.body.id,
    webhookId: webhook.body.id,
  };
}, 60_000);
afterAll(() => fixture.t.close());

const send = (call: Call, key: string | undefined) => fixture.t.rest(call.method, call.path, { key, ...(call.body === undefined ? {} : { body: call.body }) });
const describeAnswer = (who: string, call: Call, answer: HttpResult) =>
  `${who}: ${call.method} ${call.path} ${call.body ? JSON.stringify(call.body) : ''} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
const leaks = (who: string, call: Call, answer: HttpResult, secrets: string[]) =>
  secrets.filter((secret) => JSON.stringify(answer.body ?? '').includes(secret)).map((secret) => `${describeAnswer(who, call, answer)} shows "${secret}"`);
const ok = (answer: HttpResult) => answer.status >= 200 && answer.status < 300;

type Caller = 'stranger' | 'removed member' | 'follower' | 'member';

/** What `who` must get from `route` on A: 'ok', or the refusal status. */
function expectation(route: string, who: Caller): 'ok' | number {
  const { access } = REST_MATRIX[route];
  if (access === 'account') return 'ok';
  if (access === 'own') return 404;
  if (who === 'member') return access === 'admin' ? 403 : 'ok';
  if (who === 'follower' && access === 'follower-read') return 'ok';
  return 404;
}

/** The problem, when `who`'s answer from `route` is not what the matrix says (a success, or its refusal status). */
function notAsExpected(route: string, who: Caller, call: Call, answer: HttpResult): string[] {
  const expected = expectation(route, who);
  const wrong = expected === 'ok' ? !ok(answer) : answer.status !== expected;
  return wrong ? [`expected ${expected}: ${describeAnswer(who, call, answer)}`] : [];
}

/** What of a snapshot is A's alone: not F's own follows, not the events of the callers' organizations. */
const ofA = (snapshot: Awaited<ReturnType<typeof snapshotOfA>>) => ({
  ...snapshot,
  fFollowing: null,
  events: snapshot.events.filter((e: { organizationId: string }) => e.organizationId === ids.A),
});

describe('the REST matrix', () => {
  it('names every route of the route table, and nothing else', () => {
    expect(Object.keys(REST_MATRIX).sort()).toEqual([...routes].sort());
  });
});

describe('callers outside A', () => {
  it('no key and a deleted key get 401 from every route', async () => {
    const problems = await inParallel(routes, async (route) => {
      const call = callOf(route, { ...ids, org: ids.A });
      const found: string[] = [];
      for (const [who, key] of [
        ['no key', undefined],
        ['deleted key', fixture.deletedKey],
      ] as const) {
        const answer = await send(call, key);
        if (answer.status !== 401) found.push(`expected 401: ${describeAnswer(who, call, answer)}`);
        found.push(...leaks(who, call, answer, STRANGER_SECRETS));
      }
      return found;
    });
    expect(problems.flat()).toEqual([]);
  });

  it('a stranger, a removed member and a follower get only what the matrix allows, learn nothing hidden, and change nothing of A', async () => {
    const before = await snapshotOfA(fixture);
    const problems: string[] = [];
    const callers = [
      ['stranger', fixture.s, STRANGER_SECRETS],
      ['removed member', fixture.r, STRANGER_SECRETS],
      ['follower', fixture.f, FOLLOWER_SECRETS],
    ] as const;
    for (const [who, account, secrets] of callers) {
      const found = await inParallel(routes, async (route) => {
        const call = callOf(route, { ...ids, org: ids.A });
        const answer = await send(call, account.apiKey);
        return [...leaks(who, call, answer, secrets), ...notAsExpected(route, who, call, answer)];
      });
      problems.push(...found.flat());
    }
    expect(problems).toEqual([]);
    expect(ofA(await snapshotOfA(fixture))).toEqual(ofA(before));
  });

  it('a stranger and a follower naming their own organization with A’s object ids reach none of A’s objects', async () => {
    const before = await snapshotOfA(fixture);
    const problems: string[] = [];
    const aimed = routes.filter((route) => {
      const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]);
      return names.includes('organizationId') && names.some((name) => OBJECT_PARAMS.has(name));
    });
    for (const [who, account, secrets] of [
      ['stranger', fixture.s, STRANGER_SECRETS],
      ['follower', fixture.f, FOLLOWER_SECRETS],
    ] as const) {
      const found = await inParallel(aimed, async (route) => {
        const call = callOf(route, { ...ids, org: account.organizationId });
        const answer = await send(call, account.apiKey);
        return [...leaks(who, call, answer, secrets), ...(answer.status !== 404 ? [`expected 404: ${describeAnswer(who, call, answer)}`] : [])];
      });
      problems.push(...found.flat());
    }
    expect(problems).toEqual([]);
    expect(ofA(await snapshotOfA(fixture))).toEqual(ofA(before));
  });
});

describe('A’s own members', () => {
  it('a regular member reads A and comments, and is refused (403) every change of configuration', async () => {
    const before = await snapshotOfA(fixture);
    const problems = await inParallel(routes, async (route) => {
      const call = callOf(route, { ...ids, org: ids.A });
      const answer = await send(call, fixture.m.apiKey);
      return notAsExpected(route, 'member', call, answer);
    });
    expect(problems.flat()).toEqual([]);
    // Only the comments (and their events) changed: the member's own account changes (PUT /me, keys) are not A's.
    const unchanged = (snapshot: Awaited<ReturnType<typeof snapshotOfA>>) => ({ ...snapshot, alertComments: null, events: null, apiKeys: null });
    expect(unchanged(await snapshotOfA(fixture))).toEqual(unchanged(before));
  });

  it('the admin (or the object’s owner) gets every route: the positive control of every refusal above', async () => {
    // Deletions last (deepest first), so no control removes what a later one needs; A itself at the very end.
    const order = (route: string) => (route.startsWith('DELETE') ? (route === 'DELETE /organizations/:organizationId' ? 2 : 1) : 0);
    const sorted = [...routes].sort((x, y) => order(x) - order(y) || (order(x) === 1 ? y.split('/').length - x.split('/').length : 0));
    const problems: string[] = [];
    for (const route of sorted) {
      const row = REST_MATRIX[route];
      const call = callOf(route, { ...ids, org: row.owner === 'receiver' ? ids.V : ids.A });
      const caller = row.owner === 'invitee' ? invitee : row.owner === 'receiver' ? fixture.v : fixture.a;
      const answer = await send(call, caller.apiKey);
      const expected = row.control?.status ?? 200;
      if (answer.status !== expected) problems.push(`positive control expected ${expected}: ${describeAnswer(row.owner ?? 'admin', call, answer)}`);
    }
    expect(problems).toEqual([]);
  });
});
