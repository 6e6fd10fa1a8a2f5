import { follow, joinAsMember } from './organizations';
import type { Account, TestVigil } from './vigil';

/**
 * The world the authorization matrices (GraphQL fields, REST routes, entity references) audit:
 * organization A with one of everything and secrets only A's members may read; M a regular member of
 * A; F an organization following A; S a stranger; X invited by A to follow it (pending); R a removed
 * member of A; a deleted key of A's admin. Built once per test file, on one Vigil instance.
 */

// ───────────── A's secrets: what only A's members may read ─────────────
export const A_NAME = 'Quillfeather Holdings';
export const A_EMAIL = 'admin-a@quillfeather.test';
export const TARGET_NAME = 'Hidden Target Kappa';
export const ATTACHMENT_FILE_NAME = 'hidden-attachment-omicron.txt';
export const TARGET_TAG = 'prod-tag-Sigma-42';
export const RESOURCE = 'arn:aws:s3:::secret-bucket-name';
export const ACCOUNT = '123456789012';
export const COMMENT = 'Comment text Omega-77 known only to members';
export const M_EMAIL = 'member-m@quillfeather.test';
export const PENDING_EMAIL = 'pending-invitee@quillfeather.test';
export const REMOVED_EMAIL = 'removed-r@quillfeather.test';
export const REVIEW_NOTE = 'Review note Psi-5 known only to the sender';

/** What neither a stranger nor a removed member may ever see. */
export const STRANGER_SECRETS = [
  A_NAME,
  A_EMAIL,
  TARGET_NAME,
  TARGET_TAG,
  RESOURCE,
  'secret-bucket-name',
  ACCOUNT,
  COMMENT,
  M_EMAIL,
  'Follower Org',
  REVIEW_NOTE,
  ATTACHMENT_FILE_NAME,
];
/** What a follower of A may not see (A's name and censored alerts it may). */
export const FOLLOWER_SECRETS = [A_EMAIL, TARGET_NAME, TARGET_TAG, 'secret-bucket-name', ACCOUNT, COMMENT, M_EMAIL, REVIEW_NOTE, ATTACHMENT_FILE_NAME];

export interface Ids {
  A: string;
  F: string;
  S: string;
  X: string; // invited by A to follow it (pending)
  alertId: string;
  scanTargetId: string;
  groupId: string;
  scanId: string;
  mUserId: string;
  aUserId: string;
  inviteToken: string;
  adminKeyId: string;
  /** V: a vendor that follows A and received A's assessment (in REQUESTED_REVIEW, one question answered). */
  V: string;
  questionnaireId: string;
  assessmentId: string;
  questionId: string;
  /** A template A never sent, with one element: its elements change in place (no new version). */
  draftQuestionnaireId: string;
  draftElementId: string;
  /** An attachment of A (declared, not uploaded): its file name is the secret. */
  attachmentId: string;
}

export interface AuthorizationFixture {
  t: TestVigil;
  a: Account; // ADMIN of A
  m: Account; // regular member of A
  f: Account; // ADMIN of F, which follows A
  s: Account; // ADMIN of S, a stranger
  x: Account; // ADMIN of X, which A asked to follow it (pending)
  r: Account; // was a member of A, removed (its key still works, for its own organization)
  v: Account; // ADMIN of V, the receiver of A's assessment
  /** A key of A's admin, deleted. */
  deletedKey: string;
  ids: Ids;
}

