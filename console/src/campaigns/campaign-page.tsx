// One campaign: start, pause, archive; its settings form; its statistics.
import { useEffect, useState } from 'preact/hooks';
import { api, describe } from '../api';
import { CampaignForm } from './campaign-form';
import { CampaignStats } from './campaign-stats';
import type { Campaign } from './types';
import './campaigns.css';

type Next = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
const ACTIONS: Record<Campaign['status'], [Next, string][]> = {
  DRAFT: [['ACTIVE', 'Start campaign'], ['ARCHIVED', 'Archive campaign']],
  ACTIVE: [['DRAFT', 'Pause campaign'], ['ARCHIVED', 'Archive campaign']],
  COMPLETED: [['ARCHIVED', 'Archive campaign']],
  ARCHIVED: [],
};
const STATUS_TEXT: Record<Campaign['status'], string> = { DRAFT: 'Draft (paused: nothing is sent)', ACTIVE: 'Active (sending)', COMPLETED: 'Completed', ARCHIVED: 'Archived' };

export function CampaignPage({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [error, setError] = useState('');
  const [refresh, setRefresh] = useState(0);
  useEffect(() => {
    api.GET('/app/api/campaigns/{campaign_id}', { params: { path: { campaign_id: id } } }).then(({ data, error }) => {
      setError(data ? '' : describe(error));
      setCampaign(data ?? null);
    });
  }, [id]);
  const move = async (status: Next) => {
    const { data, error } = await api.POST('/app/api/campaigns/{campaign_id}/status', { params: { path: { campaign_id: id } }, body: { status } });
    setError(data ? '' : describe(error));
    if (data) setCampaign(data);
    setRefresh((n) => n + 1);
  };
  if (error && !campaign) return <p role="alert" class="error">{error}</p>;
  if (!campaign) return <p role="status">Loading…</p>;
  return (
    <section>
      <p><a href="#/campaigns">← All campaigns</a></p>
      <h1>{campaign.name}</h1>
      {campaign.description && <p>{campaign.description}</p>}
      <p>Status: <strong data-testid="campaign-status">{STATUS_TEXT[campaign.status]}</strong> · {campaign.contacts_total} contacts</p>
      {campaign.contacts_total === 0 && campaign.status !== 'ARCHIVED' && (
        <p class="notice" data-testid="no-contacts">
          No contacts yet: starting it sends nothing. Add contacts on the <a href="#/leads">Leads page</a> (select leads, pick this campaign, then “Enrol selected”),
          or through the API (<code>PUT /v2/networking/campaigns/{campaign.id}</code>).
        </p>
      )}
      <div class="row">
        {ACTIONS[campaign.status].map(([status, label]) => <button type="button" onClick={() => move(status)}>{label}</button>)}
        <button type="button" onClick={() => setRefresh((n) => n + 1)}>Refresh statistics</button>
      </div>
      {error && <p role="alert" class="error">{error}</p>}
      <div class="campaign-grid">
        {campaign.status === 'ARCHIVED' ? <p>Archived campaigns are kept for their statistics; they cannot be changed.</p> : <CampaignForm key={campaign.id} campaign={campaign} isAdmin={isAdmin} onSaved={setCampaign} />}
        <CampaignStats campaign={campaign} refresh={refresh} />
      </div>
    </section>
  );
}
