// Tracking contacts: whose contacts (yourself; admins may pick any member), the list with Untrack
// buttons, and a search of the workspace's known contacts with Track buttons.
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe, type Session } from '../api';

type Member = components['schemas']['ConsoleTeamMember'];
type Tracked = components['schemas']['ConsoleTrackedContact'];
type Choice = components['schemas']['ConsoleContactChoice'];

export function Tracking({ session, members, onChanged }: { session: Session; members: Member[]; onChanged: () => void }) {
  const [memberId, setMemberId] = useState(session.member_id);
  const [tracked, setTracked] = useState<Tracked[]>([]);
  const [found, setFound] = useState<Choice[] | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    api.GET('/app/api/tracked-contacts', { params: { query: { team_member_id: memberId } } }).then(({ data, error }) => (data ? setTracked(data) : setError(describe(error))));
  useEffect(() => void load(), [memberId]);
  const search = async (e: Event) => {
    e.preventDefault();
    const q = String(new FormData(e.target as HTMLFormElement).get('q') ?? '').trim();
    if (!q) return;
    const { data, error } = await api.GET('/app/api/contacts', { params: { query: { q } } });
    setError(data ? '' : describe(error));
    setFound(data ?? null);
  };
  const change = async (urn: string, track: boolean) => {
    const { error, response } = track
      ? await api.POST('/app/api/tracked-contacts', { body: { contact_urn: urn, team_member_id: memberId } })
      : await api.DELETE('/app/api/tracked-contacts/{team_member_id}/{contact_urn}', { params: { path: { team_member_id: memberId, contact_urn: urn } } });
    setError(response.ok ? '' : describe(error));
    await load();
    onChanged();
  };
  const isTracked = (urn: string) => tracked.some((t) => t.contact_urn === urn);
  return (
    <section aria-labelledby="tracking-title">
      <h2 id="tracking-title">Tracked contacts</h2>
      {session.role === 'admin' && (
        <label class="row">Whose tracked contacts
          <select value={memberId} onChange={(e) => setMemberId((e.target as HTMLSelectElement).value)}>
            {members.map((m) => <option value={m.id}>{m.name ?? m.email}</option>)}
          </select>
        </label>
      )}
      {error && <p role="alert" class="error">{error}</p>}
      <ul data-testid="tracked-list">
        {tracked.length === 0 && <li>No tracked contacts yet.</li>}
        {tracked.map((t) => (
          <li key={t.contact_urn} data-urn={t.contact_urn}>
            {t.name ?? t.contact_urn} {t.headline && <span class="muted">— {t.headline}</span>}{' '}
            <button type="button" aria-label={`Untrack ${t.name ?? t.contact_urn}`} onClick={() => change(t.contact_urn, false)}>Untrack</button>
          </li>
        ))}
      </ul>
      <form onSubmit={search} class="row" role="search">
        <label>Find a contact <input name="q" required maxLength={100} /></label>
        <button type="submit">Search contacts</button>
      </form>
      {found && (
        <ul data-testid="contact-results">
          {found.length === 0 && <li>No known contact matches.</li>}
          {found.map((c) => (
            <li key={c.urn}>
              {c.name ?? c.urn} {c.headline && <span class="muted">— {c.headline}</span>}{' '}
              {isTracked(c.urn) ? <span>tracked</span> : <button type="button" aria-label={`Track ${c.name ?? c.urn}`} onClick={() => change(c.urn, true)}>Track</button>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
