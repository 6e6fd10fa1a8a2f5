import { z } from 'zod/v4';
import { id, organizationParams } from '../schemas';
import { found, route } from '../table';

const WEBHOOK_FIELDS = `id organizationId url eventNames enabled secret consecutiveFailures failingSince disabledReason lastDeliveryAt createdAt updatedAt`;
const DELIVERY_FIELDS = `eventId eventName attempt status responseCode latencyMs error createdAt`;

const webhookParams = z.object({ organizationId: id, webhookId: id });
const eventNames = z.array(z.string()).nullish();

/** Webhooks (ADMIN): registration, secret rotation, the delivery log. Delivery: workers/webhook-deliver.ts. */
export const webhookRoutes = [
  route({
    method: 'GET',
    path: '/organizations/:organizationId/webhooks',
    tag: 'webhooks',
    summary: "The organization's webhooks, secrets never included (ADMIN)",
    params: organizationParams,
    operation: `query($organizationId: ID!) { webhooks(organizationId: $organizationId) { ${WEBHOOK_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => data.webhooks,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/webhooks',
    tag: 'webhooks',
    summary:
      'Register a webhook (ADMIN). Body {url, eventNames?, enabled?}: an absolute http(s) URL whose host resolves to a public address, event names (null or absent: all). The answer carries `secret` (whsec_…), shown this once',
    params: organizationParams,
    body: z.object({ url: z.string(), eventNames, enabled: z.boolean().nullish() }),
    operation: `mutation($organizationId: ID!, $input: CreateWebhookInput!) { createWebhook(organizationId: $organizationId, input: $input) { ${WEBHOOK_FIELDS} } }`,
    variables: ({ params, body }) => ({
      organizationId: params.organizationId,
      input: { url: body.url, eventNames: body.eventNames ?? null, enabled: body.enabled ?? null },
    }),
    result: (data) => data.createWebhook,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/webhooks/:webhookId',
    tag: 'webhooks',
    summary: 'One webhook (ADMIN)',
    params: webhookParams,
    operation: `query($organizationId: ID!, $id: ID!) { webhook(organizationId: $organizationId, id: $id) { ${WEBHOOK_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.webhookId }),
    result: (data) => found(data.webhook, 'Webhook'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/webhooks/:webhookId',
    tag: 'webhooks',
    summary: 'Update url, eventNames (null: all) or enabled (ADMIN); an absent field is unchanged. Enabling resumes delivery where it stopped',
    params: webhookParams,
    body: z.object({ url: z.string().nullish(), eventNames: z.array(z.string()).nullable().optional(), enabled: z.boolean().nullish() }),
    operation: `mutation($organizationId: ID!, $id: ID!, $input: UpdateWebhookInput!) { updateWebhook(organizationId: $organizationId, id: $id, input: $input) { ${WEBHOOK_FIELDS} } }`,
    variables: ({ params, body }) => ({
      organizationId: params.organizationId,
      id: params.webhookId,
      input: { url: body.url ?? null, enabled: body.enabled ?? null, ...(body.eventNames !== undefined ? { eventNames: body.eventNames } : {}) },
    }),
    result: (data) => data.updateWebhook,
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/webhooks/:webhookId',
    tag: 'webhooks',
    summary: 'Delete a webhook and its delivery log (ADMIN)',
    params: webhookParams,
    operation: `mutation($organizationId: ID!, $id: ID!) { deleteWebhook(organizationId: $organizationId, id: $id) }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.webhookId }),
    result: (data) => data.deleteWebhook,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/webhooks/:webhookId/secret',
    tag: 'webhooks',
    summary: 'Rotate the signing secret (ADMIN); the answer carries the new `secret`, shown this once',
    params: webhookParams,
    operation: `mutation($organizationId: ID!, $id: ID!) { rotateWebhookSecret(organizationId: $organizationId, id: $id) { ${WEBHOOK_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.webhookId }),
    result: (data) => data.rotateWebhookSecret,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/webhooks/:webhookId/deliveries',
    tag: 'webhooks',
    summary: 'The delivery log, newest attempt first (cursor-paged; ADMIN)',
    params: webhookParams,
    query: z.object({ cursor: z.string().optional(), size: z.coerce.number().int().min(1).max(1000).optional() }),
    operation: `query($organizationId: ID!, $webhookId: ID!, $cursor: String, $size: Int) {
      webhookDeliveries(organizationId: $organizationId, webhookId: $webhookId, cursor: $cursor, size: $size) { data { ${DELIVERY_FIELDS} } cursor } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, webhookId: params.webhookId, ...query }),
    result: (data) => data.webhookDeliveries,
  }),
];
