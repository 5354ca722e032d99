// The follow-up message after an acceptance: reserved under the daily message cap like an
// invitation, keyed by (campaign, contact, sender) so it is delivered at most once.
import { performRecorded, recordAction, type OutboundAction } from '../connections/outbound.js';
import type { NetworkActionsTable } from '../connections/connections.table.js';
import type { CampaignContactsTable } from '../campaigns/campaigns.table.js';
import { NetworkError } from '../network/provider.js';
import * as countRepo from './action-counts.repository.js';
import { parseSettings } from './campaign-settings.js';
import * as contactRepo from './outreach-contacts.repository.js';
import * as participantRepo from './participants.repository.js';
import * as repo from './outreach.repository.js';
import { pauseFor, type StepContext } from './step-context.js';
import { renderTemplate } from './templates.js';
import { startOfLocalDay } from './working-hours.js';

/** While another process delivers it, look again this much later. */
const RECHECK_MS = 10 * 60_000;

/** 'sent' when an action was taken, 'capped' at the message cap, 'next' otherwise. */
export async function sendFollowUp(c: StepContext, contact: CampaignContactsTable): Promise<'sent' | 'capped' | 'next'> {
  const { db } = c.deps;
  const ws = c.member.workspace_id;
  const me = c.member.id;
  const done = (reason: string | null) => contactRepo.updateContact(db, ws, contact.id, { follow_up_at: null, follow_up_sent_at: reason ? null : c.now, status_reason: reason, finished_at: c.now, updated_at: c.now });
  const campaign = c.campaigns.find((x) => x.id === contact.campaign_id);
  const template = campaign ? parseSettings(campaign.settings).follow_up_template : null;
  if (!template || !contact.network_urn) return (await done('no follow-up template'), 'next');
  const key = `outreach:follow-up:${ws}:${contact.campaign_id}:${contact.id}:${me}`;
  const existing = await countRepo.findAction(db, key);
  if (existing?.status === 'SENT') return (await done(null), 'next');
  if (existing?.status === 'FAILED') return (await done(`follow-up not delivered: ${existing.last_error}`), 'next');
  if (existing) return (await contactRepo.updateContact(db, ws, contact.id, { follow_up_at: c.now + RECHECK_MS }), 'next');
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
    if (!fresh || fresh.status !== 'CONNECTED' || fresh.follow_up_at === null) return 'gone';
    const [today] = await countRepo.countSenderActions(tx, ws, me, 'MESSAGE', [startOfLocalDay(c.now, c.member.time_zone)]);
    if (today! >= c.limits.dailyMessages) return 'capped';
    recorded = await recordAction(tx, c.deps, action);
    return 'reserved';
  });
  if (reserved === 'gone') return 'next';
  if (reserved === 'capped') return 'capped';
  try {
    await performRecorded(c.deps, action, recorded);
    await done(null);
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    if (err.kind === 'transient') await contactRepo.updateContact(db, ws, contact.id, { follow_up_at: c.now + RECHECK_MS });
    else {
      await done(`follow-up not delivered: ${err.message}`);
      const pause = pauseFor(err, c.now);
      if (pause) throw pause;
    }
  }
  return 'sent';
}
