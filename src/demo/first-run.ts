// A fresh installation gets a usable workspace full of believable data and a key, so
// `npm start` is enough to try the API.
import { createApiKey } from '../auth/api-keys.service.js';
import { createInvite } from '../console/console-auth.service.js';
import { listTeamMembers } from '../workspace/workspace.repository.js';
import type { AppContext } from '../context.js';
import { importWorkspace } from '../operator/import.operator.js';
import { listWorkspaces } from '../workspace/workspace.repository.js';
import { demoSnapshotStream } from './demo-snapshot.js';
import { configureCampaign } from '../outreach/campaign-settings.js';
import { DEFAULT_LIMITS, setLimits, type OutreachLimits } from '../outreach/limits.js';

export interface FirstRunResult {
  workspaceId: string;
  apiKey: string;
  /** A one-time console link for the demo's first member, an admin (null: the demo has no member). */
  adminInvite: { email: string; token: string } | null;
  /** The start text's line on the demo's outreach limits (they are not a new workspace's); the command that shows them follows it. */
  outreachNote: string;
}

/**
 * The demo's network lives a network day every 20 real seconds: people post, engage, accept and
 * reply 4320 times sooner than on a real network, and its members are synced every 15 s, so a newcomer
 * sees new posts and new leads within the first two minutes. Only this workspace's network runs
 * at this pace; the clock, and every other workspace, stay real.
 */
export const DEMO_PACE = 4320;

/**
 * The demo's own outreach limits: every day, around the clock, so that a newcomer sees its campaign
 * invite, see acceptances, follow up and get replies at whatever hour they try it (a real
 * workspace's default is Monday to Friday, 09:00 to 18:00 in each sender's zone). The start text
 * says so; every other limit is the default.
 */
export const DEMO_LIMITS: OutreachLimits = { ...DEFAULT_LIMITS, workDays: 7, workStartHour: 0, workEndHour: 24 };
/** The demo campaign that runs: its follow-up goes as soon as an invitation is accepted. */
export const DEMO_CAMPAIGN = 'cmp_demo_q2';

/**
 * Imports the demo workspace when the database has no workspace yet, bound to the simulated
 * network with activity at DEMO_PACE and to the simulated enrichment vendor (the only workspace
 * that is unless an operator binds another), and creates its first key. The sandbox adopts the
 * demo's members and connections, so the worker syncs its engagement at once.
 */
export async function prepareFirstRun(ctx: AppContext): Promise<FirstRunResult | null> {
  const db = ctx.database.db;
  if ((await listWorkspaces(db)).length > 0) return null;
  const deps = { db, clock: ctx.clock, networks: ctx.networks, enrichments: ctx.enrichments, sandbox: ctx.sandbox, dialect: ctx.database.dialect };
  const { workspaceId } = await importWorkspace(deps, demoSnapshotStream({ now: ctx.clock.now(), networkSeed: ctx.config.sandboxSeed }), {
    network: { provider: 'sandbox', options: { activity: true, pace: DEMO_PACE } },
    enrichment: { provider: 'sandbox', options: {} },
  });
  await setLimits(db, ctx.clock, workspaceId, DEMO_LIMITS);
  await configureCampaign(db, ctx.clock, workspaceId, DEMO_CAMPAIGN, { follow_up_template: 'Thanks for connecting, {{first_name}}! How is the quarter going?', follow_up_delay_hours: 0 });
  const { key } = await createApiKey(db, ctx.clock, workspaceId, 'demo key (first run)');
  const [admin] = await listTeamMembers(db, workspaceId);
  const adminInvite = admin ? { email: admin.email, token: (await createInvite(db, ctx.clock, workspaceId, admin.id, 'admin')).token } : null;
  const outreachNote =
    `Demo campaign ${DEMO_CAMPAIGN} works every day around the clock (this workspace's own limits), so it invites, follows up and gets replies within minutes at any hour; ` +
    `a new workspace works Monday to Friday, 09:00 to 18:00 in each sender's zone`;
  return { workspaceId, apiKey: key, adminInvite, outreachNote };
}
