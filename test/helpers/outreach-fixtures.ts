// Outreach scenarios: a workspace with connected senders, an ACTIVE campaign and enrolled
// contacts; time moves by jumping the ManualClock to whatever falls due next, or, for worker
// processes, on an accelerated clock (campaignDatabase).
import { createCampaign } from '../../src/campaigns/campaigns.operator.js';
import { enrolProfiles } from '../../src/campaigns/campaigns.service.js';
import { loadConfig } from '../../src/config.js';
import { createContext, createLogger, type AppContext } from '../../src/context.js';
import { createWorker } from '../../src/engine/worker-tasks.js';
import { configureCampaign, type CampaignSettings } from '../../src/outreach/campaign-settings.js';
import { setLimits, type OutreachLimits } from '../../src/outreach/limits.js';
import { nextDueAt } from '../../src/outreach/outreach.repository.js';
import { ManualClock } from '../../src/shared/clock.js';
import { dbArgOf, type TestDatabase } from './dialects.js';
import { addCampaign } from './networking-fixtures.js';
import type { TestServer } from './server.js';
import { makeWorkspace } from './workspaces.js';

export const MONDAY_0800_UTC = Date.parse('2025-06-02T08:00:00Z');

/** Senders sender0@acme.test, sender1@acme.test, … */
const senderSpecs = (count: number) => Array.from({ length: count }, (_, i) => ({ email: `sender${i}@acme.test` }));

export async function outreachWorld(server: TestServer, options: { senders: number; contacts: number; status?: string; urnPrefix?: string; activity?: boolean }) {
  // Without activity unless asked: the sandbox's seeded replies would stop some follow-ups.
  const ws = await server.newWorkspace(undefined, { activity: options.activity ?? false, connected: true, members: senderSpecs(options.senders) });
  const senders = ws.members;
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

export interface CampaignDatabase {
  /** The test's own view of the database (workers run in other processes). */
  ctx: AppContext;
  /** What `--db` takes. */
  dbUrl: string;
  workspaceId: string;
  campaignId: string;
  senders: string[];
  urns: string[];
}

export interface CampaignOptions {
  senders: number;
  accepting: number;
  declining?: number;
  limits: Partial<OutreachLimits>;
  settings: Partial<CampaignSettings>;
}

/**
 * A database with one ACTIVE campaign for worker processes to run, made at `start`: CONNECTED senders (on the
 * sandbox too), the workspace's limits and the campaign's settings, and two kinds of people
 * enrolled: `declining` ones who accept no sender (enrolled first, so invited first, and
 * withdrawn a day or more later) and then `accepting` ones who accept whichever sender invites
 * them, so the campaign ends hours after its last invitation rather than a day.
 */
export async function campaignDatabase(database: TestDatabase, start: number, options: CampaignOptions): Promise<CampaignDatabase> {
  const clock = new ManualClock(start);
  const dbUrl = dbArgOf(database.target);
  const ctx = await createContext(loadConfig({ db: dbUrl, demo: false }, {}), { clock, logger: createLogger('silent') });
  try {
    return { ctx, dbUrl, ...(await fillCampaign(ctx, clock, options)) };
  } catch (err) {
    await ctx.close();
    throw err;
  }
}

async function fillCampaign(ctx: AppContext, clock: ManualClock, options: CampaignOptions) {
  const { db } = ctx.database;
  const { sandbox } = ctx;
  const { id: workspaceId, members: senders } = await makeWorkspace(ctx, { name: 'Worker processes', activity: false, enrichment: 'none', connected: true, members: senderSpecs(options.senders) });
  const { id: campaignId } = await createCampaign(db, clock, workspaceId, { name: 'Processes', creatorId: senders[0]!, participantIds: senders, status: 'ACTIVE' });
  await configureCampaign(db, clock, workspaceId, campaignId, options.settings);
  await setLimits(db, clock, workspaceId, options.limits);
  const acceptors = (urn: string) => senders.filter((teamMemberId) => sandbox.accepts({ workspaceId, teamMemberId }, urn)).length;
  const candidates = Array.from({ length: 5_000 }, (_, i) => `ACoProc${i}`);
  const declining = candidates.filter((urn) => acceptors(urn) === 0).slice(0, options.declining ?? 0);
  const accepting = candidates.filter((urn) => acceptors(urn) === senders.length).slice(0, options.accepting);
  for (const urns of [declining, accepting].filter((list) => list.length > 0)) {
    await enrolProfiles(db, clock, workspaceId, campaignId, urns.map((urn) => ({ username: `person-${urn}`, network_urn: urn, first_name: urn.slice(3) })));
    clock.advance(1_000); // the accepting ones are enrolled later, so invited later
  }
  return { workspaceId, campaignId, senders, urns: [...declining, ...accepting] };
}
