// The team feed and the tracked-contacts feed with every filter of the v2 feed endpoints (sort,
// dates, last days, team member, page size), cursor paging and the total; beside them, tracking.
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe, type Session } from '../api';
import { Tracking } from './tracking';
import { Pager } from '../pager';

type FeedPage = components['schemas']['TeamFeedPostsListResponse'];
type Member = components['schemas']['ConsoleTeamMember'];
const SORTS = ['newest_first', 'oldest_first', 'most_viewed_first', 'least_viewed_first'] as const;
type Filters = { sort_by?: (typeof SORTS)[number]; start_date?: string; end_date?: string; days?: number; team_member_id?: string; limit?: number };
type Kind = 'team' | 'tracked';

function readFilters(form: HTMLFormElement): { kind: Kind; filters: Filters } {
  const f = new FormData(form);
  const text = (name: string) => (String(f.get(name) ?? '').trim() || undefined);
  const days = text('days');
  return {
    kind: text('kind') === 'tracked' ? 'tracked' : 'team',
    filters: {
      sort_by: text('sort_by') as Filters['sort_by'],
      start_date: text('start_date'),
      end_date: text('end_date'),
      days: days === undefined ? undefined : Number(days),
      team_member_id: text('team_member_id'),
      limit: Number(text('limit') ?? 15),
    },
  };
}

export const memberName = (m: Member) => m.name ?? m.email;

export function Feeds({ session }: { session: Session }) {
  const [kind, setKind] = useState<Kind>('team');
  const [filters, setFilters] = useState<Filters>({ limit: 15 });
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<FeedPage | null>(null);
  const [members, setMembers] = useState<Member[]>([]);
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);
  useEffect(() => void api.GET('/app/api/team').then(({ data }) => setMembers(data?.members ?? [])), []);
  useEffect(() => {
    const path = kind === 'team' ? '/app/api/feeds/team' : '/app/api/feeds/tracked';
    api.GET(path, { params: { query: { ...filters, cursor } } }).then(({ data, error }) => {
      setError(data ? '' : describe(error));
      setPage(data ?? null);
    });
  }, [kind, filters, cursor, reload]);
  const apply = (e: Event) => {
    e.preventDefault();
    const read = readFilters(e.target as HTMLFormElement);
    setCursor(undefined);
    setKind(read.kind);
    setFilters(read.filters);
  };
  /** A team member's post is shown with the member's name; a contact's with its author as posted. */
  const authorOf = (post: FeedPage['items'][number]) => {
    const member = post.team_member_id ? members.find((m) => m.id === post.team_member_id) : undefined;
    return member ? memberName(member) : post.author;
  };
  return (
    <section>
      <h1>Feeds</h1>
      <form onSubmit={apply} class="filters" aria-label="Feed filters">
        <label>Which feed <select name="kind"><option value="team">Team feed</option><option value="tracked">Tracked contacts feed</option></select></label>
        <label>Sort <select name="sort_by">{SORTS.map((s) => <option value={s}>{s.replaceAll('_', ' ')}</option>)}</select></label>
        <label>Published from <input type="date" name="start_date" /></label>
        <label>Published to <input type="date" name="end_date" /></label>
        <label>Last days <input type="number" min={0} name="days" /></label>
        <label>Team member <select name="team_member_id"><option value="">anyone</option>{members.map((m) => <option value={m.id}>{memberName(m)}</option>)}</select></label>
        <label>Per page <input type="number" min={1} max={50} name="limit" defaultValue={filters.limit} /></label>
        <button type="submit">Apply filters</button>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {page && (
        <>
          <p role="status" data-testid="feed-total">{page.total} posts</p>
          <div class="scroll">
            <table class="stack">
              <caption>{kind === 'team' ? 'Team feed' : 'Tracked contacts feed'}, {filters.sort_by?.replaceAll('_', ' ') ?? 'newest first'}</caption>
              <thead><tr><th scope="col">Author</th><th scope="col">Post</th><th scope="col">Views</th><th scope="col">Published</th></tr></thead>
              <tbody>
                {page.items.map((post) => (
                  <tr key={post.id} data-post-id={post.id}>
                    <td>{authorOf(post)}</td>
                    <td><a href={post.post_url} rel="noreferrer" target="_blank">{(post.content ?? post.type ?? 'post').slice(0, 140) || 'post'}</a></td>
                    <td data-label="Views">{post.impressions_num ?? '–'}</td>
                    <td data-label="Published">{post.published_at.slice(0, 16).replace('T', ' ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager atFirst={!cursor} next={page.has_more ? page.cursor : null} onPage={setCursor} />
        </>
      )}
      <Tracking session={session} members={members} onChanged={() => setReload((n) => n + 1)} />
    </section>
  );
}
