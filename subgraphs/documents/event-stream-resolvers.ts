import type { EventLogRow } from '../../lib/event-log';
import type { StreamArgs } from '../../lib/subscriptions/streams';
import { enumName } from '../../lib/vocabulary';
import type { SubgraphContext } from '../server';
import { messageOrEnd, subscribeStream } from '../subscriptions';

/**
 * eventAppended served to a router that passes it through (subgraphs/subscriptions.ts): the
 * organization's log and a follower's derived, censored entries, as Query.events reads them
 * (lib/subscriptions/streams.ts), each message an EventMessage with its resume cursor.
 */
interface EventMessage {
  cursor: string;
  event: EventLogRow;
}

export const eventStreamResolvers = {
  Subscription: {
    eventAppended: {
      // The subgraph receives EventName values as the log spells them (`AlertUpdated`); the stream compares enum names.
      subscribe: (_: unknown, args: StreamArgs, ctx: SubgraphContext) =>
        subscribeStream(ctx, 'eventAppended', { ...args, names: args.names?.map(enumName) }, (row, cursor): EventMessage => ({ cursor, event: row })),
      resolve: messageOrEnd<EventMessage>,
    },
  },
};
