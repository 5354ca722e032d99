// The follow-up sequence after an acceptance: each step a message reserved under the daily
// message cap like an invitation, keyed by (campaign, contact, sender, step) so it is delivered at
// most once. Step 1 keeps the key it had before sequences existed (actions in flight stay exactly-once).
import { performRecorded, recordAction, type OutboundAction } from '../connections/outbound.js';
import type { NetworkActionsTable } from '../db/schema/connections.table.js';
import type { CampaignContact, CampaignContactChanges } from '../db/schema/campaigns.table.js';
import { NetworkError } from '../network/provider.js';
import * as countRepo from './action-counts.repository.js';
import { followUpStep, parseSettings } from './campaign-settings.js';
import * as contactRepo from './outreach-contacts.repository.js';
import * as participantRepo from './participants.repository.js';
import * as repo from './outreach.repository.js';
import { pauseFor, type StepContext } from './step-context.js';
import { renderTemplate } from './templates.js';
import { startOfLocalDay } from './working-hours.js';

/** While another process delivers it, look again this much later. */
const RECHECK_MS = 10 * 60_000;

/** 'sent' when an action was taken, 'capped' at the message cap, 'next' otherwise. */
export async function sendFollowUp(c: StepContext, contact: CampaignContact): Promise<'sent' | 'capped' | 'next'> {
  const { db } = c.deps;
  const ws = c.member.workspace_id;
  const me = c.member.id;
  // Every write is conditional on the step this worker read (a concurrent worker may be ahead).
  const update = (changes: CampaignContactChanges) => contactRepo.updateAtFollowUpStep(db, ws, contact.id, contact.follow_up_step, changes);
  const done = (reason: string | null) => update({ follow_up_at: null, follow_up_sent_at: reason ? null : c.now, status_reason: reason, finished_at: c.now, updated_at: c.now });
  const campaign = c.campaigns.find((x) => x.id === contact.campaign_id);
  const settings = campaign ? parseSettings(campaign.settings) : null;
  const n = contact.follow_up_step + 1;
  const step = settings ? followUpStep(settings, n) : null;
  // Step n sent: the next step is due its delay later, or the sequence is over.
  const sent = () => {
    const next = settings ? followUpStep(settings, n + 1) : null;
    return update(next
      ? { follow_up_step: n, follow_up_at: c.now + next.delay_hours * 3_600_000, follow_up_sent_at: c.now, updated_at: c.now }
      : { follow_up_step: n, follow_up_at: null, follow_up_sent_at: c.now, status_reason: null, finished_at: c.now, updated_at: c.now });
  };
  // The campaign's steps were shortened since: the sequence is over.
  if (!step && n > 1) return (await update({ follow_up_at: null, finished_at: c.now, updated_at: c.now }), 'next');
  if (!step || !contact.network_urn) return (await done('no follow-up template'), 'next');
  const template = step.template;
  const key = `outreach:follow-up:${ws}:${contact.campaign_id}:${contact.id}:${me}${n === 1 ? '' : `:step${n}`}`;
  const existing = await countRepo.findAction(db, key);
  if (existing?.status === 'SENT') return (await sent(), 'next');
  if (existing?.status === 'FAILED') return (await done(`follow-up not delivered: ${existing.last_error}`), 'next');
  if (existing) return (await update({ follow_up_at: c.now + RECHECK_MS }), 'next');
  const company = await participantRepo.companyOf(db, ws, contact.network_urn);
  const action: OutboundAction = {
    kind: 'MESSAGE', workspaceId: ws, teamMemberId: me, contactUrn: contact.network_urn, key,
    text: renderTemplate(template, { first_name: contact.first_name, last_name: contact.last_name, company: company?.name ?? null }),
  };
  let recorded: NetworkActionsTable | undefined;
  const reserved = await db.transaction().execute(async (tx) => {
    await repo.lockSender(tx, ws, me);
    // Read again under the row lock a reply takes (replies.ts): a reply recorded since the
    // contact was picked means no follow-up.
    const fresh = await contactRepo.lockFollowUp(tx, ws, contact.id);
    if (!fresh || fresh.status !== 'CONNECTED' || fresh.follow_up_at === null || fresh.follow_up_step !== contact.follow_up_step) return 'gone';
    const [today] = await countRepo.countSenderActions(tx, ws, me, 'MESSAGE', [startOfLocalDay(c.now, c.member.time_zone)]);
    if (today! >= c.limits.dailyMessages) return 'capped';
    recorded = await recordAction(tx, c.deps, action);
    return 'reserved';
  });
  if (reserved === 'gone') return 'next';
  if (reserved === 'capped') return 'capped';
  try {
    await performRecorded(c.deps, action, recorded);
    await sent();
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    if (err.kind === 'transient') await update({ follow_up_at: c.now + RECHECK_MS });
    else {
      await done(`follow-up not delivered: ${err.message}`);
      const pause = pauseFor(err, c.now);
      if (pause) throw pause;
    }
  }
  return 'sent';
}
