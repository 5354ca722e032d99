// The API's paged lists share one shape ({items, has_more, cursor}, `cursor` in the query): one
// walker turns any of them into an async iterator over their items, page after page.
export interface Page<T> {
  items: T[];
  has_more?: boolean;
  cursor?: string | null;
}

/** Items of every page, fetched one page at a time as the caller iterates (stopping early fetches no more). */
export async function* walkPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    if (!page.has_more || !page.cursor) return;
    cursor = page.cursor;
  }
}
