import { cursorCodec } from '../../lib/cursors';
import { badRequest } from '../../lib/errors';
import * as valid from '../../lib/validate';
import { pageSize } from '../../lib/vocabulary';
import type { SubgraphContext } from '../server';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  publicWebhook,
  readDeliveries,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookInput,
  type WebhookRow,
} from './webhooks';

type Ctx = SubgraphContext;
type Ids = { organizationId: string; id: string };

/** Every webhook operation is an ADMIN's: URLs and delivery logs say where the organization's data goes. */
async function adminOf(ctx: Ctx, organizationId: unknown): Promise<string> {
  const id = valid.uuid(organizationId, 'organizationId');
  await ctx.policy.requireAdmin(id);
  return id;
}

const allowHosts = (ctx: Ctx) => ctx.services.webhooks?.allowHosts ?? [];
/** Only the create and rotate answers carry the secret. */
const withoutSecret = (row: WebhookRow) => ({ ...publicWebhook(row), secret: null });
const withSecret = (row: WebhookRow) => ({ ...publicWebhook(row), secret: row.secret });

const deliveryCursors = (ctx: Ctx, webhookId: string) => cursorCodec(ctx.services.secret, ['webhookDeliveries', webhookId]);

export const webhookResolvers = {
  Query: {
    webhooks: async (_: unknown, args: { organizationId: string }, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      return (await listWebhooks(ctx.db.pool, organizationId)).map(withoutSecret);
    },
    webhook: async (_: unknown, args: Ids, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      return withoutSecret(await getWebhook(ctx.db.pool, organizationId, valid.uuid(args.id, 'id')));
    },
    webhookDeliveries: async (_: unknown, args: { organizationId: string; webhookId: string; cursor?: string | null; size?: number | null }, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      const webhook = await getWebhook(ctx.db.pool, organizationId, valid.uuid(args.webhookId, 'webhookId'));
      const size = pageSize(args.size);
      const cursors = deliveryCursors(ctx, webhook.id);
      let before: string | null = null;
      if (args.cursor) {
        const [kind, seq] = cursors.open(args.cursor);
        if (kind !== 'd' || typeof seq !== 'string') throw badRequest('cursor is not a delivery log cursor', 'cursor');
        before = valid.sequenceNumber(seq, 'cursor', 'cursor is not a delivery log cursor');
      }
      const rows = await readDeliveries(ctx.db.pool, webhook.id, before, size + 1);
      const page = rows.slice(0, size);
      const last = page[page.length - 1];
      return { data: page, cursor: rows.length > size && last ? cursors.seal(['d', last.seq]) : null };
    },
  },
  Mutation: {
    createWebhook: async (_: unknown, args: { organizationId: string; input: WebhookInput }, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      return withSecret(await createWebhook(ctx.db.pool, ctx.services.secret, allowHosts(ctx), organizationId, ctx.policy.userId, args.input));
    },
    updateWebhook: async (_: unknown, args: Ids & { input: WebhookInput }, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      return withoutSecret(await updateWebhook(ctx.db.pool, allowHosts(ctx), organizationId, valid.uuid(args.id, 'id'), ctx.policy.userId, args.input));
    },
    rotateWebhookSecret: async (_: unknown, args: Ids, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      return withSecret(await rotateWebhookSecret(ctx.db.pool, ctx.services.secret, organizationId, valid.uuid(args.id, 'id'), ctx.policy.userId));
    },
    deleteWebhook: async (_: unknown, args: Ids, ctx: Ctx) => {
      const organizationId = await adminOf(ctx, args.organizationId);
      await deleteWebhook(ctx.db.pool, organizationId, valid.uuid(args.id, 'id'), ctx.policy.userId);
      return true;
    },
  },
  WebhookDelivery: {
    id: (delivery: { seq: string }) => delivery.seq,
  },
};
