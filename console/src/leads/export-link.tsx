// The CSV export of the current filter and sort: a plain link (GET, the session cookie goes by
// itself), so the browser streams the file to disk as the server writes it.
import type { Filters } from './filters';

export function ExportLink({ filters }: { filters: Filters }) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && name !== 'limit') query.set(name, String(value));
  const search = query.toString();
  return <a class="button" href={`/app/api/leads/export.csv${search ? `?${search}` : ''}`} download="leads.csv">Export CSV (current filter)</a>;
}
