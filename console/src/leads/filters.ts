// The filters of GET /v2/leads, and the console's search, as the leads page holds them: in the
// URL (#/leads?status=QUALIFIED&sort_by=oldest_first), so a reload, Back, a bookmark or a shared
// link shows the same leads.
export const SORTS = ['newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first', 'least_engaged_first'] as const;
export type Sort = (typeof SORTS)[number];
export type Filters = {
  q?: string; sort_by?: Sort; status?: 'NEW' | 'QUALIFIED' | 'DISQUALIFIED'; start_date?: string; end_date?: string; days?: number;
  company_public_id?: string; post_id?: string; email_enriched?: boolean; limit?: number;
};

const TEXT = ['q', 'sort_by', 'status', 'start_date', 'end_date', 'company_public_id', 'post_id'] as const;

/** The filters a URL query holds (unknown or empty names are left out). */
export function filtersOf(query: string): Filters {
  const p = new URLSearchParams(query);
  const f: Filters = {};
  for (const name of TEXT) {
    const value = p.get(name)?.trim();
    if (value) (f as Record<string, string>)[name] = value;
  }
  const number = (name: string) => (p.get(name) && Number.isInteger(Number(p.get(name))) ? Number(p.get(name)) : undefined);
  if (number('days') !== undefined) f.days = number('days');
  if (number('limit') !== undefined) f.limit = number('limit');
  if (p.get('email_enriched') === 'true' || p.get('email_enriched') === 'false') f.email_enriched = p.get('email_enriched') === 'true';
  return f;
}

/** The URL query of the filters, in a fixed order (equal filters, equal URLs). */
export function queryOf(filters: Filters): string {
  const p = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') p.set(name, String(value));
  p.sort();
  return p.toString();
}

/** The filters the form holds; an error for a field the service would take but no lead can match. */
export function readFilters(form: HTMLFormElement): { filters: Filters; errors: Record<string, string> } {
  const f = new FormData(form);
  const text = (name: string) => (String(f.get(name) ?? '').trim() || undefined);
  const enriched = text('email_enriched');
  const days = text('days');
  const filters: Filters = {
    q: text('q'),
    sort_by: text('sort_by') as Filters['sort_by'],
    status: text('status') as Filters['status'],
    start_date: text('start_date'),
    end_date: text('end_date'),
    days: days === undefined ? undefined : Number(days),
    company_public_id: text('company_public_id'),
    post_id: text('post_id'),
    email_enriched: enriched === undefined ? undefined : enriched === 'true',
    // The API's default page size stays out of the URL.
    limit: text('limit') === undefined || Number(text('limit')) === 50 ? undefined : Number(text('limit')),
  };
  const errors: Record<string, string> = {};
  // ISO days compare as text. The API answers such a range with no lead at all, which reads as "no leads".
  if (filters.start_date && filters.end_date && filters.start_date > filters.end_date) errors.end_date = `"Created to" (${filters.end_date}) is before "Created from" (${filters.start_date})`;
  return { filters, errors };
}
