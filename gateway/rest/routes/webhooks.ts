import { z } from 'zod/v4';
import { checkEventNames } from '../../../lib/events';
import { domainValue, enumName } from '../../../lib/vocabulary';
import { id, organizationParams } from '../schemas';
import { found, nodesOf, type Page, restCursor, route } from '../table';

const WEBHOOK_FIELDS = `id organizationId url eventNames enabled secret consecutiveFailures failingSince disabledReason lastDeliveryAt createdAt updatedAt`;
const DELIVERY_FIELDS = `eventId eventName attempt status responseCode latencyMs error createdAt`;

const webhookParams = z.object({ organizationId: id, webhookId: id });
const eventNames = z.array(z.string()).nullish();

/** A webhook as REST answers it: event names spelled as the log spells them (`AlertUpdated`). */
function restWebhook(webhook: unknown) {
  const hook = webhook as { eventNames: string[] | null };
  return { ...hook, eventNames: hook.eventNames?.map((name) => domainValue('EventName', name)) ?? null };
}

/** Event names as REST takes them (any text) checked as before, then spelled as the GraphQL enum. */
const eventNamesInput = (names: string[] | null | undefined) => checkEventNames(names)?.map(enumName) ?? null;

/** Webhooks (ADMIN): registration, secret rotation, the delivery log. Delivery: workers/webhook-deliver.ts. */
export const webhookRoutes = [
  route({
    method: 'GET',
    path: '/organizations/:organizationId/webhooks',
    tag: 'webhooks',
    summary: "The organization's webhooks, secrets never included (ADMIN)",
    params: organizationParams,
    operation: `query($organizationId: ID!, $first: Int, $after: String) {
      webhooks(organizationId: $organizationId, first: $first, after: $after) { nodes { ${WEBHOOK_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['webhooks'],
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.webhooks).map(restWebhook),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/webhooks',
    tag: 'webhooks',
    summary:
      'Register a webhook (ADMIN). Body {url, eventNames?, enabled?}: an absolute http(s) URL whose host resolves to a public address, event names (null or absent: all). The answer carries `secret` (whsec_…), shown this once',
    params: organizationParams,
    body: z.object({ url: z.string(), eventNames, enabled: z.boolean().nullish() }),
    operation: `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { ${WEBHOOK_FIELDS} } } }`,
    variables: ({ params, body }) => ({
      input: { organizationId: params.organizationId, url: body.url, eventNames: eventNamesInput(body.eventNames), enabled: body.enabled ?? null },
    }),
    result: (data) => restWebhook((data.createWebhook as { webhook: unknown }).webhook),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/webhooks/:webhookId',
    tag: 'webhooks',
    summary: 'One webhook (ADMIN)',
    params: webhookParams,
    operation: `query($organizationId: ID!, $id: ID!) { webhook(organizationId: $organizationId, id: $id) { ${WEBHOOK_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.webhookId }),
    result: (data) => restWebhook(found(data.webhook, 'Webhook')),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/webhooks/:webhookId',
    tag: 'webhooks',
    summary: 'Update url, eventNames (null: all) or enabled (ADMIN); an absent field is unchanged. Enabling resumes delivery where it stopped',
    params: webhookParams,
    body: z.object({ url: z.string().nullish(), eventNames: z.array(z.string()).nullable().optional(), enabled: z.boolean().nullish() }),
    operation: `mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhook { ${WEBHOOK_FIELDS} } } }`,
    variables: ({ params, body }) => ({
      input: {
        organizationId: params.organizationId,
        id: params.webhookId,
        url: body.url ?? null,
        enabled: body.enabled ?? null,
        ...(body.eventNames !== undefined ? { eventNames: eventNamesInput(body.eventNames) } : {}),
      },
    }),
    result: (data) => restWebhook((data.updateWebhook as { webhook: unknown }).webhook),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/webhooks/:webhookId',
    tag: 'webhooks',
    summary: 'Delete a webhook and its delivery log (ADMIN)',
    params: webhookParams,
    operation: `mutation($input: DeleteWebhookInput!) { deleteWebhook(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, id: params.webhookId } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/webhooks/:webhookId/secret',
    tag: 'webhooks',
    summary: 'Rotate the signing secret (ADMIN); the answer carries the new `secret`, shown this once',
    params: webhookParams,
    operation: `mutation($input: RotateWebhookSecretInput!) { rotateWebhookSecret(input: $input) { webhook { ${WEBHOOK_FIELDS} } } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, id: params.webhookId } }),
    result: (data) => restWebhook((data.rotateWebhookSecret as { webhook: unknown }).webhook),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/webhooks/:webhookId/deliveries',
    tag: 'webhooks',
    summary: 'The delivery log, newest attempt first (cursor-paged; ADMIN)',
    params: webhookParams,
    query: z.object({ cursor: z.string().optional(), size: z.coerce.number().int().min(1).max(1000).optional() }),
    operation: `query($organizationId: ID!, $webhookId: ID!, $cursor: String, $size: Int) {
      webhookDeliveries(organizationId: $organizationId, webhookId: $webhookId, after: $cursor, first: $size) {
        nodes { ${DELIVERY_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, webhookId: params.webhookId, ...query }),
    result: (data) => {
      const deliveries = data.webhookDeliveries as Page<{ eventName: string }>;
      return {
        data: deliveries.nodes.map((delivery) => ({ ...delivery, eventName: domainValue('EventName', delivery.eventName) })),
        cursor: restCursor(deliveries),
      };
    },
  }),
];
