// The team: each member's network account (linked or not, through which provider) and their use
// of the outreach caps (today and over the rolling 7 days the weekly cap covers); admins link and
// unlink accounts (on Unipile with the member's Unipile account id).
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe, type Session } from '../api';
import { AddMember, SignInLink, TimeZoneControl } from './members-admin';

type Team = components['schemas']['ConsoleTeam'];
type Member = Team['members'][number];
const use = (u: { used: number; limit: number }) => `${u.used} / ${u.limit}`;

function LinkControl({ member, provider, onDone }: { member: Member; provider: string; onDone: (error: string) => void }) {
  const [account, setAccount] = useState('');
  const label = member.name ?? member.email;
  const act = async (link: boolean) => {
    const path = { params: { path: { member_id: member.id } } };
    const { error, response } = link
      ? await api.POST('/app/api/team/{member_id}/link', { ...path, body: provider === 'unipile' ? { account_id: account.trim() } : {} })
      : await api.POST('/app/api/team/{member_id}/unlink', path);
    onDone(response.ok ? '' : describe(error));
  };
  if (member.linked) return <button type="button" aria-label={`Unlink ${label}`} onClick={() => act(false)}>Unlink</button>;
  return (
    <span class="row">
      {provider === 'unipile' && <label>Unipile account id of {label} <input value={account} onInput={(e) => setAccount((e.target as HTMLInputElement).value)} /></label>}
      <button type="button" aria-label={`Link ${label}`} onClick={() => act(true)}>Link</button>
    </span>
  );
}

export function TeamPage({ session }: { session: Session }) {
  const [team, setTeam] = useState<Team | null>(null);
  const [error, setError] = useState('');
  const load = () => api.GET('/app/api/team').then(({ data, error }) => (data ? setTeam(data) : setError(describe(error))));
  useEffect(() => void load(), []);
  const done = (message: string) => {
    setError(message);
    void load();
  };
  return (
    <section>
      <h1>Team</h1>
      {error && <p role="alert" class="error">{error}</p>}
      {team && (
        <>
          {session.role === 'admin' && <AddMember onAdded={() => void load()} />}
          <p>Network: <strong data-testid="team-network">{team.network_provider}</strong>{team.network_provider === 'none' && ' — an operator binds one with the CLI (warmline network bind).'}</p>
          <div class="scroll">
            <table class="stack">
              <caption>Members, their accounts and their use of the caps</caption>
              <thead>
                <tr><th scope="col">Member</th><th scope="col">Network account</th><th scope="col">Invitations today</th><th scope="col">Invitations, 7 days</th><th scope="col">Messages today</th><th scope="col">Console</th>{session.role === 'admin' && <th scope="col">Account</th>}{session.role === 'admin' && <th scope="col">Sign-in</th>}</tr>
              </thead>
              <tbody>
                {team.members.map((m) => (
                  <tr key={m.id} data-member-id={m.id}>
                    <td>
                      {m.name ?? m.email}<br /><small>{m.email} · <span data-testid="time-zone">{m.time_zone}</span>{m.is_active_seat ? '' : ' · no seat'}</small>
                      {(session.role === 'admin' || session.member_id === m.id) && <TimeZoneControl memberId={m.id} label={m.name ?? m.email} zone={m.time_zone} onDone={() => void load()} />}
                    </td>
                    <td data-label="Network account" data-testid="account">{m.linked ? `linked (${team.network_provider}${m.account_id ? ` ${m.account_id}` : ''})` : `not linked (${m.integration_status})`}</td>
                    <td data-label="Invitations today">{use(m.usage.invitations_today)}</td>
                    <td data-label="Invitations, 7 days">{use(m.usage.invitations_7_days)}</td>
                    <td data-label="Messages today">{use(m.usage.messages_today)}</td>
                    <td data-label="Console" data-testid="console-access">{m.console ? `${m.console.role}${m.console.signed_up ? '' : ', link not used yet'}` : 'no access'}</td>
                    {session.role === 'admin' && <td><LinkControl member={m} provider={team.network_provider} onDone={done} /></td>}
                    {session.role === 'admin' && <td><SignInLink memberId={m.id} label={m.name ?? m.email} role={m.console?.role ?? null} onDone={done} /></td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
