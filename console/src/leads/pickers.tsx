// The leads page's company and post pickers: a rep picks a company by its name and a post by its
// opening words; the filter still sends what GET /v2/leads takes (the company's slug or id, the post's id).
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api } from '../api';

type Company = components['schemas']['ConsoleCompanyChoice'];
type Post = components['schemas']['TeamFeedPostsListResponse']['items'][number];

/** A text field with suggestions as one types (the name shown, the slug or id sent). */
export function CompanyPicker({ value }: { value?: string }) {
  const [choices, setChoices] = useState<Company[]>([]);
  const suggest = async (text: string) => {
    if (text.trim() === '') return setChoices([]);
    const { data } = await api.GET('/app/api/companies', { params: { query: { q: text } } });
    setChoices(data ?? []);
  };
  return (
    <label>
      Company
      <input name="company_public_id" list="company-choices" defaultValue={value} autoComplete="off" onInput={(e) => suggest((e.target as HTMLInputElement).value)} />
      <datalist id="company-choices">{choices.map((c) => <option value={c.slug ?? String(c.id)}>{c.name ?? c.slug}</option>)}</datalist>
    </label>
  );
}

const postLabel = (p: Post) => `${p.published_at.slice(0, 10)} · ${(p.content ?? p.post_url).replace(/\s+/g, ' ').slice(0, 60)}`;

/** The team's newest posts by date and opening words (and the URL's post, if older). */
export function PostPicker({ value }: { value?: string }) {
  const [posts, setPosts] = useState<Post[]>([]);
  useEffect(() => void api.GET('/app/api/feeds/team', { params: { query: { limit: 50 } } }).then(({ data }) => setPosts(data?.items ?? [])), []);
  return (
    <label>
      Post
      <select name="post_id">
        <option value="">any post</option>
        {value && !posts.some((p) => p.id === value) && <option value={value} selected>post {value}</option>}
        {posts.map((p) => <option value={p.id} selected={p.id === value}>{postLabel(p)}</option>)}
      </select>
    </label>
  );
}
