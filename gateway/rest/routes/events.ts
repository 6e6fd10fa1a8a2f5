import { z } from 'zod/v4';
import { MAX_PAGE_SIZE } from '../../../lib/vocabulary';
import { organizationParams } from '../schemas';
import { route } from '../table';

const dateTime = z.string().min(1);

export const eventRoutes = [
  route({
    method: 'GET',
    path: '/events/names',
    tag: 'events',
    summary: 'Event names per entity',
    operation: `query { eventNames }`,
    variables: () => ({}),
    result: (data) => data.eventNames,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/events',
    tag: 'events',
    summary: "The organization's event log (cursor-paged)",
    params: organizationParams,
    query: z.object({
      start: dateTime.optional(),
      end: dateTime.optional(),
      name: z.string().optional(),
      cursor: z.string().optional(),
      size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    }),
    operation: `query($organizationId: ID!, $start: DateTime, $end: DateTime, $name: String, $cursor: String, $size: Int) {
      events(organizationId: $organizationId, start: $start, end: $end, name: $name, cursor: $cursor, size: $size) { data { id name source version data metadata createdAt } cursor } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, ...query }),
    result: (data) => data.events,
  }),
];
