import type { TestVigil } from './vigil';

/** One page of a connection as the tests select it: `edges { cursor node { id } } nodes { id } pageInfo { hasNextPage endCursor }`. */
export const PAGE_SELECTION = 'edges { cursor node { id } } nodes { id } pageInfo { hasNextPage endCursor }';

interface Page {
  edges: Array<{ cursor: string; node: { id: string } }>;
  nodes: Array<{ id: string }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * Reads a connection page by page (the query takes `$after: String` and selects PAGE_SELECTION; `pick`
 * finds the connection in `data`) until `hasNextPage` is false, checking each page's shape on the
 * way: at most `first` entries, edges and nodes alike, `endCursor` the last edge's cursor. Answers
 * every id in the order read.
 */
export async function pageThrough(
  t: TestVigil,
  key: string,
  query: string,
  variables: Record<string, unknown>,
  pick: (data: Record<string, unknown>) => unknown,
  first: number,
): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const answer: { body: { data?: Record<string, unknown>; errors?: unknown[] } } = await t.graphql(query, { ...variables, after }, key);
    if (answer.body.errors || !answer.body.data) throw new Error(`page ${pages + 1}: ${JSON.stringify(answer.body)}`);
    const page = pick(answer.body.data) as Page;
    expect(page.nodes.length).toBeLessThanOrEqual(first);
    expect(page.edges.map((edge) => edge.node)).toEqual(page.nodes);
    expect(page.pageInfo.endCursor).toBe(page.edges.length ? page.edges[page.edges.length - 1].cursor : null);
    seen.push(...page.nodes.map((node) => node.id));
    if (!page.pageInfo.hasNextPage) return seen;
    after = page.pageInfo.endCursor;
  }
  throw new Error('the connection never reached its last page');
}
