import { randomUUID } from 'node:crypto';
import { Kind, parse } from 'graphql';
import { composeSupergraph } from '../../schema/compose';
import { SUBGRAPHS } from '../../subgraphs';
import type { FieldRule, Access as RuleAccess } from '../../subgraphs/field-rules';
import {
  A_NAME,
  ACCOUNT,
  type AuthorizationFixture,
  buildAuthorizationFixture,
  COMMENT,
  FOLLOWER_SECRETS,
  type Ids,
  inParallel,
  M_EMAIL,
  PENDING_EMAIL,
  RESOURCE,
  REVIEW_NOTE,
  STRANGER_SECRETS,
  snapshotOfA as snapshotOfFixture,
  TARGET_NAME,
} from '../support/authorization-fixture';
import { type Field, type FullType, named, type TypeRef, typeString } from '../support/introspection';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * An authorization audit by enumeration: every Query and Mutation field of the supergraph (found by
 * introspection, so a field added later is audited without touching this file) is called with
 * arguments pointing at organization A's objects, as a stranger, as a removed member, without a key
 * or with a deleted one, as a regular member of A and as the admin of an organization that follows A.
 * The expectations per caller are the policy of lib/visibility.ts: strangers learn nothing, regular
 * members read but do not configure, followers read A's alerts censored and nothing else of A.
 * (REST routes: authorization-matrix-rest.test.ts; entity references: authorization-matrix-entities.test.ts.)
 */

/**
 * Who may call each field on A's objects. account: the caller's own account or a public catalog, any
 * valid key. own: an object of the caller's account named by id (a key, an invite addressed to it).
 * read: A's members. follower-read: A's members, and A's followers censored. member-write: any member
 * of A. admin: A's ADMIN members. A field missing here (or named here and gone) fails the coverage test.
 */
