import { pageSize } from '../lib/vocabulary';

/**
 * The one pagination of the public graph: connections as GraphQL clients know them (GitHub's API,
 * Relay, Apollo Client's `relayStylePagination`). A list field takes `first` (1..1000, default 25) and
 * `after` (an `endCursor` or an edge's `cursor`) and answers
 * `{ edges { cursor node } nodes pageInfo { hasNextPage endCursor hasPreviousPage startCursor } }`.
 *
 * A resolver reads `first + 1` rows after the position `after` names, and hands them here with how
 * one row's cursor is made (lib/cursors.ts seals it: a client can neither read nor forge it). Edge
 * cursors are sealed only when a client asks for `edges`; `endCursor` is the last node's cursor.
 */
export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  nodes: T[];
  edges: () => Array<{ cursor: string; node: T }>;
  pageInfo: PageInfo;
  /** Only where a list counts its rows anyway (the SDL says so on the field). */
  totalCount?: number;
}

/** `first` as a page size: 1..1000, 25 when absent; anything else is BAD_USER_INPUT naming `first`. */
export function firstOf(first: number | null | undefined): number {
  return pageSize(first, 'first');
}

/**
 * A connection from the rows read for one page: `rows` may hold one row more than `first` (read to
 * learn whether another page follows); it is dropped. `after` is the cursor the client sent.
 */
export function connection<T>(
  rows: readonly T[],
  first: number,
  after: string | null | undefined,
  cursorOf: (row: T) => string,
  extra: { totalCount?: number } = {},
): Connection<T> {
  const nodes = rows.slice(0, first);
  const hasNextPage = rows.length > first;
  return {
    nodes,
    edges: () => nodes.map((node) => ({ cursor: cursorOf(node), node })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage: Boolean(after),
      startCursor: nodes.length ? cursorOf(nodes[0]) : null,
      endCursor: nodes.length ? cursorOf(nodes[nodes.length - 1]) : null,
    },
    ...extra,
  };
}

/** A whole list (read in one go, bounded elsewhere) as one page of a connection, cursors its offsets. */
export function offsetConnection<T>(
  all: readonly T[],
  first: number,
  after: string | null | undefined,
  seal: (offset: number) => string,
  open: (cursor: string) => number,
): Connection<T> {
  const start = after ? open(after) + 1 : 0;
  const rows = all.slice(start, start + first + 1);
  const offsets = new Map(rows.map((row, i) => [row, start + i]));
  return connection(rows, first, after, (row) => seal(offsets.get(row) ?? start));
}
