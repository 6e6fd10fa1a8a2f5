import { z } from 'zod/v4';
import { domainValue, MAX_PAGE_SIZE } from '../../../lib/vocabulary';
import { organizationParams } from '../schemas';
import { type Page, restCursor, route } from '../table';

const dateTime = z.string().min(1);

export const eventRoutes = [
  route({
    method: 'GET',
    path: '/events/names',
    tag: 'events',
    summary: 'Event names per entity',
    operation: `query { eventNames { entity names } }`,
    variables: () => ({}),
    result: (data) =>
      Object.fromEntries(
        (data.eventNames as Array<{ entity: string; names: string[] }>).map((group) => [
          domainValue('EventEntity', group.entity),
          group.names.map((name) => domainValue('EventName', name)),
        ]),
      ),
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
    // `name` is any text here (an unknown name matches nothing), so it goes to the REST graph's `nameText`.
    operation: `query($organizationId: ID!, $start: DateTime, $end: DateTime, $name: String, $cursor: String, $size: Int) {
      events(organizationId: $organizationId, start: $start, end: $end, nameText: $name, after: $cursor, first: $size) {
        nodes { id name source version data metadata createdAt } pageInfo { hasNextPage endCursor } } }`,
    variables: ({ params, query }) => ({ organizationId: params.organizationId, ...query }),
    result: (data) => {
      const events = data.events as Page<{ name: string }>;
      return { data: events.nodes.map((event) => ({ ...event, name: domainValue('EventName', event.name) })), cursor: restCursor(events) };
    },
  }),
];
