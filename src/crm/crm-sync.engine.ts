// The CRM sync of every workspace bound to a CRM (docs/crm.md), run by the worker and by
// `crm sync`. Each lead change that matches the push rule is queued in the CRM outbox (walking the
// leads' (updated_at, id) from the workspace's cursor); the queue is pushed in order, one row at a
// time: the row is SENDING before the call goes out, so a crash between the CRM's answer and our
// write leaves a row that the next run reconciles by finding the contact (crm_id, email, profile
// URL) before making one. An unchanged lead (the same fields as last pushed) costs no call. Then,
// every PULL_INTERVAL_MS, customers are pulled into the workspace's customer list and the linked
// contacts are checked for merges and deletions.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { leadEventData } from '../leads/lead-events.js';
import { findBinding } from '../network/bindings.repository.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';
import { backoffMs } from '../shared/time.js';
import { addCustomers } from '../suppression/customers.repository.js';
import { emitEvent } from '../webhooks/outbox.js';
import { WindowSpent } from './crm.gate.js';
import { crmOptions, matchesPushRule, type PushRule } from './crm.options.js';
import { CrmError, type CrmLead, type CrmProvider } from './crm.provider.js';
import * as repo from './crm.repository.js';

export interface CrmSyncDeps {
  db: Db;
  clock: Clock;
  crms: ProviderFor<CrmProvider>;
  logger?: Logger;
}

/** How often customers, merges and deletions are pulled (a `crm sync` pulls at once). */
export const PULL_INTERVAL_MS = 5 * 60_000;
/** Lead changes read per statement when queueing. */
const SCAN = 500;
/** Pushes per workspace per step, so one workspace's backlog does not hold the others'. */
const PUSHES_PER_STEP = 25;
/** Pages of customers per pull, and linked leads checked per call. */
const PULL_PAGES = 10;
const RESOLVE_BATCH = 100;

type LeadRow = NonNullable<Awaited<ReturnType<typeof repo.leadToPush>>>;

/** One step over every workspace bound to a CRM; how much work was done (0: idle). */
export async function syncCrms(deps: CrmSyncDeps): Promise<number> {
  let work = 0;
  for (const { workspace_id } of await repo.crmWorkspaces(deps.db)) work += await syncWorkspace(deps, workspace_id, {});
  return work;
}

/**
 * Queues the workspace's lead changes, pushes up to `maxPushes` of its queue and, when due (or
 * `pullNow`), pulls. The CRM's refusals are recorded by kind; an expired token holds every push
 * until a new bind; a rate limit or an outage holds the workspace until it may try again.
 */
export async function syncWorkspace(deps: CrmSyncDeps, workspaceId: string, options: { pullNow?: boolean; maxPushes?: number }): Promise<number> {
  const crm = await deps.crms(workspaceId);
  const binding = await findBinding(deps.db, workspaceId, 'crm');
  if (!crm || !binding) return 0;
  const rule = crmOptions(JSON.parse(binding.options)).push;
  const state = await repo.syncState(deps.db, workspaceId);
  let work = await queueChanges(deps, workspaceId, rule, { at: Number(state.lead_cursor_at), id: state.lead_cursor_id });
  const now = deps.clock.now();
  if (state.auth_error !== null || Number(state.blocked_until) > now) return work;
  try {
    work += await pushQueue(deps, crm, workspaceId, rule, options.maxPushes ?? PUSHES_PER_STEP);
    if (options.pullNow || now >= Number(state.next_pull_at)) work += await pull(deps, crm, workspaceId, state.pull_cursor);
  } catch (err) {
    if (!(err instanceof CrmError)) throw err;
    await holdFor(deps, workspaceId, err);
  }
  return work;
}

/** What a refusal that stops the workspace's step means: its token waits for a bind, or the workspace waits a while. */
async function holdFor(deps: CrmSyncDeps, workspaceId: string, err: CrmError): Promise<void> {
  const now = deps.clock.now();
  if (err instanceof WindowSpent) return;
  await repo.recordError(deps.db, workspaceId, err.kind, err.message, now);
  deps.logger?.warn({ workspace_id: workspaceId, kind: err.kind, err: err.message }, 'CRM call refused');
  if (err.kind === 'auth') await repo.updateSyncState(deps.db, workspaceId, { auth_error: err.message });
  // Retry-After is a floor: never sooner than the CRM asked, never sooner than a second.
  if (err.kind === 'rate_limited') await repo.updateSyncState(deps.db, workspaceId, { blocked_until: now + Math.max(1_000, err.retryAfterMs ?? 10_000) });
}

