// Outreach scenarios: a workspace with connected senders, an ACTIVE campaign and enrolled
// contacts; time moves by jumping the ManualClock to whatever falls due next.
import { enrolProfiles } from '../../src/campaigns/campaigns.service.js';
import { createWorker } from '../../src/engine/worker-tasks.js';
import { nextDueAt } from '../../src/outreach/outreach.repository.js';
import type { ManualClock } from '../../src/shared/clock.js';
import { addCampaign, addMember } from './networking-fixtures.js';
import type { TestServer } from './server.js';

export const MONDAY_0800_UTC = Date.parse('2025-06-02T08:00:00Z');

export async function outreachWorld(server: TestServer, options: { senders: number; contacts: number; status?: string; urnPrefix?: string }) {
  const ws = await server.newWorkspace();
  const senders: string[] = [];
  for (let i = 0; i < options.senders; i++) senders.push(await addMember(server, ws.id, { connected: true, email: `sender${i}@acme.test` }));
  const { id: campaignId } = await addCampaign(server, ws.id, { name: 'Outreach', creatorId: senders[0]!, participantIds: senders, status: options.status ?? 'ACTIVE' });
  const urns = Array.from({ length: options.contacts }, (_, i) => `ACo${options.urnPrefix ?? 'P'}${i}`);
  for (let i = 0; i < urns.length; i += 500) {
    const profiles = urns.slice(i, i + 500).map((urn, j) => ({ username: `person-${urn}`, network_urn: urn, first_name: `First${i + j}` }));
    await enrolProfiles(server.ctx.database.db, server.ctx.clock, ws.id, campaignId, profiles);
  }
  return { ws, senders, campaignId, urns };
}

/** Campaign tests run the engines a campaign needs; member syncs would only add unrelated work. */
export const CAMPAIGN_ENGINES = ['delivery', 'outreach'] as const;

/** Runs the worker until `until`, jumping the clock to the next due time; returns the rounds. */
export async function runUntil(server: TestServer, clock: ManualClock, until: number, hooks: { beforeRound?: () => Promise<void> | void } = {}) {
  const worker = createWorker(server.ctx, CAMPAIGN_ENGINES);
  let rounds = 0;
  while (clock.now() <= until) {
    await hooks.beforeRound?.();
    rounds += await worker.drain();
    const due = await nextDueAt(server.ctx.database.db);
    if (due === null || due > until) break;
    clock.set(Math.max(due, clock.now() + 1));
  }
  clock.set(Math.max(clock.now(), until));
  return rounds;
}
