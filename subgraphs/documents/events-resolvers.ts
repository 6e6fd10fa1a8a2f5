import { type CursorCodec, cursorCodec } from '../../lib/cursors';
import { badRequest } from '../../lib/errors';
import { readEventLog } from '../../lib/event-log';
import { EVENT_NAMES } from '../../lib/events';
import { requireRetained } from '../../lib/retention';
import * as valid from '../../lib/validate';
import { connection, firstOf } from '../connections';
import type { SubgraphContext } from '../server';
import type { EventEntity, Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext;

/**
 * Event cursors hold the log's sequence number (global: it would tell how busy the whole instance
 * is), sealed for the organization whose log was read (lib/cursors.ts). A malformed one is reported
 * under `cursor`, the name the REST API gives it.
 */
const eventCursors = (ctx: Ctx, organizationId: string): CursorCodec => cursorCodec(ctx.services.secret, ['events', organizationId]);

function readSeq(cursors: CursorCodec, cursor: string): string {
  const [kind, seq] = cursors.open(cursor);
  if (kind !== 'e' || typeof seq !== 'string') throw badRequest('cursor is not an event log cursor', 'cursor');
  return valid.sequenceNumber(seq, 'cursor', 'cursor is not an event log cursor');
}

/** The event log API: the catalog of event names, and an organization's log read in pages (who may: permissions.ts). */
export const eventResolvers = {
  Query: {
    eventNames: () => Object.entries(EVENT_NAMES).map(([entity, names]) => ({ entity: entity as EventEntity, names: [...names] })),
    events: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const cursors = eventCursors(ctx, args.organizationId);
      const afterSeq = args.after ? readSeq(cursors, args.after) : null;
      const rows = await readEventLog(ctx.db.pool, {
        organizationId: args.organizationId,
        name: args.name ?? args.nameText,
        start: args.start,
        end: args.end,
        afterSeq,
        limit: first + 1,
      });
      // After the read: a cursor before what retention purged would continue with a gap (lib/retention.ts).
      await requireRetained(ctx.db.pool, afterSeq);
      return connection(rows, first, args.after, (row) => cursors.seal(['e', row.seq]));
    },
  },
} satisfies Resolvers<Ctx>;
