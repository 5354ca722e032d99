// Enrol the selected leads into a campaign (POST /app/api/campaigns/{id}/leads): the leads page's
// selection action; the campaign picker lists every campaign of the workspace that is not archived.
import { useEffect, useState } from 'preact/hooks';
import { api, describe } from '../api';
import type { SelectionActionProps } from './selection';

type Option = { id: string; name: string };

export function EnrolInCampaign({ selectedIds, onDone }: SelectionActionProps) {
  const [campaigns, setCampaigns] = useState<Option[]>([]);
  const [campaignId, setCampaignId] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    (async () => {
      const open: Option[] = [];
      for (let cursor: string | undefined; ; ) {
        const { data } = await api.GET('/app/api/campaigns', { params: { query: { limit: 50, cursor } } });
        open.push(...(data?.items ?? []).filter((c) => c.status !== 'ARCHIVED').map((c) => ({ id: c.id, name: c.name })));
        if (!data?.cursor) break;
        cursor = data.cursor;
      }
      setCampaigns(open);
      setCampaignId((current) => current || open[0]?.id || '');
    })();
  }, []);
  const enrol = async () => {
    setBusy(true);
    const { data, error } = await api.POST('/app/api/campaigns/{campaign_id}/leads', { params: { path: { campaign_id: campaignId } }, body: { lead_ids: selectedIds } });
    setBusy(false);
    if (!data) return setMessage({ error: true, text: describe(error) });
    setMessage({ error: false, text: `${data.enrolled.length} enrolled${data.skipped.length ? `, ${data.skipped.length} skipped (${[...new Set(data.skipped.map((s) => s.reason))].join('; ')})` : ''}` });
    onDone();
  };
  if (campaigns.length === 0) return null;
  return (
    <>
      <label>
        Campaign{' '}
        <select value={campaignId} onChange={(e) => setCampaignId((e.target as HTMLSelectElement).value)}>
          {campaigns.map((c) => <option value={c.id}>{c.name}</option>)}
        </select>
      </label>
      <button type="button" disabled={selectedIds.length === 0 || busy || !campaignId} onClick={enrol}>Enrol selected</button>
      {message && <span role={message.error ? 'alert' : 'status'} class={message.error ? 'error' : undefined} data-testid="enrol-result">{message.text}</span>}
    </>
  );
}
