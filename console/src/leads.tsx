// Every filter and sort of GET /v2/leads, cursor paging ("Next page" follows next_cursor, "First
// page" starts again) and the total; a selection (kept across pages, cleared by a new filter) for
// bulk actions; the CSV export of the current filter; the URL's lead id opens the drawer.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type LeadsPage } from './api';
import { LeadDrawer } from './lead-drawer';
import { BulkStatus } from './leads/bulk-status';
import { ExportLink } from './leads/export-link';
import { readFilters, SORTS, type Filters } from './leads/filters';
import { useSelection, type SelectionActionProps } from './leads/selection';
import { Pager } from './pager';

/** `actions`: more selection actions beside qualify/disqualify (enrolment into a campaign). */
export function Leads({ openId, actions = [] }: { openId: string | null; actions?: ComponentType<SelectionActionProps>[] }) {
  const [filters, setFilters] = useState<Filters>({ limit: 50 });
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<LeadsPage | null>(null);
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);
  const selection = useSelection();
  useEffect(() => {
    api.GET('/app/api/leads', { params: { query: { ...filters, cursor } } }).then(({ data, error }) => {
      setError(data ? '' : describe(error));
      setPage(data ?? null);
    });
  }, [filters, cursor, reload]);
  const apply = (e: Event) => {
    e.preventDefault();
    setCursor(undefined);
    selection.clear();
    setFilters(readFilters(e.target as HTMLFormElement));
  };
  const changed = () => setReload((n) => n + 1);
  const pageIds = page?.items.map((l) => l.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every(selection.has);
  return (
    <section>
      <h1>Leads</h1>
      <form onSubmit={apply} class="filters" aria-label="Lead filters">
        <label>Sort <select name="sort_by">{SORTS.map((s) => <option value={s}>{s.replaceAll('_', ' ')}</option>)}</select></label>
        <label>Status <select name="status"><option value="">any</option><option>NEW</option><option>QUALIFIED</option><option>DISQUALIFIED</option></select></label>
        <label>Created from <input type="date" name="start_date" /></label>
        <label>Created to <input type="date" name="end_date" /></label>
        <label>Last days <input type="number" min={0} name="days" /></label>
        <label>Company <input name="company_public_id" /></label>
        <label>Post id <input name="post_id" /></label>
        <label>Email enriched <select name="email_enriched"><option value="">any</option><option value="true">yes</option><option value="false">no</option></select></label>
        <label>Per page <input type="number" min={1} max={50} name="limit" defaultValue={filters.limit} /></label>
        <button type="submit">Apply filters</button>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {page && (
        <>
          <div class="row">
            <p role="status" data-testid="total">{page.total} leads</p>
            <ExportLink filters={filters} />
          </div>
          <div class="row" role="group" aria-label="Selected leads">
            <span data-testid="selected-count">{selection.ids.length} selected</span>
            <BulkStatus selectedIds={selection.ids} onDone={changed} />
            {actions.map((Action) => <Action selectedIds={selection.ids} onDone={changed} />)}
            <button type="button" disabled={selection.ids.length === 0} onClick={selection.clear}>Clear selection</button>
          </div>
          <div class="scroll">
            <table>
              <caption>Leads, {filters.sort_by?.replaceAll('_', ' ') ?? 'newest first'}</caption>
              <thead>
                <tr>
                  <th scope="col"><input type="checkbox" aria-label="Select all leads on this page" checked={allOnPage} onChange={(e) => selection.set(pageIds, e.currentTarget.checked)} /></th>
                  <th scope="col">Name</th><th scope="col">Headline</th><th scope="col">Status</th><th scope="col">Score</th><th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((lead) => (
                  <tr key={lead.id} data-lead-id={lead.id}>
                    <td><input type="checkbox" aria-label={`Select ${lead.first_name ?? ''} ${lead.last_name ?? ''}`.trim()} checked={selection.has(lead.id)} onChange={(e) => selection.set([lead.id], e.currentTarget.checked)} /></td>
                    <td><a href={`#/leads/${encodeURIComponent(lead.id)}`}>{lead.first_name} {lead.last_name}</a></td>
                    <td>{lead.headline}</td><td>{lead.status}</td><td>{lead.engagement_score}</td><td>{lead.created_at.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager atFirst={!cursor} next={page.has_more ? page.cursor : null} onPage={setCursor} />
        </>
      )}
      {openId && <LeadDrawer id={openId} version={reload} onChanged={changed} />}
    </section>
  );
}
