import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { Supergraph } from '@apollo/federation-internals';
import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { composeSupergraph } from '../../schema/compose';
import { type AuthorizationFixture, buildAuthorizationFixture } from '../support/authorization-fixture';
import { until } from '../support/redis-server';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * Every list of the public graph through Apollo Client's default normalised cache (`new InMemoryCache()`,
 * no type policies): each list read page by page (`first: 2`, then `after: endCursor`) into ONE cache
 * per caller, all lists after each other, then every page read again from that cache must equal a
 * fresh uncached answer. Objects of two lists (or two views) sharing `__typename:id` with different
 * values would show here. The lists are found in the schema (every Query field answering a
 * connection or a list), their selections made from their types, so a new list is covered without
 * listing it; a required argument the fixture cannot fill fails the test by name.
 */
const api: GraphQLSchema = Supergraph.build(composeSupergraph()).apiSchema().toGraphQLJSSchema();

let t: TestVigil;
let fx: AuthorizationFixture;
let webhookId: string;
let documentId: string;
let receiver: http.Server;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_WORKERS: 'all', VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', VIGIL_WEBHOOK_POLL_MS: '50' });
  fx = await buildAuthorizationFixture(t);
  const { a, ids } = fx;
  // A receiver that takes every delivery: the log fills and then stays as it is while the lists are read.
  receiver = http.createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const webhook = await t.rest('POST', `/organizations/${ids.A}/webhooks`, {
    key: a.apiKey,
    body: { url: `http://127.0.0.1:${port}/cache-lists` },
  });
  expect(webhook.status).toBe(200);
  webhookId = webhook.body.id;
  const document = await t.rest('POST', `/organizations/${ids.A}/documents`, { key: a.apiKey, body: { type: 'ALERT', params: {} } });
  expect(document.status).toBe(200);
  documentId = document.body.id;
  // Something in the lists the authorization fixture leaves empty: an invite for F's admin (myInvites),
  // a credential for A's ORACLE group (its root compartment: scanTargetGroupCompartments).
  const invite = await t.rest('POST', `/organizations/${ids.A}/invites`, { key: a.apiKey, body: { email: 'admin-f@follower.test', roles: ['ADMIN'] } });
  expect(invite.status).toBe(200);
  // Two more events for the webhook's delivery log to hold more than one page of two.
  for (const email of ['first@cache-lists.test', 'second@cache-lists.test'])
    expect((await t.rest('POST', `/organizations/${ids.A}/invites`, { key: a.apiKey, body: { email, roles: ['ADMIN'] } })).status).toBe(200);
  const credential = await t.rest('POST', `/organizations/${ids.A}/scantargetgroups/${ids.groupId}`, {
    key: a.apiKey,
    body: {
      credential: {
        region: 'sa-saopaulo-1',
        tenancy_id: 'ocid1.tenancy.oc1..aaaaaaaacachelists',
        user_id: 'ocid1.user.oc1..aaaaaaaacachelists',
        key_fingerprint: 'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99',
      },
    },
  });
  expect(credential.status).toBe(200);
  // The webhook's delivery log: the events above delivered, and no more coming (the same count twice).
  let delivered = -1;
  await until('webhook deliveries done', async () => {
    const log = await t.rest('GET', `/organizations/${ids.A}/webhooks/${webhookId}/deliveries?size=100`, { key: a.apiKey });
    const count = log.body.data?.length ?? 0;
    const settled = count >= 3 && count === delivered;
    delivered = count;
    if (!settled) await new Promise((r) => setTimeout(r, 300));
    return settled;
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  receiver?.close();
});

/** The value of a required argument, by its name (the fixture's objects of organization A or its follower F). */
function argumentValue(field: string, arg: string): unknown {
  const { ids } = fx;
  const following = field.startsWith('following');
  if (field === 'followingRequests' && arg === 'organizationId') return ids.X;
  // `nodes(ids:)`: A's objects of each `Node` type, refetched by id (test/subgraphs/organizations/node.test.ts covers who sees which).
  if (field === 'nodes' && arg === 'ids') return [ids.A, ids.alertId, ids.scanTargetId, ids.questionnaireId];
  const values: Record<string, unknown> = {
    organizationId: following ? ids.F : ids.A,
    alertId: ids.alertId,
    scanTargetId: ids.scanTargetId,
    scanTargetGroupId: ids.groupId,
    groupId: ids.groupId,
    scanId: ids.scanId,
    questionnaireId: ids.questionnaireId,
    assessmentId: ids.assessmentId,
    questionId: ids.questionId,
    attachmentId: ids.attachmentId,
    webhookId,
    documentId,
    userId: ids.mUserId,
    token: ids.inviteToken,
  };
  if (arg === 'id') {
    // `id` names the object the field's name starts with (scanTargetGroupCompartments(id) → the group).
    const owner = ['scanTargetGroup', 'scanTarget', 'alert', 'questionnaire', 'assessment', 'webhook', 'document', 'attachment', 'scan'].find((o) =>
      field.startsWith(o),
    );
    const key = owner === 'scanTargetGroup' ? 'groupId' : `${owner}Id`;
    return owner ? values[key] : undefined;
  }
  return values[arg];
}

