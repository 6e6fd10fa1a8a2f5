import { type GraphQLNamedType, type GraphQLObjectType, type GraphQLSchema, getNamedType, isLeafType, isObjectType } from 'graphql';
import { authenticateApiKey } from '../../lib/api-keys';
import { SUBGRAPH_NAMES, type SubgraphName } from '../../lib/config';
import { type Principal, signPrincipal } from '../../lib/principal';
import { SUBGRAPHS } from '../../subgraphs';
import { buildSchema } from '../../subgraphs/server';
import {
  A_EMAIL,
  A_NAME,
  ACCOUNT,
  ATTACHMENT_FILE_NAME,
  type AuthorizationFixture,
  buildAuthorizationFixture,
  FOLLOWER_SECRETS,
  type Ids,
  RESOURCE,
  STRANGER_SECRETS,
  TARGET_NAME,
  TARGET_TAG,
} from '../support/authorization-fixture';
import { startTestVigil } from '../support/vigil';

/**
 * Entity references by enumeration: every entity type a subgraph resolves by key (`@key`, not
 * `resolvable: false`) is asked for through `_entities`, straight on the subgraph's HTTP endpoint with
 * a validly signed principal — the path the gateway (and later subscriptions and exports) takes, with
 * no gateway field in front to check anything. Each caller gets what lib/visibility.ts allows it: A's
 * admin and member everything (the positive control), A's follower only what censorship leaves, and
 * a stranger, a removed member and an anonymous caller nothing.
 */

const QUESTIONNAIRE_NAME = 'Questionnaire Zeta-9 of A';
const WEBHOOK_URL = 'https://hooks.example/webhook-of-a-zeta-9';

/** What a follower of the owner gets of one entity: all of it, the censored copy, or nothing. */
type FollowerView = 'visible' | 'censored' | 'none';

interface EntityRow {
  /** The id of A's object of this type. */
  id(ids: FixtureIds): string;
  /** A secret of A that the admin's (and member's) answer must show: proves the call was aimed right. */
  control: string;
  follower: FollowerView;
  /** For 'censored': what the follower's copy must hold. */
  censored?: Record<string, unknown>;
  /** The follower's copy's id, when it has one of its own (a cache identity apart from the member's). */
  followerId?(ids: FixtureIds): string;
  /** Only A's ADMINs get it: a regular member gets nothing, as a stranger does. */
  adminOnly?: true;
}

/** Every resolvable entity type, `subgraph.Type`. A type missing here fails the coverage test. */
const ENTITY_MATRIX: Record<string, EntityRow> = {
  'organizations.User': { id: (ids) => ids.aUserId, control: A_EMAIL, follower: 'none' },
  'organizations.Organization': { id: (ids) => ids.A, control: A_NAME, follower: 'visible' },
  'alerts.Alert': {
    id: (ids) => ids.alertId,
    followerId: (ids) => `followed:${ids.alertId}`,
    control: RESOURCE,
    follower: 'censored',
    censored: { resource: '[censored]', metadata: {}, enrichment: {}, scanTarget: null },
  },
  'alerts.ScanTarget': {
    id: (ids) => ids.scanTargetId,
    control: TARGET_NAME,
    follower: 'censored',
    censored: { name: '[censored]', tags: [], credential: {} },
  },
  'alerts.Scan': { id: (ids) => ids.scanId, control: TARGET_NAME, follower: 'none' },
  'questionnaires.Questionnaire': { id: (ids) => ids.questionnaireId, control: QUESTIONNAIRE_NAME, follower: 'none' },
  'documents.Attachment': { id: (ids) => ids.attachmentId, control: ATTACHMENT_FILE_NAME, follower: 'none' },
  'documents.Webhook': { id: (ids) => ids.webhookId, control: WEBHOOK_URL, follower: 'none', adminOnly: true },
};

interface Entity {
  key: string;
  subgraph: SubgraphName;
  type: GraphQLObjectType;
  selection: string;
}

/** Leaf fields, and object fields with their leaf fields (no field with required arguments; none an object without leaves, a connection). */
function selectionOf(type: GraphQLObjectType, depth = 2): string {
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((arg) => arg.type.toString().endsWith('!'))) continue;
    const inner: GraphQLNamedType = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (isObjectType(inner) && depth > 1) {
      const selection = selectionOf(inner, depth - 1);
      if (selection) parts.push(`${field.name} ${selection}`);
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : '';
}

function resolvableEntities(subgraph: SubgraphName, schema: GraphQLSchema): Entity[] {
  const entities: Entity[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('_')) continue;
    const keys = [type.astNode, ...type.extensionASTNodes].flatMap((node) => node?.directives ?? []).filter((d) => d.name.value === 'key');
    const resolvable = keys.some(
      (key) => !key.arguments?.some((arg) => arg.name.value === 'resolvable' && arg.value.kind === 'BooleanValue' && !arg.value.value),
    );
    if (resolvable) entities.push({ key: `${subgraph}.${type.name}`, subgraph, type, selection: selectionOf(type) });
  }
  return entities;
}

let fixture: AuthorizationFixture;
type FixtureIds = Ids & { questionnaireId: string; webhookId: string };
let ids: FixtureIds;
let entities: Entity[];