type Access = 'account' | 'own' | 'read' | 'follower-read' | 'member-write' | 'admin';
const QUERY_MATRIX: Record<string, Access> = {
  rules: 'account', // the rule catalog is the same for everyone
  eventNames: 'account', // the catalog of event names, no organization data
  me: 'account',
  apiKeys: 'account',
  myInvites: 'account', // invites addressed to the caller
  organizations: 'account', // organizations the caller is a member of
  myInvite: 'own',
  alerts: 'read',
  alertsByPage: 'read',
  alertsByRule: 'read',
  alertsByRuleByPage: 'read',
  alertsPage: 'read',
  alertHistory: 'read',
  alertSummary: 'read',
  dailyOpenAlerts: 'read',
  scanTargetSummaries: 'read',
  // What A follows: A's members read it (censored); A's followers do not.
  followingAlerts: 'read',
  followingAlertsByPage: 'read',
  followingAlertsByRule: 'read',
  followingAlertsByRuleByPage: 'read',
  followingAlertsPage: 'read',
  followingAlertHistory: 'read',
  followingScanTargetSummaries: 'read',
  followingAlertSummary: 'read',
  followingDailyOpenAlerts: 'read',
  followingDailyResolvedAlerts: 'read',
  alert: 'follower-read',
  alertHistoryOf: 'follower-read',
  alertComments: 'follower-read', // a follower's answer is always empty
  alertHistoryOfPage: 'follower-read',
  alertCommentsPage: 'follower-read',
  organization: 'follower-read',
  // Relay's object identification: an organization and a `followed:` alert copy to followers, the rest to members.
  node: 'follower-read',
  nodes: 'follower-read',
  scanTargetGroups: 'read',
  scanTargetGroup: 'read',
  scanTargetGroupCompartments: 'read',
  scanTargetGroupScript: 'read',
  scanTargetGroupTerraform: 'read',
  scanTargets: 'read',
  scanTarget: 'read',
  oauthLink: 'admin',
  gworkspaceOAuthLink: 'admin',
  scans: 'read',
  scan: 'read',
  posture: 'follower-read', // censored for a follower (test/subgraphs/alerts/posture.test.ts); null for anyone else
  followingPosture: 'read', // what A follows: A's members
  events: 'read',
  followers: 'read',
  followerRequests: 'read',
  followerRequest: 'read',
  following: 'read',
  followingRequests: 'read',
  followingRequest: 'read',
  organizationInvites: 'read',
  organizationInvite: 'read',
  members: 'read',
  member: 'read',
  questionnaires: 'read',
  // Where A's events go and what the receivers answered: ADMIN only.
  webhooks: 'admin',
  webhook: 'admin',
  webhookDeliveries: 'admin',
  questionnaire: 'read',
  // A's assessments (sent or received): A's members read them; the other party is V, not a matrix caller.
  assessments: 'read',
  assessment: 'read',
  attachment: 'read', // A's attachment by its id (the call below names no attachment: NOT_FOUND for everyone; test/subgraphs/documents/attachments.test.ts covers reads)
  documents: 'account', // the caller's own documents
  document: 'own',
};
const MUTATION_MATRIX: Record<string, Access> = {
  createApiKey: 'account',
  updateMe: 'account',
  createOrganization: 'account', // a new organization the caller administers
  requestAccess: 'account', // anyone may ask to join; the answer is only a status and no access is granted
  updateApiKey: 'own',
  deleteApiKey: 'own',
  acceptInvite: 'own',
  createAlertComment: 'member-write',
  createAttachment: 'member-write',
  createDocument: 'member-write', // and a follower of A (FOLLOWER_MUTATIONS_OF_A)
  updateAttachment: 'own', // by an attachment id (none of A's is named here: NOT_FOUND)
  deleteDocument: 'own',
  ...Object.fromEntries(
    [
      'updateAlert',
      'batchUpdateAlerts',
      'createScanTargetGroup',
      'updateScanTargetGroup',
      'deleteScanTargetGroup',
      'insertScanTargetGroupCredential',
      'createScanTargetsFromCompartments',
      'createScanTarget',
      'updateScanTarget',
      'deleteScanTarget',
      'checkScanTarget',
      'startScan',
      'stopScan',
      'ingestFindings',
      'createFollowerRequest',
      'deleteFollowerRequest',
      'removeFollower',
      'acceptFollowingRequest',
      'declineFollowingRequest',
      'updateFollowingTags',
      'stopFollowing',
      'createInvite',
      'deleteInvite',
      'resendInvite',
      'updateMember',
      'removeMember',
      'resetMemberMfa',
      'resetMemberPassword',
      'updateOrganization',
      'deleteOrganization',
      'createWebhook',
      'updateWebhook',
      'rotateWebhookSecret',
      'deleteWebhook',
      // Questionnaires: ADMIN writes, regular members read (the answering side is the receiver's ADMIN).
      'createQuestionnaire',
      'updateQuestionnaire',
      'createQuestionnaireElement',
      'updateQuestionnaireElement',
      'deleteQuestionnaireElement',
      'createAssessment',
      'updateAssessment',
      'updateAssessmentStatus',
      'answerQuestion',
      'reviewAnswer',
      'createAssessmentComment',
    ].map((name) => [name, 'admin' as const]),
  ),
};
const fieldsWith = (matrix: Record<string, Access>, access: Access): Record<string, Access> =>
  Object.fromEntries(Object.entries(matrix).filter(([, a]) => a === access));
/** Fields any caller may use whatever the arguments: they read or change only the caller's own account. */
const GLOBAL_QUERIES = fieldsWith(QUERY_MATRIX, 'account');
const GLOBAL_MUTATIONS = fieldsWith(MUTATION_MATRIX, 'account');
/** Mutations a regular member of A may use on A (everything else of A is ADMIN only). */
const MEMBER_MUTATIONS = fieldsWith(MUTATION_MATRIX, 'member-write');
/** A regular member's reads of A that fail for a reason other than authorization being wrong. */
const MEMBER_READ_ERRORS: Record<string, string> = {
  oauthLink: 'FORBIDDEN', // ADMIN only
  gworkspaceOAuthLink: 'FORBIDDEN', // ADMIN only
  followingRequest: 'null', // A has no pending request to follow anyone (a lookup: null, no error)
  myInvite: 'null', // the pending invite is addressed to someone else
  webhooks: 'FORBIDDEN', // ADMIN only
  webhook: 'FORBIDDEN', // ADMIN only
  webhookDeliveries: 'FORBIDDEN', // ADMIN only
  attachment: 'null', // the call names A's organization id, not an attachment
  document: 'null', // the call names A's organization id, not a document
};
/** Mutations a follower of A may make on A: an export of what it reads of A, censored (test/subgraphs/documents/documents.test.ts). */
const FOLLOWER_MUTATIONS_OF_A = new Set(['createDocument']);
/** What a follower may read of A by A's ids (censored); every other A-scoped call must fail. */
const FOLLOWER_READS_OF_A = new Set(Object.keys(fieldsWith(QUERY_MATRIX, 'follower-read')));

