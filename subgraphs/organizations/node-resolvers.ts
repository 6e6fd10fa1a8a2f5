import type pg from 'pg';
import { badRequest } from '../../lib/errors';
import type { SubgraphContext } from '../server';
import type { OrganizationsLoaders } from './loaders';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext<OrganizationsLoaders>;
type NodeType = 'Organization' | 'Alert' | 'ScanTarget' | 'Questionnaire' | 'Webhook';
interface NodeRef {
  __typename: Exclude<NodeType, 'Organization'>;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A follower's censored copy of an alert has this id (the alerts subgraph's Alert.id); a member's, the plain UUID. */
const FOLLOWED = 'followed:';
const MAX_IDS = 100;

/** A node id is a UUID or a follower's `followed:<uuid>`; anything else is the caller's mistake (400), as for every `ID` argument. */
export function nodeId(value: unknown, field: string): string {
  const uuid = typeof value === 'string' && value.startsWith(FOLLOWED) ? value.slice(FOLLOWED.length) : value;
  if (typeof value !== 'string' || typeof uuid !== 'string' || !UUID.test(uuid)) throw badRequest(`${field} must be a UUID or followed:<UUID>`, field);
  return value;
}

export function nodeIds(values: unknown, field: string): string[] {
  if (!Array.isArray(values)) throw badRequest(`${field} must be a list of ids`, field);
  if (values.length > MAX_IDS) throw badRequest(`${field} must hold at most ${MAX_IDS} ids`, field);
  return values.map((value) => nodeId(value, field));
}

/**
 * Which type each live id belongs to and the organization that owns it: one statement for a whole
 * `nodes` list, through the read contracts the owners declare (subgraphs/read-contracts.ts), with their
 * "live" rules (an alert of a deleted scan target is gone, as in findAlertsByIds). UUIDs are unique across these tables.
 */
async function ownersOf(pool: pg.Pool, ids: string[]): Promise<Map<string, { type: NodeType; organizationId: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; type: NodeType; organizationId: string }>(
    `SELECT o.id::text, 'Organization' AS type, o.id::text AS "organizationId" FROM organizations.organizations o
       WHERE o.id = ANY($1::uuid[]) AND o."deletedAt" IS NULL
     UNION ALL
     SELECT q.id::text, q.type, q."organizationId"::text FROM questionnaires.live_node_owners q WHERE q.id = ANY($1::uuid[])
     UNION ALL
     SELECT a.id::text, a.type, a."organizationId"::text FROM alerts.live_node_owners a WHERE a.id = ANY($1::uuid[])
     UNION ALL
     SELECT w.id::text, w.type, w."organizationId"::text FROM documents.live_node_owners w WHERE w.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { type: r.type, organizationId: r.organizationId }]));
}

/**
 * The references `node`/`nodes` answer: the owning subgraph resolves each one's fields by key (and
 * censors a follower's copy there, as in its lists). Visibility is decided here, so a stranger's or an
 * absent id is a plain null and never an entity the owner refuses: an organization and a `followed:`
 * alert to its members and followers; a plain alert id, a scan target, a questionnaire to members only
 * (the id a node answers must be the id asked for, and a follower's alert copy has the `followed:` id); a
 * webhook to its ADMINs only, as `webhook(organizationId:, id:)`.
 */
async function resolveNodes(ids: readonly string[], ctx: Ctx): Promise<Array<object | null>> {
  const parsed = ids.map((id) => {
    const followed = typeof id === 'string' && id.startsWith(FOLLOWED);
    const uuid = followed ? id.slice(FOLLOWED.length) : id;
    return typeof uuid === 'string' && UUID.test(uuid) ? { id, uuid: uuid.toLowerCase(), followed } : null;
  });
  const owners = await ownersOf(ctx.db.pool, [...new Set(parsed.flatMap((p) => (p ? [p.uuid] : [])))]);
  return Promise.all(
    parsed.map(async (p): Promise<object | null> => {
      const owner = p && owners.get(p.uuid);
      if (!p || !owner) return null;
      if (p.followed && owner.type !== 'Alert') return null;
      const view = await ctx.policy.viewOf(owner.organizationId);
      if (!view) return null;
      const visible = owner.type === 'Organization' || (owner.type === 'Alert' && p.followed) || view === 'member';
      if (!visible) return null;
      if (owner.type === 'Webhook' && !(await ctx.policy.isAdmin(owner.organizationId))) return null;
      // This subgraph owns Organization: its fields come from the row here, not from a reference.
      if (owner.type === 'Organization') {
        const row = await ctx.loaders.organization.load(p.uuid);
        return row ? { ...row, __typename: 'Organization' } : null;
      }
      const ref: NodeRef = { __typename: owner.type, id: p.followed ? `${FOLLOWED}${p.uuid}` : p.uuid };
      return ref;
    }),
  );
}

/** Relay's object identification over the types a client refetches (node.graphql). */
export const nodeResolvers = {
  Query: {
    node: async (_, args, ctx) => (await resolveNodes([args.id], ctx))[0] as never,
    // The ids' formats and count are checked before (permissions.ts: nodeId, nodeIds).
    nodes: async (_, args, ctx) => (await resolveNodes(args.ids, ctx)) as never,
  },
  Node: {
    __resolveType: (ref: { __typename?: string }) => (ref.__typename ?? null) as never,
  },
} satisfies Resolvers<Ctx>;
