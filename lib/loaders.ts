import DataLoader from 'dataloader';

/** Rows by id, batched: one `fetch` per tick for every id asked, null for the ones it does not find. */
export function loaderById<T extends { id: string }>(fetch: (ids: string[]) => Promise<T[]>): DataLoader<string, T | null> {
  return new DataLoader(async (ids: readonly string[]) => {
    const byId = new Map((await fetch([...ids])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}