beforeAll(async () => {
  const t = await startTestVigil();
  fixture = await buildAuthorizationFixture(t);
  // Questionnaires have no creating API yet: A's is written directly.
  const { rows } = await t.vigil.db.pool.query<{ id: string }>(
    `INSERT INTO questionnaires.questionnaires (id, "organizationId", name, "updatedAt") VALUES (gen_random_uuid(), $1, $2, now()) RETURNING id`,
    [fixture.ids.A, QUESTIONNAIRE_NAME],
  );
  // A's webhook too: its URL is only its ADMINs' to read.
  const webhook = await t.vigil.db.pool.query<{ id: string }>(
    `INSERT INTO documents.webhooks (id, "organizationId", url, secret) VALUES (gen_random_uuid(), $1, $2, 'whsec_a') RETURNING id`,
    [fixture.ids.A, WEBHOOK_URL],
  );
  ids = { ...fixture.ids, questionnaireId: rows[0].id, webhookId: webhook.rows[0].id };
  entities = SUBGRAPH_NAMES.flatMap((name) => resolvableEntities(name, buildSchema(SUBGRAPHS[name])));
}, 60_000);
afterAll(() => fixture.t.close());

/** The principal the gateway would sign for this key (null: an anonymous call). */
async function principalOf(key: string | null): Promise<Principal | null> {
  if (key === null) return null;
  const principal = await authenticateApiKey(fixture.t.vigil.db.pool, key);
  if (!principal) throw new Error('fixture key does not authenticate');
  return principal;
}

interface EntityAnswer {
  data?: { _entities?: Array<Record<string, unknown> | null> } | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

async function resolveReference(entity: Entity, principal: Principal | null): Promise<EntityAnswer> {
  const server = fixture.t.vigil.subgraphs[entity.subgraph];
  if (!server) throw new Error(`subgraph ${entity.subgraph} is not served by this process`);
  const query = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on ${entity.type.name} ${entity.selection} } }`;
  const operation = { query, variables: { representations: [{ __typename: entity.type.name, id: ENTITY_MATRIX[entity.key].id(ids) }] } };
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signPrincipal(fixture.t.secret, principal, operation) },
    body: JSON.stringify(operation),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as EntityAnswer;
}

const describeAnswer = (entity: Entity, who: string, answer: EntityAnswer) => `${entity.key} as ${who} → ${JSON.stringify(answer).slice(0, 400)}`;
const leaked = (answer: EntityAnswer, secrets: string[]) => secrets.filter((secret) => JSON.stringify(answer).includes(secret));

/** Nothing: a null entity (or a not-found / unauthenticated error), and none of A's secrets. */
function refusal(entity: Entity, who: string, answer: EntityAnswer, secrets = STRANGER_SECRETS): string[] {
  const problems = leaked(answer, secrets).map((secret) => `${describeAnswer(entity, who, answer)} shows "${secret}"`);
  const codes = (answer.errors ?? []).map((e) => e.extensions?.code);
  const empty = answer.data?._entities == null || answer.data._entities.every((e) => e === null);
  if (!empty || !codes.every((code) => code === 'NOT_FOUND' || code === 'UNAUTHENTICATED'))
    problems.push(`not refused: ${describeAnswer(entity, who, answer)}`);
  return problems;
}

describe('entity references, resolved on each subgraph with a signed principal', () => {
  it('the matrix names every resolvable entity type of every subgraph, and nothing else', () => {
    expect(entities.map((e) => e.key).sort()).toEqual(Object.keys(ENTITY_MATRIX).sort());
  });

  it('A’s admin and a regular member of A get each of A’s objects whole (the positive control), the member none of an ADMIN-only one', async () => {
    const problems: string[] = [];
    for (const [who, key] of [
      ['admin', fixture.a.apiKey],
      ['member', fixture.m.apiKey],
    ] as const) {
      const principal = await principalOf(key);
      for (const entity of entities) {
        const answer = await resolveReference(entity, principal);
        if (who === 'member' && ENTITY_MATRIX[entity.key].adminOnly) {
          problems.push(...refusal(entity, who, answer, [...STRANGER_SECRETS, ENTITY_MATRIX[entity.key].control]));
          continue;
        }
        const row = answer.data?._entities?.[0];
        if (answer.errors || !row || row.id !== ENTITY_MATRIX[entity.key].id(ids) || !JSON.stringify(row).includes(ENTITY_MATRIX[entity.key].control)) {
          problems.push(`not resolved: ${describeAnswer(entity, who, answer)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('a stranger, a removed member and an anonymous caller get nothing of any entity', async () => {
    const problems: string[] = [];
    for (const [who, key] of [
      ['stranger', fixture.s.apiKey],
      ['removed member', fixture.r.apiKey],
      ['anonymous', null],
    ] as const) {
      const principal = await principalOf(key);
      for (const entity of entities) problems.push(...refusal(entity, who, await resolveReference(entity, principal)));
    }
    expect(problems).toEqual([]);
  });

  it('a follower of A gets an entity only as censorship allows: whole, censored or not at all', async () => {
    const principal = await principalOf(fixture.f.apiKey);
    const problems: string[] = [];
    for (const entity of entities) {
      const row = ENTITY_MATRIX[entity.key];
      const answer = await resolveReference(entity, principal);
      if (row.follower === 'none') {
        problems.push(...refusal(entity, 'follower', answer));
        continue;
      }
      problems.push(...leaked(answer, FOLLOWER_SECRETS).map((secret) => `${describeAnswer(entity, 'follower', answer)} shows "${secret}"`));
      const resolved = answer.data?._entities?.[0];
      if (answer.errors || !resolved || resolved.id !== (row.followerId ?? row.id)(ids))
        problems.push(`not resolved: ${describeAnswer(entity, 'follower', answer)}`);
      else if (row.censored) {
        const shown = Object.fromEntries(Object.keys(row.censored).map((field) => [field, resolved[field]]));
        if (JSON.stringify(shown) !== JSON.stringify(row.censored)) problems.push(`not censored: ${describeAnswer(entity, 'follower', answer)}`);
      }
    }
    expect(problems).toEqual([]);
    // The secrets checked above were really there to hide.
    expect(FOLLOWER_SECRETS).toEqual(expect.arrayContaining([TARGET_NAME, TARGET_TAG, ACCOUNT]));
  });
});
