// The statements of a person's erasure (erasure.service.ts runs them in one transaction): every
// row that holds the person in one workspace, deleted or stripped of what identifies them.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

/** A LIKE pattern that matches `text` anywhere, its wildcards escaped (`\` is the escape character). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const mentions = (column: string, text: string) => sql<boolean>`lower(${sql.ref(column)}) like ${containing(text.toLowerCase())} escape '\\'`;

/** The person's leads, by network id or email. */
export function findLeadsOf(db: DbOrTx, workspaceId: string, urns: readonly string[], emails: readonly string[]) {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([...(urns.length ? [eb('contact_urn', 'in', urns)] : []), ...(emails.length ? [eb(sql`lower(contact_email)`, 'in', emails)] : []), sql<boolean>`1 = 0`]))
    .execute();
}

/** The person's campaign contacts, by network id or email. */
export function findCampaignContactsOf(db: DbOrTx, workspaceId: string, urns: readonly string[], emails: readonly string[]) {
  return db
    .selectFrom('campaign_contacts')
    .select(['campaign_id', 'id', 'network_urn', 'email', 'first_name', 'last_name', 'username'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([...(urns.length ? [eb('network_urn', 'in', urns)] : []), ...(emails.length ? [eb(sql`lower(email)`, 'in', emails)] : []), sql<boolean>`1 = 0`]))
    .execute();
}

export function findContactsOf(db: DbOrTx, workspaceId: string, urns: readonly string[]) {
  if (urns.length === 0) return Promise.resolve([]);
  return db.selectFrom('contacts').select(['urn', 'first_name', 'last_name', 'username']).where('workspace_id', '=', workspaceId).where('urn', 'in', urns).execute();
}

/** Leads go with their history and notes (cascade); their counters are moved by the caller. */
export async function deleteLeads(db: DbOrTx, workspaceId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('enrichment_results').where('workspace_id', '=', workspaceId).where('person', 'in', ids).execute();
  await db.deleteFrom('leads').where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}

/** Rows keyed by the person's network id that are theirs alone: deleted (the triggers keep the tracked counts). */
export async function deleteByUrn(db: DbOrTx, workspaceId: string, urns: readonly string[]) {
  if (urns.length === 0) return;
  for (const table of ['engagement_events', 'tracked_contacts', 'connections', 'replies', 'profile_lookups', 'network_relations'] as const) {
    await db.deleteFrom(table).where('workspace_id', '=', workspaceId).where('contact_urn', 'in', urns).execute();
  }
  await db.deleteFrom('contacts').where('workspace_id', '=', workspaceId).where('urn', 'in', urns).execute();
  await db.deleteFrom('enrichment_results').where('workspace_id', '=', workspaceId).where('person', 'in', urns).execute();
}

/**
 * Outbound actions to the person stay as counted facts (the day's limits, a campaign's numbers)
 * without their id or text; one not yet sent is never sent.
 */
export async function anonymiseActions(db: DbOrTx, workspaceId: string, urns: readonly string[]) {
  if (urns.length === 0) return;
  await db
    .updateTable('network_actions')
    .set({ status: 'FAILED', last_error: 'the person was erased', next_attempt_at: null, claimed_until: null })
    .where('workspace_id', '=', workspaceId)
    .where('contact_urn', 'in', urns)
    .where('status', '=', 'PENDING')
    .execute();
  await db.updateTable('network_actions').set({ contact_urn: 'erased', payload: '{}' }).where('workspace_id', '=', workspaceId).where('contact_urn', 'in', urns).execute();
}

/** Campaign contacts stay counted in their campaigns, stripped of who they were; a queued one is skipped. */
export async function anonymiseCampaignContacts(db: DbOrTx, workspaceId: string, ids: readonly string[], now: number) {
  if (ids.length === 0) return;
  await db
    .updateTable('campaign_contacts')
    .set({ status: 'SKIPPED', status_reason: 'the person was erased', finished_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .where('status', '=', 'QUEUED')
    .execute();
  await db
    .updateTable('campaign_contacts')
    .set({ username: sql<string>`'erased-' || id`, username_key: sql<string>`'erased-' || id`, network_urn: null, first_name: null, last_name: null, email: null, crm_id: null, updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Texts elsewhere that name the person (notes and history of other leads, sent and stored
 * provider deliveries, webhook events): the rows that mention any of `words`.
 */
export async function findMentions(db: DbOrTx, workspaceId: string, words: readonly string[]) {
  if (words.length === 0) return { notes: [], history: [], inbox: [], outbox: [], ledger: [] };
  const any = (column: string) => sql<boolean>`(${sql.join(words.map((w) => mentions(column, w)), sql` or `)})`;
  const [notes, history, inbox, outbox, ledger] = await Promise.all([
    db.selectFrom('lead_notes').select(['id', 'content as text']).where('workspace_id', '=', workspaceId).where(any('content')).execute(),
    db.selectFrom('lead_history').select(['id', 'description as text']).where('workspace_id', '=', workspaceId).where(any('description')).execute(),
    db.selectFrom('unipile_inbox').select(['id']).where('workspace_id', '=', workspaceId).where(any('payload')).execute(),
    db.selectFrom('webhook_outbox').select(['id', 'subscription_id', 'event_type', 'created_at']).where('workspace_id', '=', workspaceId).where(any('payload')).execute(),
    db.selectFrom('unipile_send_ledger').select(['idempotency_key']).where('workspace_id', '=', workspaceId).where(any('text')).execute(),
  ]);
  return { notes, history, inbox, outbox, ledger };
}

export async function rewriteNote(db: DbOrTx, workspaceId: string, id: string, content: string, now: number) {
  await db.updateTable('lead_notes').set({ content, updated_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export async function rewriteHistory(db: DbOrTx, workspaceId: string, id: string, description: string) {
  await db.updateTable('lead_history').set({ description }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

/** Stored deliveries that name the person: applied or not, they are dropped (an unapplied one must not bring them back). */
export async function deleteInbox(db: DbOrTx, workspaceId: string, ids: readonly string[]) {
  if (ids.length) await db.deleteFrom('unipile_inbox').where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}

/** The exactly-once ledger keeps its intents and references, not the text sent. */
export async function clearSentTexts(db: DbOrTx, workspaceId: string, keys: readonly string[], urns: readonly string[]) {
  if (keys.length) await db.updateTable('unipile_send_ledger').set({ text: null }).where('workspace_id', '=', workspaceId).where('idempotency_key', 'in', keys).execute();
  if (urns.length) await db.updateTable('unipile_send_ledger').set({ text: null, provider_id: 'erased' }).where('workspace_id', '=', workspaceId).where('provider_id', 'in', urns).execute();
}

export async function rewriteOutboxPayload(db: DbOrTx, id: string, subscriptionId: string, payload: string) {
  await db.updateTable('webhook_outbox').set({ payload }).where('id', '=', id).where('subscription_id', '=', subscriptionId).execute();
}