export async function buildAuthorizationFixture(t: TestVigil): Promise<AuthorizationFixture> {
  const a = await t.bootstrap(A_EMAIL, A_NAME);
  const f = await t.bootstrap('admin-f@follower.test', 'Follower Org');
  const s = await t.bootstrap('admin-s@stranger.test', 'Stranger Org');
  const x = await t.bootstrap('admin-x@pending.test', 'Pending Org');
  const m = await joinAsMember(t, a, a.organizationId, M_EMAIL);
  const r = await joinAsMember(t, a, a.organizationId, REMOVED_EMAIL);
  const removed = await t.rest('DELETE', `/organizations/${a.organizationId}/members/${r.userId}`, { key: a.apiKey });
  expect(removed.status).toBe(200);
  await follow(t, a, f);
  const asked = await t.rest('POST', `/organizations/${a.organizationId}/followers/requests`, { key: a.apiKey, body: { token: x.organizationId } });
  expect(asked.status).toBe(200);
  const invite = await t.rest('POST', `/organizations/${a.organizationId}/invites`, { key: a.apiKey, body: { email: PENDING_EMAIL, roles: ['ADMIN'] } });
  expect(invite.status).toBe(200);

  const target = await t.rest('POST', `/organizations/${a.organizationId}/scantargets`, {
    key: a.apiKey,
    body: { name: TARGET_NAME, kind: 'AWS', credential: { account: ACCOUNT }, tags: [TARGET_TAG] },
  });
  expect(target.status).toBe(200);
  const scan = await t.rest('POST', `/organizations/${a.organizationId}/scantargets/${target.body.id}/findings`, {
    key: a.apiKey,
    body: { format: 'vigil', findings: [{ rule: 'aws-s3-public-bucket', resource: RESOURCE, metadata: { accountId: ACCOUNT } }] },
  });
  expect(scan.body).toMatchObject({ status: 'DONE' });
  const alerts = await t.graphql(`query($o: ID!) { alerts(organizationId: $o) { nodes { id } } }`, { o: a.organizationId }, a.apiKey);
  const alertId = alerts.body.data.alerts.nodes[0].id as string;
  const comment = await t.rest('POST', `/organizations/${a.organizationId}/alerts/${alertId}/comments`, { key: a.apiKey, body: { comment: COMMENT } });
  expect(comment.status).toBe(200);
  const group = await t.graphql(
    `mutation($o: ID!) { createScanTargetGroup(input: {organizationId: $o, name: "${TARGET_NAME} group", kind: ORACLE}) { scanTargetGroup { id } } }`,
    { o: a.organizationId },
    a.apiKey,
  );
  const keys = await t.graphql(`query { apiKeys { nodes { id } } }`, {}, a.apiKey);
  const spare = await t.rest('POST', '/me/apikeys', { key: a.apiKey, body: { name: 'deleted later' } });
  expect(spare.status).toBe(200);
  expect((await t.rest('DELETE', `/me/apikeys/${spare.body.id}`, { key: a.apiKey })).status).toBe(200);
  // A sends V (which follows it) a one-question assessment; V answers and asks for review.
  const v = await t.bootstrap('admin-v@vendor.test', 'Vendor Org');
  await follow(t, a, v);
  const ok = async (who: Account, method: string, path: string, body?: unknown) => {
    const answer = await t.rest(method, path, { key: who.apiKey, ...(body === undefined ? {} : { body }) });
    expect([path, answer.status]).toEqual([path, 200]);
    return answer.body;
  };
  const questionnaires = `/organizations/${a.organizationId}/questionnaires`;
  const questionnaire = await ok(a, 'POST', questionnaires, { name: `${TARGET_NAME} questionnaire` });
  const question = await ok(a, 'POST', `${questionnaires}/${questionnaire.id}/elements`, {
    type: 'QUESTION',
    props: { title: 'Do you rotate keys?', params: { type: 'TEXT' } },
  });
  const draft = await ok(a, 'POST', questionnaires, { name: 'Draft questionnaire' });
  const draftElement = await ok(a, 'POST', `${questionnaires}/${draft.id}/elements`, { type: 'SECTION', props: { title: 'Draft section' } });
  const assessment = await ok(a, 'POST', `/organizations/${a.organizationId}/assessments`, {
    questionnaireId: questionnaire.id,
    receiverId: v.organizationId,
    name: 'Matrix assessment',
    dueDate: '2099-01-01T00:00:00Z',
  });
  await ok(a, 'PUT', `/organizations/${a.organizationId}/assessments/${assessment.id}`, { reviewNotes: REVIEW_NOTE });
  await ok(v, 'PUT', `/organizations/${v.organizationId}/assessments/${assessment.id}/answers/${question.id}`, { type: 'TEXT', text: 'Every 90 days' });
  await ok(v, 'PUT', `/organizations/${v.organizationId}/assessments/${assessment.id}/status`, { status: 'REQUESTED_REVIEW' });

  const attachment = await ok(a, 'POST', `/organizations/${a.organizationId}/attachments`, {
    fileName: ATTACHMENT_FILE_NAME,
    contentLength: 0,
    contentType: 'text/plain',
    contentMD5: '1B2M2Y8AsgTpgAmY7PhCfg==',
  });

  return {
    t,
    a,
    m,
    f,
    s,
    x,
    r,
    v,
    deletedKey: spare.body.key,
    ids: {
      A: a.organizationId,
      F: f.organizationId,
      S: s.organizationId,
      X: x.organizationId,
      alertId,
      scanTargetId: target.body.id,
      groupId: group.body.data.createScanTargetGroup.scanTargetGroup.id,
      scanId: scan.body.id,
      mUserId: m.userId,
      aUserId: a.userId,
      inviteToken: invite.body.token,
      adminKeyId: keys.body.data.apiKeys.nodes[0].id,
      V: v.organizationId,
      questionnaireId: questionnaire.id,
      assessmentId: assessment.id,
      questionId: question.id,
      draftQuestionnaireId: draft.id,
      draftElementId: draftElement.id,
      attachmentId: attachment.id,
    },
  };
}