const DENIED = new Set(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST', 'UNAUTHENTICATED']);

/**
 * A lookup by id (a Query field of one nullable object) refuses with null and no error: "not there"
 * and "not yours" answer alike (subgraphs/field-rules.ts). Its organization rule's refusals stay errors.
 */
/**
 * A lookup: a Query field of one nullable object or interface (`alert(id:)`, `member(organizationId:, userId:)`,
 * `node(id:)`), or `nodes(ids:)`, whose list answers each id as `node(id:)` does.
 */
const isLookup = (field: { name: string; type: { kind: string } }, operation: 'query' | 'mutation') =>
  operation === 'query' && (field.type.kind === 'OBJECT' || field.type.kind === 'INTERFACE' || field.name === 'nodes');

const refusedAsNull = (field: { name: string; type: { kind: string } }, answer: { body: { data?: Record<string, unknown> | null; errors?: unknown[] } }) => {
  if (answer.body.errors) return false;
  const value = answer.body.data?.[field.name];
  if (field.name === 'nodes') return Array.isArray(value) && value.every((entry) => entry === null);
  return (field.type.kind === 'OBJECT' || field.type.kind === 'INTERFACE') && value === null;
};

/**
 * The declared rules (subgraphs/<name>/permissions.ts) that can give each caller above its access:
 * an organization's rule (member, admin, viewer) or one decided on the object the call names.
 */
const RULES_FOR: Record<Access, RuleAccess[]> = {
  account: ['authenticated'],
  own: ['object'],
  read: ['member', 'object'],
  'follower-read': ['viewer', 'object'],
  'member-write': ['member', 'viewer'],
  admin: ['admin'],
};
/** Every subgraph's declared rules, `Query.alerts` → rule. */
const DECLARED_RULES = new Map<string, FieldRule>(
  Object.values(SUBGRAPHS).flatMap((subgraph) =>
    Object.entries(subgraph.permissions).flatMap(([type, fields]) => Object.entries(fields).map(([field, rule]) => [`${type}.${field}`, rule] as const)),
  ),
);

/**
 * Root fields marked @inaccessible (the REST routes' unpaged lists): not in the public graph, so not
 * enumerated below; they have rules like every field, and test/gateway/rest/authorization-matrix-rest.test.ts calls
 * them through the routes that use them.
 */
const REST_ONLY_FIELDS = (() => {
  const document = parse(composeSupergraph());
  return document.definitions.flatMap((d) =>
    d.kind === Kind.OBJECT_TYPE_DEFINITION && (d.name.value === 'Query' || d.name.value === 'Mutation')
      ? (d.fields ?? []).filter((f) => f.directives?.some((x) => x.name.value === 'inaccessible')).map((f) => `${d.name.value}.${f.name.value}`)
      : [],
  );
})();

/** The REST-only root fields of `type`, by name. */
const restOnlyOf = (type: 'Query' | 'Mutation') => REST_ONLY_FIELDS.filter((c) => c.startsWith(`${type}.`)).map((c) => c.slice(type.length + 1));

// ───────────── introspection types ─────────────

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

  /** Whether `path` (`organizationId`, `input.organizationId`) names an argument of `field`, or a field of an input object argument. */
  hasArgument(field: Field, path: string): boolean {
    const [name, ...rest] = path.split('.');
    let ref: TypeRef | undefined = field.args.find((arg) => arg.name === name)?.type;
    for (const key of rest) ref = ref && this.types.get(named(ref).name!)?.inputFields?.find((f) => f.name === key)?.type;
    return ref !== undefined;
  }

  /** A field's arguments and the fields of its input object arguments, by path (`input.scanTargetId`). */
  argumentPaths(field: Field): Array<{ path: string; name: string; type: TypeRef }> {
    return field.args.flatMap((arg) => {
      const type = this.types.get(named(arg.type).name!)!;
      const inner = type.kind === 'INPUT_OBJECT' && arg.type.kind !== 'LIST' ? type.inputFields! : [];
      return [{ path: arg.name, name: arg.name, type: arg.type }, ...inner.map((f) => ({ path: `${arg.name}.${f.name}`, name: f.name, type: f.type }))];
    });
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
      else if (depth > 1) {
        // An object all of whose fields are objects (a connection) at the last level has nothing to select: left out.
        const inner = this.selection(field.type, depth - 1);
        if (inner) parts.push(`${field.name} ${inner}`);
      }
    }
    return parts.length ? `{ ${parts.join(' ')} }` : '';
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
      case 'apiKeyId':
        return ids.adminKeyId;
      case 'userId':
        return ids.mUserId;
      case 'followerId':
      case 'followingId':
        return other;
      case 'token':
        return /invite/i.test(field) ? ids.inviteToken : ids.X;
      case 'questionnaireId':
        return ids.questionnaireId;
      case 'assessmentId':
        return ids.assessmentId;
      case 'questionId':
        return ids.questionId;
      case 'elementId':
        return ids.draftElementId;
      case 'receiverId':
        return ids.V;
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
      // An input of optional fields only besides the ids naming what to change (an update) is filled
      // whole, so the call would change something.
      const fillAll = mutation && fields.every((f) => f.type.kind !== 'NON_NULL' || named(f.type).name === 'ID');
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
        if (arg === 'credential')
          return {
            region: 'us-ashburn-1',
            tenancy_id: 'ocid1.tenancy.oc1..aaaa',
            user_id: 'ocid1.user.oc1..aaaa',
            key_fingerprint: '12:34:56:78:90:ab:cd:ef:12:34:56:78:90:ab:cd:ef',
          };
        return {};
      default: // String
        if (/email/i.test(arg)) return PENDING_EMAIL;
        if (/mimeType/i.test(arg)) return 'text/plain';
        if (/picture/i.test(arg)) return 'https://example.com/picture.png';
        if (/ocid/i.test(arg)) return 'ocid1.compartment.oc1..aaaa';
        if (arg === 'contentType') return 'text/plain';
        if (arg === 'contentMD5') return '1B2M2Y8AsgTpgAmY7PhCfg==';
        if (field === 'createDocument' && arg === 'type') return 'ALERT';
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

/** `variables` with the value at `path` (`organizationId`, `input.organizationId`) replaced. */
function withValueAt(variables: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [name, ...rest] = path.split('.');
  if (!rest.length) return { ...variables, [name]: value };
  return { ...variables, [name]: withValueAt((variables[name] ?? {}) as Record<string, unknown>, rest.join('.'), value) };
}

// ───────────── the fixture ─────────────
let fixture: AuthorizationFixture;
let t: TestVigil;
let a: Account; // ADMIN of A
let m: Account; // regular member of A
let f: Account; // ADMIN of F, which follows A
let s: Account; // ADMIN of S, a stranger
let r: Account; // removed from A
let v: Account; // ADMIN of V, the receiver of A's assessment
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

const snapshotOfA = () => snapshotOfFixture(fixture);

beforeAll(async () => {
  t = await startTestVigil();
  fixture = await buildAuthorizationFixture(t);
  ({ a, m, f, s, r, v, ids } = fixture);

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
    // The matrix names every field, and only fields that exist: a new field needs its row, a removed one leaves none behind.
    expect(Object.keys(QUERY_MATRIX).sort()).toEqual([...enumerator.queries.map((f) => f.name), ...restOnlyOf('Query')].sort());
    expect(Object.keys(MUTATION_MATRIX).sort()).toEqual([...enumerator.mutations.map((f) => f.name), ...restOnlyOf('Mutation')].sort());
    const fields = new Set(everything().map(({ field }) => field.name));
    expect(Object.keys(MEMBER_READ_ERRORS).filter((name) => !fields.has(name))).toEqual([]);
    // An ADMIN-only read of the public graph answers a member FORBIDDEN (REST-only fields: test/gateway/rest/authorization-matrix-rest.test.ts).
    for (const name of Object.keys(fieldsWith(QUERY_MATRIX, 'admin')).filter((n) => fields.has(n)))
      expect([name, MEMBER_READ_ERRORS[name]]).toEqual([name, 'FORBIDDEN']);
    expect(enumerator.queries.length).toBeGreaterThan(40);
    expect(enumerator.mutations.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    for (const field of enumerator.queries) {
      const answer = await run(enumerator.call(field, 'query', ids, ids.A), a);
      for (const secret of [RESOURCE, ACCOUNT, TARGET_NAME, COMMENT, A_NAME, M_EMAIL])
        if (JSON.stringify(answer.body).includes(secret)) seen.add(`${field.name}:${secret}`);
    }
    for (const expected of ['alerts', 'alert', 'alertHistoryOf', 'alertHistory']) expect(seen).toContain(`${expected}:${RESOURCE}`);
    for (const expected of ['scanTargets', 'scanTarget', 'scanTargetSummaries']) expect(seen).toContain(`${expected}:${TARGET_NAME}`);
    expect(seen).toContain(`scanTarget:${ACCOUNT}`);
    expect(seen).toContain(`alertComments:${COMMENT}`);
    expect(seen).toContain(`organization:${A_NAME}`);
    expect(seen).toContain(`members:${M_EMAIL}`);
    expect(seen).toContain(`events:${RESOURCE}`);
  }, 120_000);
});

