import { type CursorCodec, cursorCodec } from '../../lib/cursors';
import { badRequest } from '../../lib/errors';
import { readEventLog } from '../../lib/event-log';
import { EVENT_NAMES } from '../../lib/events';
import * as valid from '../../lib/validate';
import { pageSize } from '../../lib/vocabulary';
import type { SubgraphContext } from '../server';

type Ctx = SubgraphContext;

/**
 * Event cursors hold the log's sequence number (global: it would tell how busy the whole instance
 * is), sealed for the organization whose log was read (lib/cursors.ts).
 */
const eventCursors = (ctx: Ctx, organizationId: string): CursorCodec => cursorCodec(ctx.services.secret, ['events', organizationId]);

function readSeq(cursors: CursorCodec, cursor: string): string {
  const [kind, seq] = cursors.open(cursor);
  if (kind !== 'e' || typeof seq !== 'string') throw badRequest('cursor is not an event log cursor', 'cursor');
  return valid.sequenceNumber(seq, 'cursor', 'cursor is not an event log cursor');
}

/** The event log API: the names of events, and an organization's log read in pages. */
export const eventResolvers = {
  Query: {
    eventNames: (_: unknown, __: unknown, ctx: Ctx) => {
      ctx.policy.userId;
      return EVENT_NAMES;
    },
    events: async (
      _: unknown,
      args: { organizationId: string; start?: Date | null; end?: Date | null; name?: string | null; cursor?: string | null; size?: number | null },
      ctx: Ctx,
    ) => {
      const organizationId = valid.uuid(args.organizationId, 'organizationId');
      await ctx.policy.requireMember(organizationId);
      const size = pageSize(args.size);
      const cursors = eventCursors(ctx, organizationId);
      const rows = await readEventLog(ctx.db.pool, {
        organizationId,
        name: args.name,
        start: args.start,
        end: args.end,
        afterSeq: args.cursor ? readSeq(cursors, args.cursor) : null,
        limit: size + 1,
      });
      const page = rows.slice(0, size);
      const last = page[page.length - 1];
      return {
        data: page,
        cursor: rows.length > size && last ? cursors.seal(['e', last.seq]) : null,
      };
    },
  },
};
