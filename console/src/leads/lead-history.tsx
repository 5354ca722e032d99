// A lead's history, each engagement linked to the post it was on (GET /app/api/leads/{lead_id}/history).
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe } from '../api';

type Entry = components['schemas']['ConsoleLeadHistoryEntry'];

export function LeadHistory({ id, version }: { id: string; version: unknown }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    api.GET('/app/api/leads/{lead_id}/history', { params: { path: { lead_id: id } } }).then(({ data, error }) => {
      setEntries(data ?? []);
      setError(data ? '' : describe(error));
    });
  }, [id, version]);
  if (error) return <p role="alert" class="error">{error}</p>;
  return (
    <ul data-testid="lead-history">
      {entries.map((h) => (
        <li key={h.id} data-history-id={h.id}>
          {h.recorded_at?.slice(0, 16).replace('T', ' ')}{' '}
          {h.post ? <a href={h.post.url} rel="noreferrer" target="_blank">{h.description}</a> : h.description}
        </li>
      ))}
    </ul>
  );
}
