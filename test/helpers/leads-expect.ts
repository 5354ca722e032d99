// The expected answers of the lead list, computed in plain JS from the seeds (independent of SQL).
import type { Client } from './client.js';
import type { LeadSeed } from './leads-fixture.js';

export const DAY = 86_400_000;
const KEYS: Record<string, [keyof LeadSeed, 'asc' | 'desc']> = {
  newest_first: ['created_at', 'desc'],
  oldest_first: ['created_at', 'asc'],
  last_touch_first: ['last_engagement_dt', 'desc'],
  last_touch_last: ['last_engagement_dt', 'asc'],
  most_engaged_first: ['engagement_score', 'desc'],
  least_engaged_first: ['engagement_score', 'asc'],
};

export interface ExpectQuery {
  sort_by?: string;
  start?: number;
  endExclusive?: number;
  status?: string;
  companyIds?: number[];
  post_id?: string;
  email_enriched?: boolean;
}

export function expectedIds(seeds: LeadSeed[], q: ExpectQuery): string[] {
  const [key, dir] = KEYS[q.sort_by ?? 'newest_first']!;
  const sign = dir === 'asc' ? 1 : -1;
  return seeds
    .filter((s) => (q.status ? s.status === q.status : s.status !== 'DISCARDED'))
    .filter((s) => q.start === undefined || s.created_at >= q.start)
    .filter((s) => q.endExclusive === undefined || s.created_at < q.endExclusive)
    .filter((s) => !q.companyIds || q.companyIds.includes(s.company_id ?? -1))
    .filter((s) => q.post_id === undefined || s.source_post_id === q.post_id)
    .filter((s) => q.email_enriched === undefined || (s.contact_email != null) === q.email_enriched)
    .sort((a, b) => {
      const x = a[key] as number | null | undefined;
      const y = b[key] as number | null | undefined;
      const xn = x == null;
      const yn = y == null;
      if (xn !== yn) return xn ? 1 : -1; // nulls last in both directions
      if (!xn && x !== y) return (x! - y!) * sign;
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
    })
    .map((s) => s.id);
}

/** Follows cursors to the end; checks the envelope on every page. */
export async function walk(client: Client, path: string, params: Record<string, string>): Promise<{ ids: string[]; items: any[]; totals: number[]; pages: number }> {
  const items: any[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs: URLSearchParams = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const res: { status: number; text: string; body: any } = await client.get(`${path}?${qs}`);
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    if (res.body.has_more !== (res.body.cursor !== null)) throw new Error('has_more and cursor disagree');
    items.push(...res.body.items);
    totals.push(res.body.total);
    cursor = res.body.cursor;
    pages++;
    if (pages > 1000) throw new Error('runaway walk');
  } while (cursor);
  return { ids: items.map((i: { id: string }) => i.id), items, totals, pages };
}
