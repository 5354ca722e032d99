// The workspace's campaigns (GET /app/api/campaigns, newest first, cursor paging) and a form to create one.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, fieldErrors } from '../api';
import { type CampaignList } from './types';
import './campaigns.css';
import { Pager } from '../pager';

export function Campaigns() {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<CampaignList | null>(null);
  const [error, setError] = useState('');
  const [nameError, setNameError] = useState('');
  useEffect(() => {
    api.GET('/app/api/campaigns', { params: { query: { limit: 20, cursor } } }).then(({ data, error }) => {
      setError(data ? '' : describe(error));
      setPage(data ?? null);
    });
  }, [cursor]);
  const create = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const { data, error } = await api.POST('/app/api/campaigns', { body: { name: String(f.get('name') ?? ''), description: String(f.get('description') ?? '') || null } });
    if (!data) return setNameError(fieldErrors(error).name ?? describe(error));
    location.hash = `#/campaigns/${encodeURIComponent(data.id)}`;
  };
  return (
    <section>
      <h1>Campaigns</h1>
      <form onSubmit={create} class="row" aria-label="New campaign" noValidate>
        <label>Campaign name <input name="name" maxLength={200} aria-describedby="name-error" /></label>
        <label>Description <input name="description" maxLength={5000} /></label>
        <button type="submit">Create campaign</button>
        {nameError && <span id="name-error" role="alert" class="error field-error">{nameError}</span>}
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {page && (
        <>
          <p role="status" data-testid="campaigns-total">{page.total} campaigns</p>
          <div class="scroll">
            <table>
              <caption>Campaigns, newest first</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Senders</th><th scope="col">Contacts</th></tr></thead>
              <tbody>
                {page.items.map((c) => (
                  <tr key={c.id} data-campaign-id={c.id}>
                    <td><a href={`#/campaigns/${encodeURIComponent(c.id)}`}>{c.name}</a></td>
                    <td>{c.status}</td>
                    <td>{c.participants.map((p) => p.email).join(', ')}</td>
                    <td>{c.contacts_total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager atFirst={!cursor} next={page.has_more ? page.cursor : null} onPage={setCursor} />
        </>
      )}
    </section>
  );
}
