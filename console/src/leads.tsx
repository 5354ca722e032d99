// The leads page: every filter and sort of GET /v2/leads and a search across name, company and
// headline, all held in the URL (#/leads?…: reload, Back and shared links keep them); headers that
// sort; cursor paging ("Next page" follows next_cursor, "First page" starts again) and the total; a
// selection (kept across pages, cleared by a new filter) for bulk actions; the CSV export of the
// current filter; the URL's lead id opens the drawer. On a phone the filters fold behind one
// button and the rows become cards, so the first lead is on the first screen.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type LeadsPage } from './api';
import { LeadDrawer } from './lead-drawer';
import { BulkStatus } from './leads/bulk-status';
import { ExportLink } from './leads/export-link';
import { filtersOf, queryOf, readFilters, SORTS, type Filters, type Sort } from './leads/filters';
import { CompanyPicker, PostPicker } from './leads/pickers';
import { SavedViews } from './leads/saved-views';
import { SortHeader } from './leads/sort-header';
import { useSelection, type SelectionActionProps } from './leads/selection';
import { Pager } from './pager';

const leadsUrl = (filters: Filters, id?: string) => `#/leads${id ? `/${encodeURIComponent(id)}` : ''}${queryOf(filters) ? `?${queryOf(filters)}` : ''}`;

/** `query`: the URL's filters; `actions`: more selection actions beside qualify/disqualify (enrolment into a campaign). */
export function Leads({ openId, query, actions = [] }: { openId: string | null; query: string; actions?: ComponentType<SelectionActionProps>[] }) {
  const filters = filtersOf(query);
  const key = queryOf(filters);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<LeadsPage | null>(null);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [reload, setReload] = useState(0);
  const [showFilters, setShowFilters] = useState(false);
  const selection = useSelection();
  useEffect(() => {
    setCursor(undefined);
    selection.clear();
  }, [key]);
  useEffect(() => {
    const { q, ...rest } = filters;
    const call = q
      ? api.GET('/app/api/leads/search', { params: { query: { q, sort_by: rest.sort_by, status: rest.status, limit: rest.limit } } })
      : api.GET('/app/api/leads', { params: { query: { ...rest, cursor } } });
    call.then(({ data, error }) => {
      setError(data ? '' : describe(error));
      setPage(data ?? null);
    });
  }, [key, cursor, reload]);
  const apply = (e: Event) => {
    e.preventDefault();
    const read = readFilters(e.target as HTMLFormElement);
    setFieldErrors(read.errors);
    if (Object.keys(read.errors).length === 0) location.hash = leadsUrl(read.filters);
  };
  const sortBy = (sort: Sort) => { location.hash = leadsUrl({ ...filters, sort_by: sort }); };
  const changed = () => setReload((n) => n + 1);
  const pageIds = page?.items.map((l) => l.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every(selection.has);
  const invalid = (name: string) => (fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `error-${name}` } : {});
  const sort = filters.sort_by ?? 'newest_first';
  return (
    <section class="leads">
      <h1>Leads</h1>
      <SavedViews query={key} />
      <form onSubmit={apply} class={`filters${showFilters ? ' open' : ''}`} aria-label="Lead filters" key={key} noValidate>
        <label class="search">Search <input type="search" name="q" defaultValue={filters.q} placeholder="Name, company or headline" maxLength={100} /></label>
        <button type="button" class="filters-toggle" aria-expanded={showFilters} onClick={() => setShowFilters(!showFilters)}>Filters</button>
        <label>Sort <select name="sort_by">{SORTS.map((s) => <option value={s} selected={s === sort}>{s.replaceAll('_', ' ')}</option>)}</select></label>
        <label>Status <select name="status"><option value="">any</option>{(['NEW', 'QUALIFIED', 'DISQUALIFIED'] as const).map((s) => <option selected={filters.status === s}>{s}</option>)}</select></label>
        <label>Created from <input type="date" name="start_date" defaultValue={filters.start_date} /></label>
        <div>
          <label>Created to <input type="date" name="end_date" defaultValue={filters.end_date} {...invalid('end_date')} /></label>
          {fieldErrors.end_date && <span id="error-end_date" role="alert" class="error field-error">{fieldErrors.end_date}</span>}
        </div>
        <label>Last days <input type="number" min={0} name="days" defaultValue={filters.days === undefined ? '' : String(filters.days)} /></label>
        <CompanyPicker value={filters.company_public_id} />
        <PostPicker value={filters.post_id} />
        <label>Email enriched <select name="email_enriched"><option value="">any</option><option value="true" selected={filters.email_enriched === true}>yes</option><option value="false" selected={filters.email_enriched === false}>no</option></select></label>
        <label>Per page <input type="number" min={1} max={50} name="limit" defaultValue={String(filters.limit ?? 50)} /></label>
        <button type="submit">Apply filters</button>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {page && (
        <>
          <div class="row">
            <p role="status" data-testid="total">{filters.q ? `${page.total}${page.has_more ? '+' : ''} leads match “${filters.q}”` : `${page.total} leads`}</p>
            {!filters.q && <ExportLink filters={filters} />}
          </div>
          <div class={`row bulk${selection.ids.length === 0 ? ' idle' : ''}`} role="group" aria-label="Selected leads">
            <span data-testid="selected-count">{selection.ids.length} selected</span>
            <BulkStatus selectedIds={selection.ids} onDone={changed} />
            {actions.map((Action) => <Action selectedIds={selection.ids} onDone={changed} />)}
            <button type="button" disabled={selection.ids.length === 0} onClick={selection.clear}>Clear selection</button>
          </div>
          <table class="stack leads-table">
            <caption>Leads, {sort.replaceAll('_', ' ')}</caption>
            <thead>
              <tr>
                <th scope="col"><input type="checkbox" aria-label="Select all leads on this page" checked={allOnPage} onChange={(e) => selection.set(pageIds, e.currentTarget.checked)} /></th>
                <th scope="col">Name</th><th scope="col">Company</th><th scope="col">Headline</th><th scope="col">Status</th>
                <SortHeader label="Score" sort={sort} desc="most_engaged_first" asc="least_engaged_first" onSort={sortBy} />
                <SortHeader label="Last touch" sort={sort} desc="last_touch_first" asc="last_touch_last" onSort={sortBy} />
                <SortHeader label="Created" sort={sort} desc="newest_first" asc="oldest_first" onSort={sortBy} />
              </tr>
            </thead>
            <tbody>
              {page.items.map((lead) => (
                <tr key={lead.id} data-lead-id={lead.id}>
                  <td><input type="checkbox" aria-label={`Select ${lead.first_name ?? ''} ${lead.last_name ?? ''}`.trim()} checked={selection.has(lead.id)} onChange={(e) => selection.set([lead.id], e.currentTarget.checked)} /></td>
                  <td class="name"><a href={leadsUrl(filters, lead.id)}>{lead.first_name} {lead.last_name}</a></td>
                  <td data-label="Company">{lead.company?.name ?? ''}</td>
                  <td class="headline">{lead.headline}</td>
                  <td data-label="Status">{lead.status}</td>
                  <td data-label="Score">{lead.engagement_score}</td>
                  <td data-label="Last touch">{lead.last_engagement_dt?.slice(0, 10) ?? ''}</td>
                  <td data-label="Created">{lead.created_at.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!filters.q && <Pager atFirst={!cursor} next={page.has_more ? page.cursor : null} onPage={setCursor} />}
        </>
      )}
      {openId && <LeadDrawer id={openId} closeUrl={leadsUrl(filters)} version={reload} onChanged={changed} />}
    </section>
  );
}
