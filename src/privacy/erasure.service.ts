// Erasure of a person on request (`warmline person forget <workspace> <urn|email>`): in one
// transaction, every personal field of that person in that workspace goes: their leads (with
// history and notes), contact, engagement, connections, replies, profile look-ups, enrichment
// results, stored provider deliveries; their campaign contacts and outbound actions stay as
// counted facts stripped of who they were; other texts that name them (notes, history, webhook
// events, sent texts) lose the name. The person then goes on the do-not-process list (digests
// only), which ingestion, enrichment and outreach check, and a `person.forgotten` event without
// personal data says it happened. Counters move with the rows they count.
import type { Db } from '../db/database.js';
import { workspaceTransaction } from '../db/workspace-lock.js';
import { applyLeadCountDeltas } from '../leads/lead-counts.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { addDoNotProcess } from '../suppression/do-not-process.repository.js';
import { personDigests } from '../suppression/suppression.service.js';
import { emitEvent, eventBody } from '../webhooks/outbox.js';
import { requireWorkspace } from '../workspace/workspace.service.js';
import * as repo from './erasure.repository.js';

export interface ForgetResult {
  workspace_id: string;
  /** Leads deleted. */
  leads: number;
  /** Campaign contacts kept as anonymous counted rows. */
  campaign_contacts: number;
  /** Other rows whose text named the person (notes, history, deliveries, events, sent texts). */
  mentions: number;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const ERASED = '[erased]';

/** `who`: a network id (urn) or an email; anything else is a one-line refusal. */
export function parsePerson(who: string): { urn: string | null; email: string | null } {
  const text = who.trim();
  if (text.includes('@')) {
    if (!EMAIL.test(text)) throw new UsageError(`"${who}" is not an email address`);
    return { urn: null, email: text.toLowerCase() };
  }
  if (text === '' || /\s/.test(text)) throw new UsageError(`"${who}" is neither a person's network id (urn) nor an email address`);
  return { urn: text, email: null };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function forgetPerson(deps: { db: Db; clock: Clock }, workspaceId: string, who: string): Promise<ForgetResult> {
  const person = parsePerson(who);
  await requireWorkspace(deps.db, workspaceId);
  const now = deps.clock.now();
  return workspaceTransaction(deps.db, workspaceId, async (tx) => {
    const urns = new Set(person.urn ? [person.urn] : []);
    const emails = new Set(person.email ? [person.email] : []);
    // An email leads to a network id and back: two rounds find every row of the person.
    let leads: Awaited<ReturnType<typeof repo.findLeadsOf>> = [];
    let contacts: Awaited<ReturnType<typeof repo.findCampaignContactsOf>> = [];
    for (let round = 0; round < 2; round++) {
      leads = await repo.findLeadsOf(tx, workspaceId, [...urns], [...emails]);
      contacts = await repo.findCampaignContactsOf(tx, workspaceId, [...urns], [...emails]);
      for (const l of leads) {
        if (l.contact_urn) urns.add(l.contact_urn);
        if (l.contact_email) emails.add(l.contact_email.toLowerCase());
      }
      for (const c of contacts) {
        if (c.network_urn) urns.add(c.network_urn);
        if (c.email) emails.add(c.email.toLowerCase());
      }
    }
    const profiles = await repo.findContactsOf(tx, workspaceId, [...urns]);
    const names = new Set(
      [...leads, ...profiles, ...contacts].flatMap((p) => (p.first_name && p.last_name ? [`${p.first_name} ${p.last_name}`] : [])),
    );

    await repo.deleteByUrn(tx, workspaceId, [...urns]);
    await applyLeadCountDeltas(tx, workspaceId, leads.map((lead) => ({ lead: { ...lead, created_at: Number(lead.created_at) }, delta: -1 })));
    await repo.deleteLeads(tx, workspaceId, leads.map((l) => l.id));
    await repo.anonymiseActions(tx, workspaceId, [...urns]);
    await repo.anonymiseCampaignContacts(tx, workspaceId, contacts.map((c) => c.id), now);

    // What is left that names them: their names, emails and network ids in other rows' texts.
    const words = [...names, ...emails, ...urns];
    const scrub = new RegExp(words.map(escapeRegExp).join('|'), 'gi');
    const found = await repo.findMentions(tx, workspaceId, words);
    for (const n of found.notes) await repo.rewriteNote(tx, workspaceId, n.id, n.text.replace(scrub, ERASED), now);
    for (const h of found.history) await repo.rewriteHistory(tx, workspaceId, h.id, (h.text ?? '').replace(scrub, ERASED));
    await repo.deleteInbox(tx, workspaceId, found.inbox.map((i) => i.id));
    for (const e of found.outbox) await repo.rewriteOutboxPayload(tx, e.id, e.subscription_id, eventBody(e.event_type, Number(e.created_at), { erased: true }));
    await repo.clearSentTexts(tx, workspaceId, found.ledger.map((l) => l.idempotency_key), [...urns]);

    await addDoNotProcess(tx, workspaceId, [...[...urns].flatMap((urn) => personDigests({ urn })), ...[...emails].flatMap((email) => personDigests({ email }))], now);
    // The event says a person was erased and which leads went, never who.
    await emitEvent(tx, workspaceId, now, { type: 'person.forgotten', data: { lead_ids: leads.map((l) => l.id).sort() } });
    const mentions = found.notes.length + found.history.length + found.inbox.length + found.outbox.length + found.ledger.length;
    return { workspace_id: workspaceId, leads: leads.length, campaign_contacts: contacts.length, mentions };
  });
}
