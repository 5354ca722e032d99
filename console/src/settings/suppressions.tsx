// The suppression list and its CSV upload: the file is checked row by row first (a preview that
// stores nothing); it is added only when no row is rejected, all rows in one go.
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe } from '../api';

type Entry = components['schemas']['ConsoleSuppression'];
type Report = components['schemas']['ConsoleSuppressionReport'];

export function Suppressions() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState('');
  const load = () => api.GET('/app/api/settings/suppressions').then(({ data, error }) => (data ? setEntries(data) : setError(describe(error))));
  useEffect(() => void load(), []);
  const send = async (commit: boolean, text: string) => {
    const path = commit ? '/app/api/settings/suppressions/import' : '/app/api/settings/suppressions/preview';
    const { data, error } = await api.POST(path, { body: { csv: text } });
    setError(data ? '' : describe(error));
    setReport(data ?? null);
    if (data?.committed) {
      setCsv('');
      await load();
    }
  };
  const choose = async (e: Event) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    await send(false, text);
  };
  return (
    <section aria-labelledby="suppression-title">
      <h2 id="suppression-title">Suppression list</h2>
      <p>People at these companies, or with emails at these domains, never become leads and are never invited. Upload a CSV of <code>kind,value</code> rows (kind <code>company</code> with a slug or id, or <code>domain</code>).</p>
      <label>Suppression CSV file <input type="file" accept=".csv,text/csv,text/plain" onChange={choose} /></label>
      {error && <p role="alert" class="error">{error}</p>}
      {report && (
        <div data-testid="csv-report">
          <p role="status">
            {report.committed
              ? `Added ${report.accepted.length} entries.`
              : `Preview: ${report.accepted.length} to add, ${report.unchanged.length} already listed, ${report.rejected.length} rejected.`}
          </p>
          {report.rejected.length > 0 && (
            <>
              <p class="error" role="alert">Nothing is saved while a row is rejected: fix these rows and upload the file again.</p>
              <table>
                <caption>Rejected rows</caption>
                <thead><tr><th scope="col">Line</th><th scope="col">Row</th><th scope="col">Why</th></tr></thead>
                <tbody>{report.rejected.map((r) => <tr key={r.line} data-line={r.line}><td>{r.line}</td><td><code>{r.text}</code></td><td>{r.reason}</td></tr>)}</tbody>
              </table>
            </>
          )}
          {!report.committed && report.accepted.length > 0 && (
            <table>
              <caption>Rows to add</caption>
              <thead><tr><th scope="col">Line</th><th scope="col">Kind</th><th scope="col">Value</th></tr></thead>
              <tbody>{report.accepted.map((r) => <tr key={r.line}><td>{r.line}</td><td>{r.kind}</td><td>{r.value}</td></tr>)}</tbody>
            </table>
          )}
          {!report.committed && (
            <button type="button" disabled={report.rejected.length > 0 || report.accepted.length === 0} onClick={() => send(true, csv)}>
              Add {report.accepted.length} {report.accepted.length === 1 ? 'entry' : 'entries'}
            </button>
          )}
        </div>
      )}
      <table>
        <caption>On the list ({entries.length})</caption>
        <thead><tr><th scope="col">Kind</th><th scope="col">Value</th><th scope="col">Added</th></tr></thead>
        <tbody data-testid="suppression-list">{entries.map((s) => <tr key={`${s.kind}:${s.value}`}><td>{s.kind}</td><td>{s.value}</td><td>{s.created_at.slice(0, 10)}</td></tr>)}</tbody>
      </table>
    </section>
  );
}
