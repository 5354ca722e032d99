// CSV export of GET /v2/leads' current filter and sort: it walks the list's own keyset paginator
// page by page (one page in memory at a time) and maps rows with the list's own mapper, so a
// cell says what the API says. csv-stringify quotes by RFC 4180 (CRLF records; a field with a
// comma, quote, CR or LF quoted, quotes doubled) and prefixes with ' any cell a spreadsheet would
// run as a formula (starting with =, +, -, @, tab or CR).
import { stringify } from 'csv-stringify/sync';
import { paginate } from '../db/paginate.js';
import { toLeads } from './leads.mapper.js';
import type { Lead, LeadsQuery } from './leads.schemas.js';
import { leadPageRequest, wholeRows, type LeadsDeps } from './leads.service.js';

/** Rows fetched per page of the walk: big enough to amortise the queries, small enough to stay light. */
export const EXPORT_PAGE = 500;

const COLUMNS: [string, (lead: Lead) => unknown][] = [
  ['id', (l) => l.id],
  ['first_name', (l) => l.first_name],
  ['last_name', (l) => l.last_name],
  ['headline', (l) => l.headline],
  ['job_title', (l) => l.job_title],
  ['company', (l) => l.company?.name],
  ['contact_email', (l) => l.contact_email],
  ['phone_number', (l) => l.phone_number],
  ['network_url', (l) => l.network_url],
  ['country', (l) => l.country],
  ['status', (l) => l.status],
  ['tags', (l) => l.tags.join('; ')],
  ['engagement_score', (l) => l.engagement_score],
  ['engagement_events_count', (l) => l.engagement_events_count],
  ['is_icp_match', (l) => l.is_icp_match],
  ['is_account_based', (l) => l.is_account_based],
  ['crm_id', (l) => l.crm_id],
  ['crm_contact_url', (l) => l.crm_contact_url],
  ['source', (l) => l.source],
  ['team_member_email', (l) => l.team_member_email],
  ['created_at', (l) => l.created_at],
  ['last_engagement_dt', (l) => l.last_engagement_dt],
];
export const EXPORT_COLUMNS = COLUMNS.map(([name]) => name);

const csv = (records: unknown[][]) => stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/, escape_formulas: true, cast: { boolean: (b) => String(b) } });

/**
 * The export as CSV chunks: the header and the first page are read before the first chunk is
 * handed out (so a failing query is still an error answer, not a cut-off file), then a page per chunk.
 */
export async function exportLeadsCsv(deps: LeadsDeps, workspaceId: string, query: Omit<LeadsQuery, 'cursor' | 'limit'>, placeholderPicture: string): Promise<AsyncIterable<string>> {
  const pageAfter = (cursor: string | undefined) => paginate({ ...leadPageRequest(deps, workspaceId, { ...query, cursor }, EXPORT_PAGE, wholeRows), countTotal: false });
  const chunk = async (rows: Awaited<ReturnType<typeof pageAfter>>['rows']) =>
    csv((await toLeads(deps.reads, workspaceId, rows, placeholderPicture, { activity: false })).map((lead) => COLUMNS.map(([, cell]) => cell(lead))));
  const first = await pageAfter(undefined);
  const head = csv([EXPORT_COLUMNS]) + (await chunk(first.rows));
  return (async function* walk() {
    yield head;
    for (let cursor = first.cursor; cursor !== null; ) {
      const page = await pageAfter(cursor);
      yield await chunk(page.rows);
      cursor = page.cursor;
    }
  })();
}
