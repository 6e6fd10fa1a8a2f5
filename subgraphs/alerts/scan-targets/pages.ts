import { cursorCodec } from '../../../lib/cursors';
import { badRequest } from '../../../lib/errors';
import { type Connection, connection } from '../../connections';

/**
 * The keyset pages of scan targets, groups and scans: lists in (createdAt, id) order, oldest first
 * (scan targets, groups) or newest first (scans). A cursor seals a row's position
 * `[createdAt, id]` (lib/cursors.ts) under the list's scope — the list and the organization, group or
 * scan target it belongs to — so a cursor of another list does not open.
 */
export interface Position {
  createdAt: Date;
  id: string;
}

export interface Pages {
  /** The position `after` names, null for a first page; BAD_REQUEST naming `after` for a cursor this list did not return. */
  open(after: string | null | undefined): Position | null;
  /** The connection of one page read as `first + 1` rows after the position. */
  page<T extends Position>(rows: readonly T[], first: number, after: string | null | undefined): Connection<T>;
}

export function createdAtPages(secret: string, scope: readonly string[]): Pages {
  const codec = cursorCodec(
    secret,
    scope.map((part) => part.toLowerCase()),
  );
  return {
    open(after) {
      if (after === null || after === undefined) return null;
      const [createdAt, id] = codec.open(after, 'after');
      if (typeof createdAt !== 'string' || typeof id !== 'string') throw badRequest('after is not a cursor this list returned', 'after');
      return { createdAt: new Date(createdAt), id };
    },
    page(rows, first, after) {
      return connection(rows, first, after, (row) => codec.seal([row.createdAt.toISOString(), row.id]));
    },
  };
}

/** Prisma's condition for the rows after `position` in ascending (createdAt, id) order; none for a first page. */
export function afterAscending(position: Position | null) {
  return position ? { OR: [{ createdAt: { gt: position.createdAt } }, { createdAt: position.createdAt, id: { gt: position.id } }] } : {};
}

/** Whether `row` comes after `position` in ascending (createdAt, id) order (a first page: every row). */
export function isAfterAscending(row: Position, position: Position | null): boolean {
  if (!position) return true;
  const delta = row.createdAt.getTime() - position.createdAt.getTime();
  return delta > 0 || (delta === 0 && row.id > position.id);
}
