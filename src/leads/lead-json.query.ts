// The list's leads rendered by the database (docs/leads-cold.md, "rendered by the database"): the
// same JSON as leads.mapper.ts toLeads serialized with the LinkedinLeadExport schema, built in the
// page's own statement, so a cold page is one statement and its leads are never JS objects.
// Field order is the schema's; test/leads-rendering.test.ts holds the two byte for byte.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { SortColumn } from '../db/keyset.js';
import { isoTime, jsonArrayColumn, jsonArrayOf, jsonFlag, jsonObject, keptJson, storedJson, type Json } from '../db/json-sql.js';
import { isPostgres } from '../db/dialect.js';
import { precompiled } from '../db/precompiled.js';
import type { LeadPageQuery } from './leads-page.query.js';

/** A column shown as it is. */
const plain = (column: string): RawBuilder<unknown> => sql.ref(column);

/**
 * The lead's company as the list shows it: kept on the company's row by triggers on both engines
 * (migration 0085 builds it from the row's columns), so no 25-field object is built per lead.
 */
function companyJson(db: DbOrTx): Json {
  return storedJson(db, sql`(select c.company_json from companies c where c.workspace_id = p.workspace_id and c.id = p.company_id)`);
}

/** A lead's rows in a child table, as the list shows them: fields in the schema's order, times last, ordered by the first time then id. */
const CHILDREN = {
  history: { table: 'lead_history', fields: ['id', 'description'], times: ['recorded_at'] },
  notes: { table: 'lead_notes', fields: ['id', 'content'], times: ['created_at', 'updated_at'] },
} as const;

/** The JSON array of the lead row `lead`'s history or notes. */
function childrenJson(db: DbOrTx, children: keyof typeof CHILDREN, lead: string): Json {
  const { table, fields, times } = CHILDREN[children];
  return jsonArrayOf(
    db,
    jsonObject(db, [...fields.map((f) => [f, plain(`c.${f}`)] as const), ...times.map((t) => [t, isoTime(db, `c.${t}`)] as const)]),
    sql`from ${sql.table(table)} c where c.workspace_id = ${sql.ref(`${lead}.workspace_id`)} and c.lead_id = ${sql.ref(`${lead}.id`)}`,
    sql`${sql.ref(`c.${times[0]}`)}, c.id`,
  );
}

/**
 * SQLite: fills history_json and notes_json of a workspace's leads that have history or notes, as
 * the triggers of lead_history and lead_notes (migration 0085) keep them, after a bulk load that
 * suspended them (snapshot/snapshot.bulk.ts). PostgreSQL keeps no such columns. (No bulk load
 * suspends the companies' triggers: their company_json is always kept.)
 */
export async function refillKeptJson(db: DbOrTx, workspaceId: string): Promise<void> {
  if (isPostgres(db)) return;
  const has = (table: string) => sql`exists (select 1 from ${sql.table(table)} c where c.workspace_id = leads.workspace_id and c.lead_id = leads.id)`;
  await sql`update leads set history_json = ${childrenJson(db, 'history', 'leads').expr}, notes_json = ${childrenJson(db, 'notes', 'leads').expr}
    where workspace_id = ${workspaceId} and (${has('lead_history')} or ${has('lead_notes')})`.execute(db);
}

/**
 * The LinkedinLeadExport JSON of the page row `p`; `placeholderPicture` stands for a lead without
 * a picture. The same expression on every page of an engine: compiled once (db/precompiled.ts).
 */
export const leadJson = precompiled((db, placeholderPicture) => {
  const p = (column: string) => plain(`p.${column}`);
  return jsonObject(db, [
    ...(['id', 'crm_id', 'first_name', 'last_name', 'headline', 'job_title', 'username', 'network_url', 'contact_email', 'phone_number', 'enrichment_status'] as const)
      .map((k) => [k, p(k)] as const),
    ['team_member_email', sql`(select t.email from team_members t where t.workspace_id = p.workspace_id and t.id = p.team_member_id)`],
    ['source', p('source')],
    ['source_content_url', p('source_content_url')],
    ['status', p('status')],
    ['tags', jsonArrayColumn(db, 'p.tags')],
    ['engagement_events_count', p('engagement_events_count')],
    ['engagement_score', p('engagement_score')],
    ['is_icp_match', jsonFlag(db, 'p.is_icp_match')],
    ['is_account_based', jsonFlag(db, 'p.is_account_based')],
    // On SQLite, history and notes are kept on the lead by triggers (migration 0085): no look-ups per lead.
    ['history', keptJson(db, 'p.history_json', childrenJson(db, 'history', 'p'))],
    ['picture', sql`coalesce(${sql.ref('p.picture')}, ${placeholderPicture})`],
    ['followers_count', p('followers_count')],
    ['connections_count', p('connections_count')],
    ['country', p('country')],
    ['feed_updated_at', isoTime(db, 'p.feed_updated_at')],
    ['created_at', isoTime(db, 'p.created_at')],
    ['last_engagement_dt', isoTime(db, 'p.last_engagement_dt')],
    ['company', companyJson(db)],
    ['notes', keptJson(db, 'p.notes_json', childrenJson(db, 'notes', 'p'))],
    ['crm_contact_url', p('crm_contact_url')],
  ]).expr;
});

/**
 * The page `page` (a query of whole lead rows, in `order`) as its position columns and each lead's
 * JSON (`doc`). The outer LIMIT keeps SQLite from flattening the page into this query, so the page
 * is read exactly as leads-page.query.ts wrote it; the outer order sorts its few rows again.
 */
export function renderLeadPage(db: DbOrTx, page: LeadPageQuery, order: readonly SortColumn[], limit: number, placeholderPicture: string) {
  const columns = [...new Set(['id', ...order.map((o) => o.column)])];
  let q = db.selectFrom(page.as('p')).select([...columns.map((c) => sql.ref(`p.${c}`).as(c)), leadJson(db, placeholderPicture).as('doc')]);
  for (const o of order) q = q.orderBy(sql.ref(`p.${o.column}`), o.dir);
  // The position columns (the cursor reads them by name) and the rendered lead.
  return q.limit(limit).$castTo<Record<string, unknown> & { doc: string }>();
}
