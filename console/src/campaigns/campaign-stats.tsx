// A campaign's statistics: contacts per state, the rates, the last 14 days, each sender against its caps.
import { useEffect, useState } from 'preact/hooks';
import { api, describe } from '../api';
import { DayBars, Meter } from './charts';
import type { Campaign, CampaignStats as Stats } from './types';

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

export function CampaignStats({ campaign, refresh }: { campaign: Campaign; refresh: number }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.GET('/app/api/campaigns/{campaign_id}/stats', { params: { path: { campaign_id: campaign.id } } }).then(({ data, error }) => {
      setError(data ? '' : describe(error));
      setStats(data ?? null);
    });
  }, [campaign.id, refresh]);
  if (error) return <p role="alert" class="error">{error}</p>;
  if (!stats) return <p role="status">Loading statistics…</p>;
  const total = (key: 'invitations' | 'acceptances' | 'replies') => stats.days.reduce((n, d) => n + d[key], 0);
  const name = (id: string) => campaign.members.find((m) => m.id === id)?.email ?? id;
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading">Statistics</h2>
      <dl class="figures">
        <div><dt>Invitations (14 days)</dt><dd data-testid="invitations-total">{total('invitations')}</dd></div>
        <div><dt>Acceptances</dt><dd>{total('acceptances')}</dd></div>
        <div><dt>Replies</dt><dd>{total('replies')}</dd></div>
        <div><dt>Acceptance rate</dt><dd data-testid="acceptance-rate">{percent(stats.acceptance_rate)}</dd></div>
        <div><dt>Reply rate</dt><dd>{percent(stats.reply_rate)}</dd></div>
      </dl>
      <DayBars days={stats.days} />
      {/* One row per state: a column per state overflowed the page's half at 1280 px. */}
      <table class="contacts-by-state">
        <caption>Contacts by state</caption>
        <thead><tr><th scope="col">State</th><th scope="col">Contacts</th></tr></thead>
        <tbody>{Object.entries(stats.contacts).map(([state, n]) => <tr data-state={state}><th scope="row">{state.replaceAll('_', ' ').toLowerCase()}</th><td>{n}</td></tr>)}</tbody>
      </table>
      <h3>Senders against their caps</h3>
      <ul class="senders">
        {stats.senders.map((s) => (
          <li data-sender={s.team_member_id}>
            <strong>{name(s.team_member_id)}</strong> <span>({s.time_zone}, {s.integration_status})</span>
            <Meter label="Invitations today" used={s.invitations_today.used} limit={s.invitations_today.limit} />
            <Meter label="Invitations, 7 days" used={s.invitations_7_days.used} limit={s.invitations_7_days.limit} />
            <Meter label="Messages today" used={s.messages_today.used} limit={s.messages_today.limit} />
            {s.paused && <p class="error">Paused: {s.paused.reason}{s.paused.until ? ` until ${s.paused.until}` : ' until resumed'}</p>}
            {s.waiting && <p>{s.waiting}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