async function queueChanges(deps: CrmSyncDeps, workspaceId: string, rule: PushRule, cursor: { at: number; id: string }): Promise<number> {
  let queued = 0;
  for (;;) {
    const rows = await repo.leadChangesAfter(deps.db, workspaceId, cursor.at, cursor.id, SCAN);
    if (rows.length === 0) return queued;
    const last = rows[rows.length - 1]!;
    cursor = { at: Number(last.updated_at), id: last.id };
    await deps.db.transaction().execute(async (tx) => {
      queued += await repo.enqueuePushes(tx, workspaceId, rows.filter((r) => matchesPushRule(rule, r)).map((r) => r.id), deps.clock.now());
      await repo.updateSyncState(tx, workspaceId, { lead_cursor_at: cursor.at, lead_cursor_id: cursor.id });
    });
    if (rows.length < SCAN) return queued;
  }
}

/** Pushes the queue in order; a lead the CRM refuses fails alone, any other refusal stops the step. */
async function pushQueue(deps: CrmSyncDeps, crm: CrmProvider, workspaceId: string, rule: PushRule, max: number): Promise<number> {
  let done = 0;
  while (done < max) {
    const row = await repo.nextPush(deps.db, workspaceId);
    if (!row || Number(row.next_at) > deps.clock.now()) return done;
    try {
      const skipped = await pushOne(deps, crm, workspaceId, rule, row);
      await repo.setPushState(deps.db, row.seq, skipped === null ? { state: 'DONE', reason: null } : { state: 'SKIPPED', reason: skipped }, deps.clock.now());
    } catch (err) {
      if (!(err instanceof CrmError)) throw err;
      if (err.kind === 'refused' || err.kind === 'not_found') {
        await repo.recordError(deps.db, workspaceId, err.kind, err.message, deps.clock.now());
        await repo.setPushState(deps.db, row.seq, { state: 'FAILED', reason: err.message }, deps.clock.now());
      } else {
        // The row waits (in order: nothing after it goes first); SENDING stays, to be reconciled.
        if (err.kind === 'transient') await repo.setPushState(deps.db, row.seq, { state: row.state === 'SENDING' ? 'SENDING' : 'PENDING', next_at: deps.clock.now() + backoffMs(1_000, 300_000, row.attempts + 1), reason: err.message }, deps.clock.now());
        throw err;
      }
    }
    done++;
  }
  return done;
}

/** The lead as the CRM gets it. */
export function crmLeadOf(lead: LeadRow): CrmLead {
  const profileUrl = lead.network_url ?? (lead.username ? `https://www.linkedin.com/in/${lead.username}` : null);
  return {
    crmId: lead.crm_id,
    email: lead.contact_email?.trim().toLowerCase() || null,
    profileUrl,
    firstName: lead.first_name,
    lastName: lead.last_name,
    jobTitle: lead.job_title,
    phone: lead.phone_number,
    company: lead.company_name ? { name: lead.company_name, domain: domainOf(lead.company_website) } : null,
  };
}

