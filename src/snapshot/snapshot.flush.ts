// Writes one batch of a section. Child collections given in the document (tracked contacts,
// history, notes, participants, campaign contacts) replace the stored ones, so a re-import
// never duplicates them.
import { sql } from 'kysely';
import type { ContactsTable } from '../db/schema/contacts.table.js';
import { selectWhereIn } from '../db/select-where-in.js';
import { campaignContactRows, campaignRow, connectionRow, historyRows, leadRow, noteRows } from './snapshot.lead-rows.js';
import type { ImportState, Pending } from './snapshot.state.js';
import { companyRow, contactRow, postRow, PROFILE_FIELDS, teamMemberRow } from './snapshot.rows.js';
import { copyOrUpsert, deleteWhereIn, upsertRows, type KeyedRows } from './snapshot.store.js';
import { beginBulkIfEmpty, inBulkLoad } from './snapshot.bulk.js';

const WS_ID = ['workspace_id', 'id'];

// Tables filled by each section (children included).
export const TABLES: Record<string, string[]> = {
  team_members: ['team_members', 'tracked_contacts'],
  companies: ['companies'],
  contacts: ['contacts'],
  posts: ['posts'],
  leads: ['leads', 'lead_history', 'lead_notes'],
  connections: ['connections'],
  campaigns: ['campaigns', 'campaign_participants', 'campaign_contacts'],
};

export async function flushSection(state: ImportState, section: string, batch: Pending[]): Promise<void> {
  if (batch.length === 0) return;
  await beginBulkIfEmpty(state, section, batch.length);
  for (const run of runsOfDistinctIds(batch)) await writeBatch(state, section, run);
  // Planner statistics of tables that were empty make PostgreSQL check every foreign key (and
  // run every child delete) by a sequential scan, which turns a bulk import quadratic. Fresh
  // statistics after the first batch (ANALYZE counts this transaction's own rows) avoid that.
  // SQLite does not need it, and its import of 1M leads measured 2.8x slower with it.
  if (state.analyze && !state.analyzed.has(section)) {
    state.analyzed.add(section);
    for (const table of TABLES[section]) await sql`analyze ${sql.table(table)}`.execute(state.db);
  }
}

/**
 * The batch cut before each item whose id came earlier in it. Such an item is then written as it
 * would be in a later batch: its children replace the earlier item's, or are kept when it gives
 * none. In one statement, both items' children were written and the earlier item's stayed.
 */
function runsOfDistinctIds(batch: Pending[]): Pending[][] {
  const runs: Pending[][] = [[]];
  let seen = new Set<string>();
  for (const pending of batch) {
    if (seen.has(pending.id)) {
      runs.push([]);
      seen = new Set();
    }
    seen.add(pending.id);
    runs.at(-1)!.push(pending);
  }
  return runs;
}

async function writeBatch(state: ImportState, section: string, batch: Pending[]): Promise<void> {
  const { db, workspaceId: ws, now } = state;
  switch (section) {
    case 'team_members': {
      await upsertRows(db, 'team_members', batch.map((p) => teamMemberRow(ws, p.item, p.id, now)), WS_ID, ['created_at', 'time_zone']);
      const given = batch.filter((p) => p.item.tracked_contacts);
      await deleteWhereIn(db, 'tracked_contacts', ws, 'team_member_id', given.map((p) => p.id));
      const tracked = given.flatMap((p) => (p.item.tracked_contacts as string[]).map((urn) => ({ workspace_id: ws, team_member_id: p.id, contact_urn: urn })));
      return upsertRows(db, 'tracked_contacts', tracked, ['workspace_id', 'team_member_id', 'contact_urn']);
    }
    case 'companies':
      return upsertRows(db, 'companies', batch.map((p) => companyRow(ws, p.item)), WS_ID, []);
    case 'contacts': {
      const rows = batch.map((p) => contactRow(ws, p.item, now));
      const key = ['workspace_id', 'urn'];
      const upsert = () => upsertRows(db, 'contacts', rows, key);
      return inBulkLoad(state, section) ? copyOrUpsert(db, [{ table: 'contacts', rows, key }], upsert) : upsert();
    }
    case 'posts':
      return upsertRows(db, 'posts', batch.map((p) => postRow(ws, p.item, p.id, now)), WS_ID);
    case 'leads':
      return flushLeads(state, batch);
    case 'connections':
      return upsertRows(db, 'connections', batch.map((p) => connectionRow(ws, p.item, now)), ['workspace_id', 'team_member_id', 'contact_urn'], []);
    case 'campaigns':
      return flushCampaigns(state, batch);
  }
}

