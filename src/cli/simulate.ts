// `warmline simulate`: a large campaign through simulated weeks on a throwaway SQLite database,
// the worker driven by a ManualClock. Caps and duplicates are checked on the sandbox's own
// record (sandbox_invitations, sandbox_messages), not on the engine's bookkeeping.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enrolProfiles } from '../campaigns/campaigns.service.js';
import { createCampaign } from '../campaigns/campaigns.operator.js';
import { loadConfig } from '../config.js';
import { createContext, createLogger } from '../context.js';
import { createWorker } from '../engine/worker-tasks.js';
import { sandboxDb } from '../network/sandbox/sandbox.table.js';
import { ManualClock } from '../shared/clock.js';
import { bind } from '../operator/bindings.operator.js';
import { addTeamMember, createWorkspace } from '../workspace/workspace.service.js';
import { DEFAULT_LIMITS } from '../outreach/limits.js';
import { nextDueAt } from '../outreach/outreach.repository.js';
import { DAY_MS } from '../shared/time.js';
import { startOfLocalDay } from '../outreach/working-hours.js';

export interface SimulationOptions {
  contacts: number;
  senders: number;
  maxDays: number;
  out: (line: string) => void;
}

const START = Date.parse('2025-06-02T00:00:00Z'); // a Monday
const HOUR_MS = 3_600_000;

export async function simulate(options: SimulationOptions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-sim-'));
  const clock = new ManualClock(START);
  // A throwaway database, in memory: durability buys nothing here, and file I/O would cost more
  // than the engine's work.
  const ctx = await createContext(loadConfig({ dataDir: dir, db: ':memory:', demo: false }, {}), { clock, logger: createLogger('silent') });
  const started = performance.now();
  try {
    const { db } = ctx.database;
    const { sandbox } = ctx;
    const { id: ws } = await createWorkspace(db, clock, 'Simulation');
    await bind({ db, clock, networks: ctx.networks, enrichments: ctx.enrichments, sandbox }, ws, 'network', { provider: 'sandbox', options: { activity: false } });
    const senders: string[] = [];
    for (let i = 0; i < options.senders; i++) {
      const { id } = await addTeamMember(db, clock, ws, { email: `sender${i}@sim.test`, integration_status: 'CONNECTED' });
      await sandbox.connectAccount({ workspaceId: ws, teamMemberId: id });
      senders.push(id);
    }
    const { id: campaignId } = await createCampaign(db, clock, ws, { name: 'Simulated', creatorId: senders[0]!, participantIds: senders, status: 'ACTIVE' });
    for (let i = 0; i < options.contacts; i += 1000) {
      const profiles = Array.from({ length: Math.min(1000, options.contacts - i) }, (_, j) => ({ username: `sim-${i + j}`, network_urn: `ACoSim${i + j}` }));
      await enrolProfiles(db, clock, ws, campaignId, profiles);
    }
    const worker = createWorker(ctx, ['delivery', 'outreach']); // the campaign alone: no syncs of the senders' posts
    const horizon = START + options.maxDays * DAY_MS;
    let completedAt: number | null = null;
    let lookAt = START;
    while (clock.now() < horizon) {
      await worker.drain();
      // Looked at once a simulated hour: the campaign's updated_at tells when it completed.
      if (clock.now() >= lookAt) {
        const campaign = await db.selectFrom('campaigns').select(['status', 'updated_at']).where('workspace_id', '=', ws).where('id', '=', campaignId).executeTakeFirstOrThrow();
        if (campaign.status === 'COMPLETED') {
          completedAt = campaign.updated_at;
          break;
        }
        lookAt = clock.now() + HOUR_MS;
      }
      const due = await nextDueAt(db);
      if (due === null) break;
      clock.set(Math.max(due, clock.now() + 1000));
    }
    return await report(ctx.database.db, ws, senders, campaignId, completedAt, performance.now() - started, options.out);
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function report(productDb: import('../db/database.js').Db, ws: string, senders: string[], campaignId: string, completedAt: number | null, elapsedMs: number, out: (l: string) => void) {
  const db = sandboxDb(productDb);
  const invitations = await db.selectFrom('sandbox_invitations').select(['team_member_id', 'contact_urn', 'sent_at', 'accept_at']).where('workspace_id', '=', ws).orderBy('sent_at').execute();
  const messages = await db.selectFrom('sandbox_messages').select(['team_member_id', 'idempotency_key', 'sent_at']).where('workspace_id', '=', ws).execute();
  const days = new Map<number, number[]>();
  for (const inv of invitations) {
    const day = startOfLocalDay(inv.sent_at, 'UTC');
    const row = days.get(day) ?? senders.map(() => 0);
    row[senders.indexOf(inv.team_member_id)]!++;
    days.set(day, row);
  }
  out(`day         ${senders.map((_, i) => `s${i}`.padStart(4)).join(' ')}`);
  for (const [day, row] of [...days.entries()].sort((a, b) => a[0] - b[0])) out(`${new Date(day).toISOString().slice(0, 10)}  ${row.map((n) => String(n).padStart(4)).join(' ')}`);
  // Violations, from the sandbox's record: a send beyond the daily or rolling-7-day cap of its sender.
  let violations = 0;
  for (const sender of senders) {
    const times = invitations.filter((i) => i.team_member_id === sender).map((i) => i.sent_at);
    let weekStart = 0;
    const perDay = new Map<number, number>();
    for (let k = 0; k < times.length; k++) {
      while (times[weekStart]! <= times[k]! - 7 * DAY_MS) weekStart++;
      const day = startOfLocalDay(times[k]!, 'UTC');
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      if (k - weekStart + 1 > DEFAULT_LIMITS.weeklyInvitations || perDay.get(day)! > DEFAULT_LIMITS.dailyInvitations) violations++;
    }
  }
  const pairs = new Set(invitations.map((i) => `${i.team_member_id}|${i.contact_urn}`));
  const people = new Set(invitations.map((i) => i.contact_urn));
  const duplicates = invitations.length - pairs.size + (pairs.size - people.size) + (messages.length - new Set(messages.map((m) => m.idempotency_key)).size);
  const states = await productDb.selectFrom('campaign_contacts').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('workspace_id', '=', ws).where('campaign_id', '=', campaignId).groupBy('status').execute();
  const accepted = invitations.filter((i) => i.accept_at !== null).length;
  out(`contacts by state: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  out(`invitations ${invitations.length}, accepted ${accepted} (${((100 * accepted) / Math.max(1, invitations.length)).toFixed(1)}%)`);
  out(`completed after ${completedAt === null ? 'never' : `${((completedAt - START) / DAY_MS).toFixed(1)} simulated days`}; ran ${(elapsedMs / 1000).toFixed(1)} s`);
  out(`simulate: sends=${invitations.length + messages.length} cap-violations=${violations} duplicate-invitations=${duplicates} completed=${completedAt !== null}`);
  return { sends: invitations.length + messages.length, violations, duplicates, completed: completedAt !== null };
}
