/** Previous/next page over a connection: `after` is the stack of cursors that led to this page. */
export function Pager({
  after,
  setAfter,
  pageInfo,
  label = 'Pages',
}: {
  after: string[];
  setAfter: (cursors: string[]) => void;
  pageInfo?: { hasNextPage: boolean; endCursor?: string | null };
  label?: string;
}) {
  return (
    <nav aria-label={label}>
      <button type="button" disabled={after.length === 0} onClick={() => setAfter(after.slice(0, -1))}>
        Previous page
      </button>
      <button type="button" disabled={!pageInfo?.hasNextPage} onClick={() => pageInfo?.endCursor && setAfter([...after, pageInfo.endCursor])}>
        Next page
      </button>
    </nav>
  );
}
