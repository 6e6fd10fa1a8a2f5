import type { SubgraphContext } from '../server';
import { EVENT_NAMES } from '../../lib/events';
import { readEventLog } from '../../lib/event-log';
import { badRequest } from '../../lib/errors';
import * as valid from '../../lib/validate';

type Ctx = SubgraphContext;

export function pageSize(size: number | null | undefined, field = 'size'): number {
  if (size === undefined || size === null) return 25;
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw badRequest(`${field} must be an integer from 1 to 1000`, field);
  return size;
}

/** Event cursors are the log's sequence number, base64url-wrapped so clients treat them as opaque. */
function decodeSeq(cursor: string): string {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,19}$/.test(seq)) throw badRequest('cursor is not valid', 'cursor');
  return seq;
}

export const resolvers = {
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
      const rows = await readEventLog(ctx.db.pool, {
        organizationId,
        name: args.name,
        start: args.start,
        end: args.end,
        afterSeq: args.cursor ? decodeSeq(args.cursor) : null,
        limit: size + 1,
      });
      const page = rows.slice(0, size);
      const last = page[page.length - 1];
      return {
        data: page,
        cursor: rows.length > size && last ? Buffer.from(last.seq).toString('base64url') : null,
      };
    },
  },
};