/** `who` (a stranger, or a member A removed) calls every field on A's and F's ids: every call is refused and nothing leaks. */
async function outsiderProblems(who: Account): Promise<string[]> {
  const calls = everything().flatMap(({ field, operation }) => [ids.A, ids.F].map((org) => ({ field, operation, org })));
  const problems = await inParallel(calls, async ({ field, operation, org }) => {
    const answer = await run(enumerator.call(field, operation, ids, org), who);
    const found = leaks(answer, STRANGER_SECRETS);
    const global = operation === 'query' ? GLOBAL_QUERIES[field.name] : GLOBAL_MUTATIONS[field.name];
    // A lookup on ids that are not the caller's answers null with no error ("not yours" like "not there").
    const refused = isLookup(field, operation)
      ? refusedAsNull(field, answer)
      : codes(answer).length > 0 && codes(answer).every((code) => DENIED.has(code!)) && answer.body.data?.[field.name] == null;
    if (!global && !refused) found.push(`${operation} ${field.name} was not refused: ${describeAnswer(answer)}`);
    return found;
  });
  return problems.flat();
}

describe('the declared rules (subgraphs/<name>/permissions.ts, applied once at subgraph build, deny by default)', () => {
  it('give every Query and Mutation field of the supergraph exactly one rule, and each rule allows what the matrix above expects', () => {
    const fields = [...enumerator.queries.map((f) => `Query.${f.name}`), ...enumerator.mutations.map((f) => `Mutation.${f.name}`)];
    expect([...DECLARED_RULES.keys()].sort()).toEqual([...fields, ...REST_ONLY_FIELDS].sort());
    const mismatched = fields.flatMap((coordinate) => {
      const [type, name] = coordinate.split('.');
      const access = (type === 'Query' ? QUERY_MATRIX : MUTATION_MATRIX)[name];
      const rule = DECLARED_RULES.get(coordinate)!;
      return RULES_FOR[access].includes(rule.access) ? [] : [`${coordinate}: the matrix expects ${access}, the rule is ${rule.access}`];
    });
    expect(mismatched).toEqual([]);
    // A field under an organization's rule names the organization in an argument the field has (or a field of its `input`).
    for (const field of everything()) {
      const rule = DECLARED_RULES.get(`${field.operation === 'query' ? 'Query' : 'Mutation'}.${field.field.name}`)!;
      if (rule.organizationArgument)
        expect([field.field.name, enumerator.hasArgument(field.field, rule.organizationArgument)]).toEqual([field.field.name, true]);
    }
  });

  it('fire before the resolver: a stranger, a regular member and a follower are refused by the rule’s own error', async () => {
    // The organization rules answer like a missing organization (member, viewer) or FORBIDDEN for a
    // regular member under an ADMIN rule; a malformed id is refused by the one format step first.
    const problems: string[] = [];
    for (const { field, operation } of everything()) {
      const rule = DECLARED_RULES.get(`${operation === 'query' ? 'Query' : 'Mutation'}.${field.name}`)!;
      if (!rule.organizationArgument) continue;
      const call = enumerator.call(field, operation, ids, ids.A);
      const expectations: Array<[Account, string, string]> = [[s, 'NOT_FOUND', 'Organization not found']];
      if (rule.access === 'admin') expectations.push([m, 'FORBIDDEN', 'Only an ADMIN member of the organization can do this']);
      if (rule.access === 'member' || rule.access === 'admin') expectations.push([f, 'NOT_FOUND', 'Organization not found']);
      for (const [who, code, message] of expectations) {
        const answer = await run(call, who);
        const errors = answer.body.errors ?? [];
        // A lookup answers the rule's NOT_FOUND ("not yours") as null with no error (subgraphs/field-rules.ts).
        if (isLookup(field, operation) && code === 'NOT_FOUND') {
          if (!refusedAsNull(field, answer))
            problems.push(`${rule.access} rule of lookup ${field.name} for ${who === s ? 'a stranger' : 'a follower'}: ${describeAnswer(answer)}`);
          continue;
        }
        if (errors.length !== 1 || errors[0].extensions?.code !== code || errors[0].message !== message)
          problems.push(
            `${rule.access} rule of ${field.name} for ${who === s ? 'a stranger' : who === m ? 'a member' : 'a follower'}: ${describeAnswer(answer)}`,
          );
      }
      const malformed = await run({ ...call, variables: withValueAt(call.variables, rule.organizationArgument, 'not-a-uuid') }, a);
      const argumentName = rule.organizationArgument.split('.').at(-1)!;
      const expectedName = argumentName === 'id' ? 'organizationId' : argumentName;
      if (malformed.body.errors?.[0]?.message !== `${expectedName} must be a UUID`)
        problems.push(`${field.name} with a malformed ${rule.organizationArgument}: ${describeAnswer(malformed)}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

/** `variables` with every UUID in it replaced by a fresh one (one that names nothing), except those in `keep`. */
function withAbsentIds(value: unknown, keep: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withAbsentIds(v, keep));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withAbsentIds(v, keep)]));
  if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) && !keep.has(value)) return randomUUID();
  return value;
}

describe('every lookup by id (a Query field of one nullable object, enumerated from the supergraph)', () => {
  it('answers null with no error for ids that name nothing, in A’s organization or in none', async () => {
    const lookups = enumerator.queries.filter((field) => isLookup(field, 'query'));
    for (const expected of ['alert', 'scanTarget', 'organization', 'member', 'document', 'assessment', 'followerRequest'])
      expect(lookups.map((field) => field.name)).toContain(expected);
    const problems = await inParallel(
      lookups.flatMap((field) => [new Set([ids.A]), new Set<string>()].map((keep) => ({ field, keep }))),
      async ({ field, keep }) => {
        const call = enumerator.call(field, 'query', ids, ids.A);
        const variables = withAbsentIds(call.variables, keep) as Record<string, unknown>;
        if (JSON.stringify(variables) === JSON.stringify(call.variables)) return []; // names A itself and no other id: found
        const answer = await run({ ...call, variables }, a);
        return refusedAsNull(field, answer) ? [] : [`${field.name} on absent ids: ${describeAnswer(answer)}`];
      },
    );
    expect(problems.flat()).toEqual([]);
  }, 120_000);
});

describe('a stranger (admin of an unrelated organization)', () => {
  it('learns nothing of A or F through any field, and every call on their ids is refused', async () => {
    const before = await snapshotOfA();
    expect(await outsiderProblems(s)).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 300_000);
});

describe('a member A removed (its key still valid)', () => {
  it('learns nothing of A any more, and every call on A is refused', async () => {
    const before = await snapshotOfA();
    expect(await outsiderProblems(r)).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  }, 300_000);
});

describe('no key, and a deleted key', () => {
  it('every field answers 401 UNAUTHENTICATED and nothing else', async () => {
    const before = await snapshotOfA();
    const problems = await inParallel(everything(), async ({ field, operation }) => {
      const call = enumerator.call(field, operation, ids, ids.A);
      const found: string[] = [];
      for (const [who, key] of [
        ['no key', undefined],
        ['deleted key', fixture.deletedKey],
      ] as const) {
        const response = await t.graphql(call.text, call.variables, key);
        const answer = { call, body: response.body };
        found.push(...leaks(answer, STRANGER_SECRETS));
        if (response.status !== 401 || codes(answer).join() !== 'UNAUTHENTICATED' || answer.body.data)
          found.push(`${who}: ${response.status} ${describeAnswer(answer)}`);
      }
      return found;
    });
    expect(problems.flat()).toEqual([]);
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
    const aimsAtA = enumerator
      .argumentPaths(field)
      .some((arg) => /^(alertIds?|scanTargetIds?|scanTargetGroupId|scanId|userId|id)$/.test(arg.name) && arg.type.kind === 'NON_NULL');
    // `id` is the caller's own organization / key; `node(id:)`/`nodes(ids:)` name no organization, so the
    // organization id passed is an object of its own (A's ids through them: the stranger's test above).
    const ownOnly = field.args.some((arg) => arg.name === 'id' || arg.name === 'ids') && /organization|apiKey|^nodes?$/i.test(field.name);
    if (
      aimsAtA &&
      !ownOnly &&
      !GLOBAL_MUTATIONS[field.name] &&
      !refusedAsNull(field, answer) &&
      !(codes(answer).length && codes(answer).every((code) => code === 'NOT_FOUND' || code === 'BAD_REQUEST'))
    ) {
      problems.push(`${operation} ${field.name} accepted A's object under another organization's id: ${describeAnswer(answer)}`);
    }
  }
  return problems;
}

describe('a stranger naming its own organization with A’s object ids', () => {
  it('reads none of A’s objects and changes none of them', async () => {
    const before = await snapshotOfA();
    // deleteOrganization would aim at S itself (no object of A involved), and S is needed below.
    const problems = await ownOrganizationWithAsIds(s, s.organizationId, new Set(['deleteOrganization']), STRANGER_SECRETS);
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
      if (expected === 'null') {
        if (!refusedAsNull(field, answer)) problems.push(`${field.name} should answer null: ${describeAnswer(answer)}`);
      } else if (expected) {
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
      } else if (
        !field.args.some((arg) => arg.name === 'organizationId' || (arg.name === 'id' && /organization/i.test(field.name))) &&
        !enumerator.hasArgument(field, 'input.organizationId')
      ) {
        // Account-level mutations aimed at A's objects (A's admin's key, A's pending invite): refused.
        if (!codes(answer).every((code) => code === 'NOT_FOUND') || !answer.body.errors)
          problems.push(`${field.name} was not refused: ${describeAnswer(answer)}`);
      } else if (codes(answer).join() !== 'FORBIDDEN') {
        problems.push(`${field.name} should answer FORBIDDEN: ${describeAnswer(answer)}`);
      }
    }
    expect(problems).toEqual([]);
    const after = await snapshotOfA();
    expect(after.alertComments.totalCount).toBe(before.alertComments.totalCount + 1);
    expect(after.events).not.toEqual(before.events); // AlertCommentCreated
    const unchanged = (snapshot: typeof before) => ({ ...snapshot, alertComments: null, events: null });
    expect(unchanged(after)).toEqual(unchanged(before));
  }, 120_000);
});

describe('the admin of F, which follows A', () => {
  const followerSecrets = FOLLOWER_SECRETS;

  it('reads A’s alerts censored, and nothing else of A', async () => {
    const problems: string[] = [];
    for (const field of enumerator.queries) {
      for (const org of [ids.A, ids.F]) {
        const answer = await run(enumerator.call(field, 'query', ids, org), f);
        problems.push(...leaks(answer, followerSecrets));
        const aScoped = org === ids.A && field.args.some((arg) => arg.name === 'organizationId' && arg.type.kind === 'NON_NULL');
        if (
          aScoped &&
          !FOLLOWER_READS_OF_A.has(field.name) &&
          !refusedAsNull(field, answer) &&
          !(codes(answer).length && codes(answer).every((code) => code === 'NOT_FOUND'))
        ) {
          problems.push(`${field.name} on A should answer NOT_FOUND to a follower: ${describeAnswer(answer)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('sees the alert itself (so the censorship above was tested on real data)', async () => {
    // A follower's copy has its own cache identity (`followed:<id>`); `alertId` is the alert's id.
    const one = await t.graphql(
      `query($id: ID!) { alert(id: $id) { id alertId resource metadata enrichment scanTarget { id } } }`,
      { id: ids.alertId },
      f.apiKey,
    );
    expect(one.body.data.alert).toEqual({
      id: `followed:${ids.alertId}`,
      alertId: ids.alertId,
      resource: '[censored]',
      metadata: {},
      enrichment: {},
      scanTarget: null,
    });
    const list = await t.graphql(`query($o: ID!) { followingAlerts(organizationId: $o) { nodes { id alertId resource } } }`, { o: ids.F }, f.apiKey);
    expect(list.body.data.followingAlerts.nodes).toEqual([{ id: `followed:${ids.alertId}`, alertId: ids.alertId, resource: '[censored]' }]);
    const comments = await t.graphql(`query($id: ID!) { alertComments(alertId: $id) { totalCount nodes { id } } }`, { id: ids.alertId }, f.apiKey);
    expect(comments.body.data.alertComments).toEqual({ totalCount: 0, nodes: [] });
  });

  it('counts A’s alerts per scan target without the target’s name or tags (GraphQL and REST #72)', async () => {
    await t.rest('PUT', `/organizations/${ids.A}/scantargets/${ids.scanTargetId}`, { key: a.apiKey, body: { tags: ['prod-123456789012'] } });
    const summaries = await t.graphql(
      `query($o: ID!) { followingScanTargetSummaries(organizationId: $o) { data { scanTargetId organizationId name kind tags total open } } }`,
      { o: ids.F },
      f.apiKey,
    );
    expect(summaries.body.data.followingScanTargetSummaries.data).toEqual([
      { scanTargetId: ids.scanTargetId, organizationId: ids.A, name: '[censored]', kind: 'AWS', tags: [], total: 1, open: 1 },
    ]);
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
      if (GLOBAL_MUTATIONS[field.name] || FOLLOWER_MUTATIONS_OF_A.has(field.name)) continue;
      const answer = await run(enumerator.call(field, 'mutation', ids, ids.A), f);
      problems.push(...leaks(answer, followerSecrets));
      if (!(codes(answer).length && codes(answer).every((code) => code === 'NOT_FOUND')))
        problems.push(`${field.name} on A should answer NOT_FOUND to a follower: ${describeAnswer(answer)}`);
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
      `query($o: ID!) { scanTargets(organizationId: $o) { nodes { id } } }`,
      `query($o: ID!) { members(organizationId: $o) { nodes { userId } } }`,
      `query($o: ID!) { organizationInvites(organizationId: $o) { nodes { email } } }`,
      `query($o: ID!) { events(organizationId: $o) { nodes { id } } }`,
    ]) {
      const answer = await t.graphql(query, { o: ids.A }, f.apiKey);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    }
  });
});

describe('the two sides of A’s assessment (A sends, V receives): each view’s own id', () => {
  const receivedId = () => `received:${ids.assessmentId}`;
  /** Every field that names an assessment, with the path of its assessment id. */
  const naming = () =>
    everything().flatMap(({ field, operation }) =>
      ['assessmentId', 'input.assessmentId'].filter((path) => enumerator.hasArgument(field, path)).map((path) => ({ field, operation, path })),
    );

  it('V reads A’s assessment without A’s own fields by either id, and always as the receiver’s copy', async () => {
    const reads = naming().filter(({ operation }) => operation === 'query');
    expect(reads.map(({ field }) => field.name)).toEqual(['assessment']);
    const problems: string[] = [];
    for (const { field, operation, path } of reads) {
      const call = enumerator.call(field, operation, ids, ids.V);
      for (const assessmentId of [ids.assessmentId, receivedId()]) {
        const answer = await run({ ...call, variables: withValueAt(call.variables, path, assessmentId) }, v);
        problems.push(...leaks(answer, [REVIEW_NOTE]));
        const read = answer.body.data?.[field.name] as { id?: string; view?: string } | null | undefined;
        if (read?.id !== receivedId() || read?.view !== 'RECEIVER') problems.push(`${field.name} by ${assessmentId}: ${describeAnswer(answer)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the receiver’s id reaches nothing for A’s admin: every field naming it answers null or NOT_FOUND, and nothing of A changes', async () => {
    const before = await snapshotOfA();
    const calls = naming();
    expect(calls.length).toBeGreaterThanOrEqual(6);
    const problems: string[] = [];
    for (const { field, operation, path } of calls) {
      const call = enumerator.call(field, operation, ids, ids.A);
      const answer = await run({ ...call, variables: withValueAt(call.variables, path, receivedId()) }, a);
      const refused = refusedAsNull(field, answer) || (codes(answer).length > 0 && codes(answer).every((code) => code === 'NOT_FOUND'));
      if (!refused || answer.body.data?.[field.name] != null) problems.push(`${operation} ${field.name}: ${describeAnswer(answer)}`);
    }
    expect(problems).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });
});
