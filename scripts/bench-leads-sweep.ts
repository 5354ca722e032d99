// `bench:leads-cold --sweep`: every filter × sort combination of GET /v2/leads (`--suite feeds`:
// of both feeds, and the campaigns list), one request at a time, three pages each through the
// cursors. The walkers' cases measure throughput on chosen shapes; this asks every shape once, so a
// combination the database plans badly at this size shows as a slow request, whatever the plan
// tests on small tables said (docs/leads-cold.md).
import type { Pool } from 'undici';
import type { WalkData } from './bench-cold-data.js';

/** The bench's date helpers: `iso(d)` the date d days before the data's last day, `daysBack(d)` a `days` reaching it. */
export interface SweepDates {
  iso: (days: number) => string;
  daysBack: (days: number) => number;
}

const SORTS = ['newest_first', 'oldest_first', 'last_touch_first', 'last_touch_last', 'most_engaged_first', 'least_engaged_first'];
const STATUSES = ['', 'status=NEW', 'status=QUALIFIED', 'status=DISQUALIFIED'];
const EMAILS = ['', 'email_enriched=true', 'email_enriched=false'];

/** The date filters of every list: none, `days` of a week and of 120 days, one edge, a month, a day, nearly the whole span. */
const dateFilters = ({ iso, daysBack }: SweepDates) => [
  '', `days=${daysBack(7)}`, `days=${daysBack(120)}`, `start_date=${iso(365)}`, `end_date=${iso(600)}`,
  `start_date=${iso(400)}&end_date=${iso(370)}`, `start_date=${iso(200)}&end_date=${iso(200)}`, `start_date=${iso(700)}&end_date=${iso(5)}`,
];
const query = (endpoint: string, parts: string[]) => `${endpoint}?${parts.filter(Boolean).join('&')}`;

/** One path per combination of the lead list: 6 sorts × 4 statuses × 3 email filters × 6 scopes × 8 date filters. */
export function leadSweepPaths(data: WalkData, dates: SweepDates): string[] {
  const post = (p: string) => `post_id=${encodeURIComponent(p)}`;
  const handle = `company_public_id=${encodeURIComponent(data.handles.at(-1)!)}`;
  const scopes = ['', `company_public_id=${data.companyIds[0]}`, handle, post(data.posts[0]!), post(data.posts.at(-1)!), `${handle}&${post(data.posts[0]!)}`];
  return SORTS.flatMap((sort) => STATUSES.flatMap((status) => EMAILS.flatMap((email) => scopes.flatMap((scope) => dateFilters(dates).map((date) =>
    query('/v2/leads', [`sort_by=${sort}`, status, email, scope, date, 'limit=50']))))));
}

const FEED_SORTS = ['newest_first', 'oldest_first', 'most_viewed_first', 'least_viewed_first'];

/**
 * One path per combination of both feeds (2 feeds × 4 sorts × no member or one of two × 8 date
 * filters, 50 posts a page), and the campaigns list at three page sizes (it has no filter).
 */
export function feedSweepPaths(members: [string, string], dates: SweepDates): string[] {
  const feeds = ['/v2/content/team/feed', '/v2/content/tracked-contacts/feed'].flatMap((feed) => FEED_SORTS.flatMap((sort) =>
    ['', ...members.map((m) => `team_member_id=${m}`)].flatMap((member) => dateFilters(dates).map((date) => query(feed, [`sort_by=${sort}`, member, date, 'limit=50'])))));
  return [...feeds, ...[1, 15, 50].map((limit) => `/v2/networking/campaigns?limit=${limit}`)];
}

export interface SweepReport {
  requests: number;
  errors: number;
  /** Milliseconds, sorted. */
  latencies: number[];
  slowest: { ms: number; path: string }[];
}

/** Asks each path's first three pages, one request at a time over one connection; every URL once (cold). */
export async function sweep(pool: Pool, key: string, paths: string[]): Promise<SweepReport> {
  const timed: { ms: number; path: string }[] = [];
  let errors = 0;
  for (const first of paths) {
    let path: string | null = first;
    for (let page = 0; page < 3 && path !== null; page++) {
      const t = performance.now();
      const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } });
      const text = await res.body.text();
      timed.push({ ms: performance.now() - t, path });
      if (res.statusCode !== 200) {
        if (errors++ < 5) console.error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`);
        break;
      }
      const cursor = JSON.parse(text).cursor as string | null;
      path = cursor ? `${first}&cursor=${cursor}` : null;
    }
  }
  return {
    requests: timed.length,
    errors,
    latencies: timed.map((t) => t.ms).sort((a, b) => a - b),
    slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 10),
  };
}
