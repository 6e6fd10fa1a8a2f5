import { VigilError } from '../../../lib/errors';
import type { EventLogRow } from '../../../lib/event-log';
import type { StreamArgs } from '../../../lib/subscriptions/streams';
import type { Lang } from '../../../lib/vocabulary';
import { enumName } from '../../../lib/vocabulary';
import type { SubgraphContext } from '../../server';
import { messageOrEnd, subscribeStream } from '../../subscriptions';
import type { AlertsLoaders } from '../loaders';
import { visibleAlert } from './alerts-resolvers';

type Ctx = SubgraphContext<AlertsLoaders>;

/**
 * alertChanged and followingAlertChanged served to a router that passes them through
 * (subgraphs/subscriptions.ts): the streams of lib/subscriptions/ (filters, a follower's entries
 * derived and censored, cursors, re-check), each message an AlertChange whose `alert` this subgraph
 * reads as Query.alert answers it — censored for a follower, null once the caller may no longer see
 * it — and whose entity references (organization) the router resolves in their subgraphs.
 */
interface AlertChangeMessage {
  cursor: string;
  seq: string;
  event: string;
  alertId: string;
  organizationId: string | null;
}

const alertChange = (row: EventLogRow, cursor: string): AlertChangeMessage => ({
  cursor,
  seq: row.seq,
  // AlertChangeEvent spells the log's `AlertUpdated` as `ALERT_UPDATED`.
  event: enumName(row.name),
  alertId: String(row.data.id).toLowerCase(),
  organizationId: (row.data.organizationId as string | undefined) ?? null,
});

export const alertChangeResolvers = {
  Subscription: {
    alertChanged: {
      subscribe: (_: unknown, args: StreamArgs, ctx: Ctx) => subscribeStream(ctx, 'alertChanged', args, alertChange),
      resolve: messageOrEnd<AlertChangeMessage>,
    },
    followingAlertChanged: {
      subscribe: (_: unknown, args: StreamArgs, ctx: Ctx) => subscribeStream(ctx, 'followingAlertChanged', args, alertChange),
      resolve: messageOrEnd<AlertChangeMessage>,
    },
  },
  AlertChange: {
    alert: async (change: AlertChangeMessage, args: { lang?: Lang | null }, ctx: Ctx) => {
      try {
        return await visibleAlert(ctx, change.alertId, args.lang as Lang, change.organizationId);
      } catch (error) {
        if (error instanceof VigilError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  },
};
