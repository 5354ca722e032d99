// Cursor paging for every list page: back to the first page, or on to the next.
export function Pager({ atFirst, next, onPage }: { atFirst: boolean; next: string | null | undefined; onPage: (cursor: string | undefined) => void }) {
  return (
    <nav aria-label="Pages" class="row">
      <button type="button" disabled={atFirst} onClick={() => onPage(undefined)}>First page</button>
      <button type="button" disabled={!next} onClick={() => onPage(next ?? undefined)}>Next page</button>
    </nav>
  );
}
