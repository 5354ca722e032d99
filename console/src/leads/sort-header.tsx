// A column header that sorts: one click sorts by the column (its first direction), the next flips
// it; aria-sort tells a screen reader which column orders the table and how.
import type { Sort } from './filters';

export function SortHeader({ label, sort, desc, asc, onSort }: { label: string; sort: Sort; desc: Sort; asc: Sort; onSort: (s: Sort) => void }) {
  const state = sort === desc ? 'descending' : sort === asc ? 'ascending' : undefined;
  const next = sort === desc ? asc : desc;
  return (
    <th scope="col" aria-sort={state}>
      <button type="button" class="sort" onClick={() => onSort(next)} title={`Sort by ${next.replaceAll('_', ' ')}`}>
        {label} <span aria-hidden="true">{state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕'}</span>
      </button>
    </th>
  );
}
