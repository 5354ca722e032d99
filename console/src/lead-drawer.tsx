// A lead's drawer: who the person is (picture, company, profile, email), editing, why the score, notes and history.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Lead } from './api';
import { LeadHistory } from './leads/lead-history';
import { LeadWhy } from './leads/lead-why';

/** `version` changes when leads changed elsewhere on the page (a bulk action): the drawer reads the lead again. */
/** `closeUrl`: the leads list the drawer was opened from (its filters kept). */
export function LeadDrawer({ id, closeUrl, version, onChanged }: { id: string; closeUrl: string; version?: unknown; onChanged: () => void }) {
  const [lead, setLead] = useState<Lead | null>(null);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [id]);
  useEffect(() => {
    setLead((current) => (current?.id === id ? current : null));
    api.GET('/app/api/leads/{lead_id}', { params: { path: { lead_id: id } } }).then(({ data, error, response }) => {
      setLead(data ?? null);
      setError(data ? '' : response.status === 400 || response.status === 404 ? 'Lead not found' : describe(error));
    });
  }, [id, version]);
  const save = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const note = String(f.get('note') ?? '').trim();
    const tags = String(f.get('tags') ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    // PATCH leaves a field alone when it is absent: send a CRM field only when it was edited.
    const crm = (name: 'crm_id' | 'crm_contact_url') => {
      const value = String(f.get(name) ?? '').trim();
      return value === (lead?.[name] ?? '') ? {} : { [name]: value };
    };
    const { data, error } = await api.PATCH('/app/api/leads/{lead_id}', {
      params: { path: { lead_id: id } },
      body: { status: f.get('status') as Lead['status'], tags, ...crm('crm_id'), ...crm('crm_contact_url'), ...(note ? { note: { note_content: note } } : {}) },
    });
    if (!data) return setError(describe(error));
    setLead(data);
    setSaved(true);
    onChanged();
  };
  return (
    <aside class="drawer" aria-label="Lead details">
      <a href={closeUrl}>Close</a>
      {error && <p role="alert" class="error">{error}</p>}
      {lead && (
        <>
          <div class="person">
            {lead.picture && <img src={lead.picture} alt="" width={64} height={64} data-testid="lead-picture" />}
            <div>
              <h2>{lead.first_name} {lead.last_name}</h2>
              <p>{lead.headline}</p>
            </div>
          </div>
          <dl class="facts">
            <dt>Company</dt>
            <dd data-testid="lead-company">{lead.company?.name ? (lead.company.website_url ? <a href={lead.company.website_url} rel="noreferrer" target="_blank">{lead.company.name}</a> : lead.company.name) : 'unknown'}</dd>
            <dt>Profile</dt>
            <dd>{lead.network_url ? <a href={lead.network_url} rel="noreferrer" target="_blank" data-testid="lead-profile">{lead.network_url}</a> : 'unknown'}</dd>
            <dt>Email</dt>
            <dd>{lead.contact_email ? <a href={`mailto:${lead.contact_email}`} data-testid="lead-email">{lead.contact_email}</a> : 'not found yet'}</dd>
            <dt>Engagement score</dt>
            <dd>{lead.engagement_score}</dd>
          </dl>
          {/* Fields start from the lead and are the user's from then on: a value prop would be set again
              on every redraw of the page around the drawer, undoing edits not yet saved. The key
              starts the form again from a lead saved or changed elsewhere. */}
          <form onSubmit={save} key={`${lead.id}:${lead.status}:${lead.tags.join(',')}:${lead.crm_id}:${lead.crm_contact_url}`}>
            <label>Status <select name="status">{(['NEW', 'QUALIFIED', 'DISQUALIFIED'] as const).map((s) => <option selected={(lead.status ?? 'NEW') === s}>{s}</option>)}</select></label>
            <label>Tags (comma separated) <input name="tags" defaultValue={lead.tags.join(', ')} /></label>
            <label>CRM id <input name="crm_id" defaultValue={lead.crm_id ?? ''} maxLength={200} /></label>
            <label>CRM contact URL <input name="crm_contact_url" defaultValue={lead.crm_contact_url ?? ''} maxLength={2000} /></label>
            <label>Add a note <textarea name="note" maxLength={10000} /></label>
            <button type="submit">Save lead</button>
            {saved && <p role="status">Saved</p>}
          </form>
          <LeadWhy id={id} version={lead} />
          <h3>Notes</h3>
          <ul>{(lead.notes ?? []).map((n) => <li key={n.id}>{n.content}</li>)}</ul>
          <h3>History</h3>
          <LeadHistory id={id} version={lead} />
        </>
      )}
    </aside>
  );
}
