// The console's search across name, company and headline (docs/console.md, "Search"): beside
// GET /v2/leads, whose query parameters the spec fixes. Every word must start a word of the lead's
// first name, last name or headline, or the whole text must appear in its company's name. Up to
// `limit` leads in the chosen sort; a word matching more than SEARCH_CANDIDATES leads sorts only
// that many (the most recently stored), and the answer says there are more.
import type { Db } from '../db/database.js';
import { toLeads } from './leads.mapper.js';
import { LEAD_SORT_SPECS } from './leads.service.js';
import { findCompaniesByName, searchLeadRows } from './lead-search.query.js';
import type { LeadSort, LeadStatus } from './leads.schemas.js';

export interface LeadSearchQuery {
  q: string;
  status?: LeadStatus;
  sort_by?: LeadSort;
  limit?: number;
}

/** At most this many words count (a name and a title are a few words). */
const MAX_WORDS = 6;

export const searchWords = (q: string) => q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, MAX_WORDS);

export async function searchLeads(db: Db, workspaceId: string, query: LeadSearchQuery, placeholderPicture: string) {
  const limit = query.limit ?? 50;
  const order = LEAD_SORT_SPECS[query.sort_by ?? 'newest_first'].columns;
  const rows = await searchLeadRows(db, workspaceId, { words: searchWords(query.q), company: query.q.trim().toLowerCase() }, query.status, order, limit + 1);
  const items = await toLeads(db, workspaceId, rows.slice(0, limit), placeholderPicture);
  return { total: items.length, items, has_more: rows.length > limit, cursor: null };
}

export const companyChoices = (db: Db, workspaceId: string, q: string) => findCompaniesByName(db, workspaceId, q.trim(), 20);
