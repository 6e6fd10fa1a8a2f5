import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { joinAsMember } from '../../support/organizations';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Alert.riskAcceptance (the console's risk-acceptances view reads it with the alert list): the member who began the
 * alert's current run of RISK_ACCEPTED, when, and their newest comment; null in another state, and for a follower,
 * who sees neither comments nor authors.
 */
let t: TestVigil;
let acme: Account;
let rita: Account;
let follower: Account;
let target: string;
let alertId: string;

const UPDATE = 'mutation ($i: UpdateAlertInput!) { updateAlert(input: $i) { alert { state } } }';
const COMMENT = 'mutation ($i: CreateAlertCommentInput!) { createAlertComment(input: $i) { alertComment { id } } }';
const ACCEPTANCE = 'riskAcceptance { userId acceptedAt reason { comment userId } }';

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  follower = await t.bootstrap('fay@follower.example', 'Follower');
  rita = await joinAsMember(t, acme, acme.organizationId, 'rita@acme.example', ['ADMIN']);
  await insertRules(t.vigil.db);
  target = await createScanTarget(t.vigil.db, acme.organizationId, { name: 'prod' });
  [alertId] = await insertAlerts(t.vigil.db, [{ organizationId: acme.organizationId, scanTargetId: target, rule: FIXTURE_RULES[0].id, resource: 'bucket-a' }]);
  await follow(t.vigil.db, follower.organizationId, acme.organizationId);
});

afterAll(async () => {
  await t?.close();
});

const move = async (who: Account, state: string) =>
  expect(
    (await t.graphql(UPDATE, { i: { organizationId: acme.organizationId, scanTargetId: target, alertId, state } }, who.apiKey)).body.errors,
  ).toBeUndefined();
const say = async (who: Account, comment: string) =>
  expect((await t.graphql(COMMENT, { i: { organizationId: acme.organizationId, alertId, comment } }, who.apiKey)).body.errors).toBeUndefined();
const asMember = async () => (await t.graphql(`query ($id: ID!) { alert(id: $id) { state ${ACCEPTANCE} } }`, { id: alertId }, acme.apiKey)).body.data.alert;

it('names who began the current run of RISK_ACCEPTED and their newest comment; null in another state and for a follower', async () => {
  expect(await asMember()).toEqual({ state: 'OPEN', riskAcceptance: null });
  await say(rita, 'First thought.');
  await say(rita, 'Public on purpose.');
  await say(acme, 'Ann agrees.');
  await move(rita, 'RISK_ACCEPTED');
  await move(acme, 'RISK_ACCEPTED'); // a second record in the same state: the run began with Rita's
  let read = await asMember();
  expect(read.riskAcceptance).toEqual({ userId: rita.userId, acceptedAt: expect.any(String), reason: { comment: 'Public on purpose.', userId: rita.userId } });
  const { acceptedAt } = read.riskAcceptance;

  // The follower reads the alert (censored) and its list entry: no acceptance, no author, no comment.
  const followed = await t.graphql(
    `query ($id: ID!, $o: ID!) { alert(id: $id) { state ${ACCEPTANCE} } followingAlerts(organizationId: $o) { nodes { state ${ACCEPTANCE} } } }`,
    { id: alertId, o: follower.organizationId },
    follower.apiKey,
  );
  expect(followed.body.errors).toBeUndefined();
  expect(followed.body.data.alert).toEqual({ state: 'RISK_ACCEPTED', riskAcceptance: null });
  expect(followed.body.data.followingAlerts.nodes).toEqual([{ state: 'RISK_ACCEPTED', riskAcceptance: null }]);

  // Moved out: null. Accepted again by Ann: a new run, hers, with her newest comment.
  await move(rita, 'IN_PROGRESS');
  expect((await asMember()).riskAcceptance).toBeNull();
  await move(acme, 'RISK_ACCEPTED');
  read = await asMember();
  expect(read.riskAcceptance).toEqual({ userId: acme.userId, acceptedAt: expect.any(String), reason: { comment: 'Ann agrees.', userId: acme.userId } });
  expect(Date.parse(read.riskAcceptance.acceptedAt)).toBeGreaterThan(Date.parse(acceptedAt));
});
