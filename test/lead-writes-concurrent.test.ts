// Lead writes that run at once on PostgreSQL (SQLite has one writer at a time, so nothing to
// interleave there). Every write of a workspace's leads takes the workspace first
// (src/db/workspace-lock.ts): a PATCH arriving while an ingestion fold or an enrichment holds the
// workspace waits for it and answers on what it left, never deadlocks into a 500, and the
// counters still equal a COUNT; the hourly re-scoring waits the same way.
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceTransaction } from '../src/db/workspace-lock.js';
import type { Database } from '../src/db/database.js';
import { rescoreLeads } from '../src/ingestion/ingestion.engine.js';
import { moveLeadCount, type CountedLead } from '../src/leads/lead-counts.js';
import { ManualClock } from '../src/shared/clock.js';
import { enabledDialects } from './helpers/dialects.js';
import { countsKeptAndRebuilt, event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const NOW = Date.parse('2025-06-10T12:00:00Z');

describe.skipIf(!enabledDialects().includes('postgres'))('lead writes at once [postgres]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('postgres', { clock: new ManualClock(NOW) });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  /** Resolves once some backend of this database waits for a row lock (the PATCH, behind the fold). */
  async function someoneWaitsForALock() {
    for (;;) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
      if (Number(rows[0]!.n) > 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A lead of a new workspace, and a write that holds the workspace (as a fold or an enrichment round does) while a PATCH of that lead arrives. */
  async function patchBehind(write: (tx: Transaction<Database>, workspaceId: string, lead: { id: string } & CountedLead) => Promise<void>) {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    await fold(db(), ws.id, NOW, [event(postOf(ws.members[0]!), person(`ACoWAIT${ws.id}`), 'LIKE', NOW - 1000)]);
    const row = await db().selectFrom('leads').select(['id', 'status', 'created_at', 'contact_email', 'company_id', 'source_post_id']).where('workspace_id', '=', ws.id).executeTakeFirstOrThrow();
    const lead = { ...row, created_at: Number(row.created_at) };
    let patch: Promise<{ status: number; body: unknown }> | undefined;
    await workspaceTransaction(db(), ws.id, async (tx) => {
      patch = ws.client.patch(`/v2/leads/${lead.id}`, { json: { status: 'QUALIFIED' } });
      await someoneWaitsForALock();
      await write(tx, ws.id, lead);
    });
    const res = await patch!;
    return { res, counts: await countsKeptAndRebuilt(db(), ws.id) };
  }

  it('a PATCH behind an enrichment that gives the lead an email waits for it, answers 200, and the counters stay exact', async () => {
    const { res, counts } = await patchBehind(async (tx, workspaceId, lead) => {
      await tx.updateTable('leads').set({ contact_email: 'found@example.com' }).where('id', '=', lead.id).execute();
      await moveLeadCount(tx, workspaceId, lead, { ...lead, contact_email: 'found@example.com' });
    });
    expect([res.status, res.body]).toEqual([200, expect.objectContaining({ status: 'QUALIFIED', contact_email: 'found@example.com' })]);
    expect(counts.kept).toEqual(counts.rebuilt);
  });

  it('a PATCH behind a fold that discards the lead waits for it and answers as for any discarded lead; the counters stay exact', async () => {
    const { res, counts } = await patchBehind(async (tx, workspaceId, lead) => {
      await tx.updateTable('leads').set({ status: 'DISCARDED' }).where('id', '=', lead.id).execute();
      await moveLeadCount(tx, workspaceId, lead, { ...lead, status: 'DISCARDED' });
    });
    expect([res.status, res.body]).toEqual([400, { detail: 'Lead record not found' }]);
    expect(counts.kept).toEqual(counts.rebuilt);
  });

  it("the hourly re-scoring waits behind a write holding the workspace instead of deadlocking with it", async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    await fold(db(), ws.id, NOW, [event(postOf(ws.members[0]!), person(`ACoDECAY${ws.id}`), 'COMMENT', NOW - 1000)]);
    const { id } = await db().selectFrom('leads').select('id').where('workspace_id', '=', ws.id).executeTakeFirstOrThrow();
    let rescored: Promise<number | unknown> | undefined;
    // A write in the fold's and the PATCH's order: the workspace, then the lead.
    await workspaceTransaction(db(), ws.id, async (tx) => {
      rescored = rescoreLeads(db(), NOW + 30 * 86_400_000, ws.id).catch((err: unknown) => err);
      await someoneWaitsForALock();
      await tx.updateTable('leads').set({ tags: '["waited"]' }).where('id', '=', id).execute();
    });
    expect(await rescored!).toBe(1);
    const lead = await db().selectFrom('leads').select(['tags', 'engagement_score']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([lead.tags, Number(lead.engagement_score)]).toEqual(['["waited"]', expect.any(Number)]);
  });
});
