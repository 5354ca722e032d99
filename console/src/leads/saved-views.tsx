// The member's saved views of the leads page: each a link to its filters (#/leads?…); the
// current filters saved under a name (the same name again replaces them); a view deleted.
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe, fieldErrors } from '../api';

type View = components['schemas']['ConsoleSavedView'];

export function SavedViews({ query }: { query: string }) {
  const [views, setViews] = useState<View[]>([]);
  const [error, setError] = useState('');
  const load = () => api.GET('/app/api/saved-views').then(({ data }) => setViews(data ?? []));
  useEffect(() => void load(), []);
  const save = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const { data, error } = await api.POST('/app/api/saved-views', { body: { name: String(new FormData(form).get('name') ?? ''), query } });
    setError(data ? '' : (fieldErrors(error).name ?? describe(error)));
    if (data) form.reset();
    await load();
  };
  const remove = async (view: View) => {
    await api.DELETE('/app/api/saved-views/{view_id}', { params: { path: { view_id: view.id } } });
    await load();
  };
  return (
    <div class="row saved-views">
      <nav aria-label="Saved views" class="row">
        <span class="muted">My views:{views.length === 0 ? ' none yet' : ''}</span>
        {views.map((v) => (
          <span class="view" key={v.id}>
            <a href={`#/leads${v.query ? `?${v.query}` : ''}`} aria-current={v.query === query ? 'page' : undefined}>{v.name}</a>
            <button type="button" class="link" aria-label={`Delete view ${v.name}`} onClick={() => remove(v)}>×</button>
          </span>
        ))}
      </nav>
      <form onSubmit={save} class="row" aria-label="Save this view" noValidate>
        <input name="name" aria-label="View name" placeholder="Name this view" maxLength={80} aria-invalid={error ? true : undefined} aria-describedby={error ? 'view-error' : undefined} />
        <button type="submit">Save view</button>
        {error && <span id="view-error" role="alert" class="error">{error}</span>}
      </form>
    </div>
  );
}
