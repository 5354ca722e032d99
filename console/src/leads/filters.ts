// The filters of GET /v2/leads as the leads page's form holds them.
export const SORTS = ['newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first', 'least_engaged_first'] as const;
export type Filters = { sort_by?: (typeof SORTS)[number]; status?: 'NEW' | 'QUALIFIED' | 'DISQUALIFIED'; start_date?: string; end_date?: string; days?: number; company_public_id?: string; post_id?: string; email_enriched?: boolean; limit?: number };

export function readFilters(form: HTMLFormElement): Filters {
  const f = new FormData(form);
  const text = (name: string) => (String(f.get(name) ?? '').trim() || undefined);
  const enriched = text('email_enriched');
  const days = text('days');
  return {
    sort_by: text('sort_by') as Filters['sort_by'],
    status: text('status') as Filters['status'],
    start_date: text('start_date'),
    end_date: text('end_date'),
    days: days === undefined ? undefined : Number(days),
    company_public_id: text('company_public_id'),
    post_id: text('post_id'),
    email_enriched: enriched === undefined ? undefined : enriched === 'true',
    limit: Number(text('limit') ?? 50),
  };
}