/** Who reads a list: F's admin for lists through a follow and its own invites, X's for the follow A asked of it, else A's admin. */
const callerOf = (field: string): Account => (field === 'followingRequests' ? fx.x : field.startsWith('following') || field === 'myInvites' ? fx.f : fx.a);

/** A selection of a type's leaf fields (and `{ id }` of objects that have one), without required arguments. */
function leafSelection(type: GraphQLNamedType, depth = 0): string {
  if (!isObjectType(type)) return '';
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) parts.push(field.name);
    else if (isObjectType(named) && depth < 1) {
      const inner = 'id' in named.getFields() ? 'id' : leafSelection(named, depth + 1);
      if (inner) parts.push(`${field.name} { ${inner} }`);
    }
  }
  return parts.join(' ');
}

interface ListField {
  name: string;
  connection: boolean;
  query: string;
  variables: Record<string, unknown>;
}

function listFields(): { lists: ListField[]; unfilled: string[] } {
  const lists: ListField[] = [];
  const unfilled: string[] = [];
  for (const field of Object.values(api.getQueryType()?.getFields() ?? {}) as GraphQLField<unknown, unknown>[]) {
    const returned = isNonNullType(field.type) ? field.type.ofType : field.type;
    const named = getNamedType(field.type);
    const connection = isObjectType(named) && named.name.endsWith('Connection');
    if (!connection && !isListType(returned)) continue;
    const variables: Record<string, unknown> = {};
    const definitions: string[] = [];
    const args: string[] = [];
    for (const arg of field.args) {
      const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
      const name = arg.name;
      if (connection && name === 'first') variables.first = 2;
      else if (required) {
        const value = argumentValue(field.name, name);
        if (value === undefined) unfilled.push(`${field.name}(${name})`);
        variables[name] = value;
      } else continue;
      definitions.push(`$${name}: ${arg.type.toString()}`);
      args.push(`${name}: $${name}`);
    }
    if (connection) {
      definitions.push('$after: String');
      args.push('after: $after');
    }
    const node = connection && isObjectType(named) ? getNamedType(named.getFields().nodes.type) : named;
    const leaves = isObjectType(node) ? leafSelection(node) : isInterfaceType(node) ? 'id' : '';
    const selection = connection
      ? `{ edges { cursor node { ${leaves} } } nodes { ${leaves} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }`
      : isScalarType(node) || isEnumType(node)
        ? ''
        : `{ ${leaves} }`;
    const head = definitions.length ? `(${definitions.join(', ')})` : '';
    const call = args.length ? `(${args.join(', ')})` : '';
    lists.push({ name: field.name, connection, query: `query List${head} { ${field.name}${call} ${selection} }`, variables });
  }
  return { lists, unfilled };
}

function client(account: Account, cache: InMemoryCache) {
  return new ApolloClient({ link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${account.apiKey}` } }), cache });
}

describe('every list of the public graph through Apollo Client InMemoryCache', () => {
  it('reads the same from the cache as from a fresh query, page by page, all lists in one cache', async () => {
    const { lists, unfilled } = listFields();
    expect(unfilled).toEqual([]);
    expect(lists.length).toBeGreaterThan(10);
    const caches = new Map<Account, InMemoryCache>();
    const read: Array<{ list: ListField; caller: Account; variables: Record<string, unknown> }> = [];
    const empty: string[] = [];
    // First pass: every list, every page, through the caller's one cache.
    for (const list of lists) {
      const caller = callerOf(list.name);
      if (!caches.has(caller)) caches.set(caller, new InMemoryCache());
      const cached = client(caller, caches.get(caller) as InMemoryCache);
      let after: string | null = null;
      let pages = 0;
      do {
        const variables: Record<string, unknown> = list.connection ? { ...list.variables, after } : list.variables;
        const { data, error }: { data?: unknown; error?: { message: string } } = await cached.query({
          query: gql(list.query),
          variables,
          fetchPolicy: 'network-only',
        });
        expect([list.name, error?.message]).toEqual([list.name, undefined]);
        const answer: any = (data as Record<string, any>)[list.name];
        if (pages === 0 && (list.connection ? answer.nodes.length === 0 : Array.isArray(answer) && answer.length === 0)) empty.push(list.name);
        read.push({ list, caller, variables });
        after = list.connection && answer.pageInfo.hasNextPage ? answer.pageInfo.endCursor : null;
        pages++;
      } while (after && pages < 10);
    }
    // Second pass: every page again, from the cache (cache-only: nothing may be missing), against a fresh read.
    const mismatches: string[] = [];
    for (const { list, caller, variables } of read) {
      const fromCache = await client(caller, caches.get(caller) as InMemoryCache).query({ query: gql(list.query), variables, fetchPolicy: 'cache-only' });
      const fresh = await client(caller, new InMemoryCache()).query({ query: gql(list.query), variables, fetchPolicy: 'no-cache' });
      if (!isDeepStrictEqual(fromCache.data, fresh.data)) mismatches.push(`${list.name} ${JSON.stringify(variables)}`);
    }
    expect(mismatches).toEqual([]);
    // Every list had something to show (a list read empty proves nothing about its identities).
    expect(empty).toEqual([]);
  }, 240_000);
});
