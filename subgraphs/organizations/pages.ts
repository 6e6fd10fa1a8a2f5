import { cursorCodec } from '../../lib/cursors';
import { badRequest } from '../../lib/errors';
import { type Connection, connection, firstOf } from '../connections';

/**
 * The one page shape of this subgraph's lists (organizations, API keys, invites, members, follow
 * relations and requests): every list is ordered by creation time, then by a key unique within it
 * (a user id, an email, an organization id), so a page is a keyset window after the last row a
 * client saw. Cursors are sealed (lib/cursors.ts) and bound to the list and whose list it is.
 */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

/** Where a row stands in its list. */
export interface Position {
  createdAt: Date;
  key: string;
}

/** What `read` is asked for: at most `take` rows (all when absent) after `after` (from the start when absent). */
export interface Window {
  take?: number;
  after?: Position;
}

function opened(parts: unknown[]): Position {
  const [createdAt, key] = parts;
  const at = typeof createdAt === 'string' ? new Date(createdAt) : null;
  if (!at || Number.isNaN(at.getTime()) || typeof key !== 'string') throw badRequest('after is not a cursor this list returned', 'after');
  return { createdAt: at, key };
}

/** One page of the list `scope` names (e.g. `['members', organizationId]`): rows read by `read`, in (createdAt, key) order (`positionOf`). */
export async function createdOrderPage<T>(
  secret: string,
  scope: readonly string[],
  args: PageArgs,
  read: (window: Window) => Promise<T[]>,
  positionOf: (row: T) => Position,
): Promise<Connection<T>> {
  const codec = cursorCodec(secret, scope);
  const cursorOf = (row: T) => {
    const position = positionOf(row);
    return codec.seal([position.createdAt.toISOString(), position.key]);
  };
  const first = firstOf(args.first);
  const after = args.after ? opened(codec.open(args.after, 'after')) : undefined;
  return connection(await read({ take: first + 1, after }), first, args.after, cursorOf);
}

/** The Prisma filter of the rows after `after` in (createdAt, `keyField`) order; none from the start. */
export function after(keyField: string, position: Position | undefined): object {
  if (!position) return {};
  return { OR: [{ createdAt: { gt: position.createdAt } }, { createdAt: position.createdAt, [keyField]: { gt: position.key } }] };
}