function domainOf(website: string | null): string | null {
  if (!website) return null;
  try {
    return new URL(/^https?:\/\//.test(website) ? website : `https://${website}`).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return null;
  }
}

const VERB: Record<string, string> = { POST_LIKE: 'Reacted to', POST_COMMENT: 'Commented on', POST_REPOST: 'Reposted' };

/** The note on the contact: the engagement that made the lead (post, kind, date); null when there was none. */
export function noteOf(lead: LeadRow): string | null {
  if (!lead.source_content_url) return null;
  const verb = VERB[lead.source ?? ''] ?? 'Engaged with';
  return `Warmline: ${verb} ${lead.source_content_url} on ${new Date(Number(lead.created_at)).toISOString().slice(0, 10)}`;
}

const digestOf = (lead: CrmLead) => createHash('sha256').update(JSON.stringify({ ...lead, crmId: undefined })).digest('base64url');

/** Pushes one queued lead; the reason it was skipped, or null when it is in the CRM as it is here. */
async function pushOne(deps: CrmSyncDeps, crm: CrmProvider, workspaceId: string, rule: PushRule, row: { seq: number; lead_id: string; attempts: number }): Promise<string | null> {
  const { db, clock } = deps;
  const lead = await repo.leadToPush(db, workspaceId, row.lead_id);
  if (!lead) return 'the lead is gone';
  if (!matchesPushRule(rule, lead)) return 'no longer matches the push rule';
  const pushed = crmLeadOf(lead);
  if (!lead.crm_id && !pushed.email && !pushed.profileUrl) return 'no email and no profile URL to find its CRM contact by';
  const link = await repo.findLink(db, workspaceId, lead.id);
  // The sales team deleted the contact in the CRM: not made again (a crm_id set by hand pushes to that contact).
  if (!lead.crm_id && link?.pushed_digest === repo.DELETED_IN_CRM) return 'its CRM contact was deleted in the CRM';
  const digest = digestOf(pushed);
  let crmId = lead.crm_id;
  if (!(link && link.crm_id !== null && link.crm_id === lead.crm_id && link.pushed_digest === digest)) {
    // Recorded before the call: a crash from here on leaves the row to reconcile.
    await repo.setPushState(db, row.seq, { state: 'SENDING', attempts: row.attempts + 1 }, clock.now());
    let existing = lead.crm_id ? { crmId: lead.crm_id, companyId: link?.crm_id === lead.crm_id ? link.company_crm_id : null } : await crm.find(pushed);
    let contact;
    try {
      contact = await crm.push(pushed, existing);
    } catch (err) {
      // The crm_id names a contact deleted or merged away: found again as if it had none.
      if (!(err instanceof CrmError && err.kind === 'not_found' && lead.crm_id)) throw err;
      existing = await crm.find({ ...pushed, crmId: null });
      contact = await crm.push({ ...pushed, crmId: null }, existing);
    }
    const now = clock.now();
    crmId = contact.crmId;
    await db.transaction().execute(async (tx) => {
      if (contact.crmId !== lead.crm_id || contact.url !== lead.crm_contact_url) {
        await repo.setLeadCrm(tx, workspaceId, lead.id, contact.crmId, contact.url, now);
        await emitEvent(tx, workspaceId, now, {
          type: 'lead.updated',
          data: { ...leadEventData(lead), crm_id: contact.crmId, crm_contact_url: contact.url, changed: ['crm_id', 'crm_contact_url'], previous: { crm_id: lead.crm_id, crm_contact_url: lead.crm_contact_url } },
        });
      }
      await repo.saveLink(tx, { workspace_id: workspaceId, lead_id: lead.id, crm_id: contact.crmId, company_crm_id: contact.companyId, pushed_digest: digest, pushed_at: now });
      await repo.countPushed(tx, workspaceId, 1, 0);
    });
  }
  const note = noteOf(lead);
  const noted = (await repo.findLink(db, workspaceId, lead.id))?.noted_at ?? null;
  if (note && noted === null && crmId) {
    // Recorded before the call, and undone only when the CRM answered that it refused: a crash in
    // between loses the note rather than making it twice.
    await repo.setNoted(db, workspaceId, lead.id, clock.now());
    try {
      await crm.note(crmId, note);
    } catch (err) {
      await repo.setNoted(db, workspaceId, lead.id, null);
      throw err;
    }
  }
  return null;
}

/** Customers into the customer list; merged and deleted contacts onto the leads. */
async function pull(deps: CrmSyncDeps, crm: CrmProvider, workspaceId: string, cursor: string | null): Promise<number> {
  const { db, clock } = deps;
  let work = 0;
  for (let page = 0; page < PULL_PAGES; page++) {
    const answer = await crm.customers(cursor);
    const rows = answer.items.map((c) => ({ workspace_id: workspaceId, crm_id: c.crmId, email: c.email?.toLowerCase() ?? null, username: usernameOf(c.profileUrl), created_at: clock.now() }));
    await db.transaction().execute(async (tx) => {
      await addCustomers(tx, rows);
      await repo.updateSyncState(tx, workspaceId, { pull_cursor: answer.cursor ?? cursor });
      await repo.countPushed(tx, workspaceId, 0, rows.length);
    });
    cursor = answer.cursor ?? cursor;
    work += rows.length;
    if (!answer.more) break;
  }
  for (let after = ''; ; ) {
    const leads = await repo.linkedLeads(db, workspaceId, after, RESOLVE_BATCH);
    if (leads.length === 0) break;
    after = leads[leads.length - 1]!.id;
    const fates = await crm.resolve([...new Set(leads.map((l) => l.crm_id!))]);
    for (const lead of leads) {
      const fate = fates.get(lead.crm_id!);
      if (fate === undefined || fate?.crmId === lead.crm_id) continue;
      work += 1;
      await moveLead(deps, workspaceId, lead, fate);
    }
  }
  const now = clock.now();
  await repo.updateSyncState(db, workspaceId, { last_sync_at: now, next_pull_at: now + PULL_INTERVAL_MS });
  return work;
}

/** A lead whose contact was merged (onto the survivor) or deleted (crm_id cleared, and not made again). */
async function moveLead(deps: CrmSyncDeps, workspaceId: string, lead: { id: string; crm_id: string | null; crm_contact_url: string | null }, fate: { crmId: string; url: string } | null) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    const full = await repo.leadToPush(tx, workspaceId, lead.id);
    if (!full) return;
    await repo.setLeadCrm(tx, workspaceId, lead.id, fate?.crmId ?? null, fate?.url ?? null, now);
    if (fate) await repo.relink(tx, workspaceId, lead.id, fate.crmId);
    else await repo.markDeleted(tx, workspaceId, lead.id);
    await emitEvent(tx, workspaceId, now, {
      type: 'lead.updated',
      data: { ...leadEventData(full), crm_id: fate?.crmId ?? null, crm_contact_url: fate?.url ?? null, changed: ['crm_id', 'crm_contact_url'], previous: { crm_id: lead.crm_id, crm_contact_url: lead.crm_contact_url } },
    });
  });
}

/** The username of a network profile URL (https://www.linkedin.com/in/<username>/), lower case. */
function usernameOf(url: string | null): string | null {
  const m = url ? /\/in\/([^/?#]+)/.exec(url) : null;
  return m ? decodeURIComponent(m[1]!).toLowerCase() : null;
}