async function flushLeads(state: ImportState, batch: Pending[]): Promise<void> {
  const { db, workspaceId: ws, now, known } = state;
  // The lead keeps its own copy of the profile: look up the contacts of leads that leave a field out.
  const urns = batch.filter((p) => p.item.contact_urn && PROFILE_FIELDS.some((f) => p.item[f] === undefined)).map((p) => p.item.contact_urn as string);
  // Only a lead that existed before has children to replace: one primary-key look-up per lead
  // instead of a delete per child table (a million new leads have none). Both look-ups handed over
  // at once: the second runs as soon as the first has answered.
  const [profiles, found] = await Promise.all([
    selectWhereIn(db, 'contacts', ws, 'urn', [...new Set(urns)], ['urn', ...PROFILE_FIELDS]),
    selectWhereIn(db, 'leads', ws, 'id', batch.map((p) => p.id), ['id']),
  ]);
  const contacts = new Map<string, Pick<ContactsTable, 'urn' | (typeof PROFILE_FIELDS)[number]>>(profiles.map((c) => [c.urn, c]));
  const existing = new Set(found.map((l) => l.id));
  const rows = batch.map((p) => {
    const postUrl = p.item.source_post_id ? (known.posts.get(p.item.source_post_id) ?? null) : null;
    return leadRow(ws, p.item, p.id, contacts.get(p.item.contact_urn), postUrl, now);
  });
  const withHistory = batch.filter((p) => p.item.history);
  const history = withHistory.flatMap((p) => historyRows(ws, p.id, p.item.history));
  const withNotes = batch.filter((p) => p.item.notes);
  const notes = withNotes.flatMap((p) => noteRows(ws, p.id, p.item.notes));
  const upsert = async () => {
    await upsertRows(db, 'leads', rows, WS_ID, ['icp_manual']);
    await deleteWhereIn(db, 'lead_history', ws, 'lead_id', withHistory.filter((p) => existing.has(p.id)).map((p) => p.id));
    await upsertRows(db, 'lead_history', history, WS_ID, []);
    await deleteWhereIn(db, 'lead_notes', ws, 'lead_id', withNotes.filter((p) => existing.has(p.id)).map((p) => p.id));
    await upsertRows(db, 'lead_notes', notes, WS_ID, []);
  };
  if (!inBulkLoad(state, 'leads') || existing.size > 0) return upsert();
  const tables: KeyedRows[] = [{ table: 'leads', rows, key: WS_ID }, { table: 'lead_history', rows: history, key: WS_ID }, { table: 'lead_notes', rows: notes, key: WS_ID }];
  return copyOrUpsert(db, tables, upsert);
}

async function flushCampaigns({ db, workspaceId: ws, now }: ImportState, batch: Pending[]): Promise<void> {
  await upsertRows(db, 'campaigns', batch.map((p) => campaignRow(ws, p.item, p.id, now)), WS_ID);
  const withParticipants = batch.filter((p) => p.item.participant_ids);
  await deleteWhereIn(db, 'campaign_participants', ws, 'campaign_id', withParticipants.map((p) => p.id));
  const participants = withParticipants.flatMap((p) => [...new Set<string>(p.item.participant_ids)].map((id) => ({ workspace_id: ws, campaign_id: p.id, team_member_id: id })));
  await upsertRows(db, 'campaign_participants', participants, ['workspace_id', 'campaign_id', 'team_member_id']);
  const withContacts = batch.filter((p) => p.item.contacts);
  await deleteWhereIn(db, 'campaign_contacts', ws, 'campaign_id', withContacts.map((p) => p.id));
  await upsertRows(db, 'campaign_contacts', withContacts.flatMap((p) => campaignContactRows(ws, p.id, p.item.contacts, now)), WS_ID);
}