/** What A's admin sees of A: everything a call by someone else must leave unchanged. */
export async function snapshotOfA({ t, a, f, ids }: AuthorizationFixture) {
  const q = (query: string, variables: Record<string, unknown> = {}) =>
    t.graphql(query, variables, a.apiKey).then((r) => {
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
      return r.body.data;
    });
  const data = await q(
    `query($o: ID!, $alertId: ID!) {
      organization(id: $o) { id name picture email }
      alerts(organizationId: $o, first: 1000) { nodes { id state labels version resource severity metadata } }
      alertComments(alertId: $alertId, first: 1000) { totalCount nodes { id comment } }
      scanTargets(organizationId: $o, first: 100) { nodes { id name kind tags schedule { frequency timeOfDay day } credential status groupId } }
      scanTargetGroups(organizationId: $o, first: 10) { nodes { id name kind credential scanTargets(first: 10) { nodes { id } } } }
      scans(organizationId: $o, scanTargetId: "${ids.scanTargetId}", first: 100) { nodes { id status } }
      members(organizationId: $o) { nodes { userId roles } }
      organizationInvites(organizationId: $o) { nodes { email roles expiredAt } }
      followers(organizationId: $o) { nodes { id } }
      followerRequests(organizationId: $o) { nodes { token status } }
      following(organizationId: $o) { nodes { id } }
      apiKeys { nodes { id } }
      questionnaires(organizationId: $o, first: 100) { nodes { id name version elements { id props { title } } } }
      assessments(organizationId: $o, first: 100) {
        nodes { id status name reviewNotes grade dueDate answers { status grade content { createdAt } } comments(first: 100) { nodes { id } } }
      }
    }`,
    { o: ids.A, alertId: ids.alertId },
  );
  const following = await t.graphql(`query($o: ID!) { following(organizationId: $o) { nodes { id tags } } }`, { o: ids.F }, f.apiKey);
  const events = await t.vigil.db.pool.query<{ organizationId: string; n: string }>(
    `SELECT "organizationId", count(*) AS n FROM documents.events WHERE "organizationId" = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
    [[ids.A, ids.F]],
  );
  return { ...data, fFollowing: following.body.data, events: events.rows };
}

/**
 * `work` over `items`, four at a time, results in order: for phases whose calls do not depend on each
 * other's order (refusals, and what callers may do to their own accounts): overlapping the calls'
 * database waits keeps each matrix file well inside its time budget.
 */
export async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return results;
}
