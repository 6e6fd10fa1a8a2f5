import { cursorCodec } from '../../lib/cursors';
import { badRequest } from '../../lib/errors';
import * as valid from '../../lib/validate';
import { connection, firstOf } from '../connections';
import type { SubgraphContext } from '../server';
import type { Resolvers } from './resolver-types.generated';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  getWebhook,
  listWebhooks,
  publicWebhook,
  readDeliveries,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookPosition,
  type WebhookRow,
} from './webhooks';

type Ctx = SubgraphContext;

/** Webhooks and their delivery logs: ADMINs only (permissions.ts), as URLs and logs say where the organization's data goes. */

const allowHosts = (ctx: Ctx) => ctx.services.webhooks?.allowHosts ?? [];
/** Only the create and rotate answers carry the secret. */
const withoutSecret = <Row extends WebhookRow>(row: Row) => ({ ...publicWebhook(row), secret: null });
const withSecret = (row: WebhookRow) => ({ ...publicWebhook(row), secret: row.secret });

/** A list's cursor is the row's place in its order (creation time as PostgreSQL spells it, id), sealed for the organization. */
const webhookCursors = (ctx: Ctx, organizationId: string) => cursorCodec(ctx.services.secret, ['webhooks', organizationId]);
const deliveryCursors = (ctx: Ctx, webhookId: string) => cursorCodec(ctx.services.secret, ['webhookDeliveries', webhookId]);

function openWebhookCursor(ctx: Ctx, organizationId: string, after: string): WebhookPosition {
  const [kind, createdAt, id] = webhookCursors(ctx, organizationId).open(after);
  if (kind !== 'w' || typeof createdAt !== 'string' || typeof id !== 'string') throw badRequest('cursor is not a webhook list cursor', 'cursor');
  return { createdAt, id };
}

function openDeliveryCursor(ctx: Ctx, webhookId: string, after: string): string {
  const [kind, seq] = deliveryCursors(ctx, webhookId).open(after);
  if (kind !== 'd' || typeof seq !== 'string') throw badRequest('cursor is not a delivery log cursor', 'cursor');
  return valid.sequenceNumber(seq, 'cursor', 'cursor is not a delivery log cursor');
}

export const webhookResolvers = {
  Query: {
    webhooks: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const after = args.after ? openWebhookCursor(ctx, args.organizationId, args.after) : null;
      const rows = await listWebhooks(ctx.db.pool, args.organizationId, { after, limit: first + 1 });
      const cursors = webhookCursors(ctx, args.organizationId);
      return connection(rows.map(withoutSecret), first, args.after, (row) => cursors.seal(['w', row.createdAtKey, row.id]));
    },
    webhook: async (_, args, ctx) => withoutSecret(await getWebhook(ctx.db.pool, args.organizationId, args.id)),
    webhookDeliveries: async (_, args, ctx) => {
      const webhook = await getWebhook(ctx.db.pool, args.organizationId, args.webhookId);
      const first = firstOf(args.first);
      const before = args.after ? openDeliveryCursor(ctx, webhook.id, args.after) : null;
      const rows = await readDeliveries(ctx.db.pool, webhook.id, before, first + 1);
      const cursors = deliveryCursors(ctx, webhook.id);
      return connection(rows, first, args.after, (row) => cursors.seal(['d', row.seq]));
    },
  },
  Mutation: {
    createWebhook: async (_, { input: { organizationId, ...changes } }, ctx) => ({
      webhook: withSecret(await createWebhook(ctx.db.pool, ctx.services.secret, allowHosts(ctx), organizationId, ctx.policy.userId, changes)),
    }),
    updateWebhook: async (_, { input: { organizationId, id, ...changes } }, ctx) => ({
      webhook: withoutSecret(await updateWebhook(ctx.db.pool, allowHosts(ctx), organizationId, id, ctx.policy.userId, changes)),
    }),
    rotateWebhookSecret: async (_, { input }, ctx) => ({
      webhook: withSecret(await rotateWebhookSecret(ctx.db.pool, ctx.services.secret, input.organizationId, input.id, ctx.policy.userId)),
    }),
    deleteWebhook: async (_, { input }, ctx) => {
      await deleteWebhook(ctx.db.pool, input.organizationId, input.id, ctx.policy.userId);
      return { deletedId: input.id };
    },
  },
  Webhook: {
    // A reference from node(id:) (the organizations subgraph): the same rule as webhook(organizationId:, id:),
    // its organization's ADMINs; anyone else's is null, like a missing one.
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await findWebhook(ctx.db.pool, valid.uuid(ref.id, 'id'));
      return row && (await ctx.policy.isAdmin(row.organizationId)) ? withoutSecret(row) : null;
    },
  },
  WebhookDelivery: {
    id: (delivery: { seq: string }) => delivery.seq,
  },
} satisfies Resolvers<Ctx>;
