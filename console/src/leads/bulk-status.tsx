// Qualify or disqualify every selected lead in one request (all or none; POST /app/api/leads/bulk-status).
import { useState } from 'preact/hooks';
import { api, describe } from '../api';
import type { SelectionActionProps } from './selection';

export function BulkStatus({ selectedIds, onDone }: SelectionActionProps) {
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = async (status: 'QUALIFIED' | 'DISQUALIFIED') => {
    setBusy(true);
    const { data, error } = await api.POST('/app/api/leads/bulk-status', { body: { lead_ids: selectedIds, status } });
    setBusy(false);
    if (!data) return setMessage({ error: true, text: describe(error) });
    const verb = status === 'QUALIFIED' ? 'qualified' : 'disqualified';
    setMessage({ error: false, text: `${data.updated.length} ${verb}${data.unchanged.length ? `, ${data.unchanged.length} already ${verb}` : ''}` });
    onDone();
  };
  const none = selectedIds.length === 0 || busy;
  return (
    <>
      <button type="button" disabled={none} onClick={() => apply('QUALIFIED')}>Qualify selected</button>
      <button type="button" disabled={none} onClick={() => apply('DISQUALIFIED')}>Disqualify selected</button>
      {message && <span role={message.error ? 'alert' : 'status'} class={message.error ? 'error' : undefined} data-testid="bulk-result">{message.text}</span>}
    </>
  );
}
