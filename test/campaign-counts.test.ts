// The campaigns list's totals come from campaign_counts, kept by triggers (migration 0081): after
// random inserts and deletions of campaigns and contacts, and a workspace's deletion, the list's
// `total` and every campaign's `contacts_total` equal a COUNT.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { countCampaigns, countContacts } from '../src/campaigns/campaigns.repository.js';
import { Prng } from '../src/demo/prng.js';
import { deleteWorkspace } from '../src/workspace/workspace.service.js';
import { describeEachDialect, migratedDbForSuite } from './helpers/dialects.js';

describeEachDialect('campaign counters', (dialect) => {
  const suiteDb = migratedDbForSuite(dialect);

  async function expectExact(ws: string): Promise<void> {
    const db = suiteDb();
    const campaigns = await db.selectFrom('campaigns').select('id').where('workspace_id', '=', ws).execute();
    expect(await countCampaigns(db, ws)).toBe(campaigns.length);
    if (campaigns.length === 0) return;
    const truth = await db.selectFrom('campaign_contacts').select(['campaign_id', sql<number>`count(*)`.as('n')]).where('workspace_id', '=', ws).groupBy('campaign_id').execute();
    const counted = await countContacts(db, ws, campaigns.map((c) => c.id));
    for (const c of campaigns) expect(counted.get(c.id) ?? 0, c.id).toBe(Number(truth.find((t) => t.campaign_id === c.id)?.n ?? 0));
  }

  it('equal a COUNT after random inserts and deletions', async () => {
    const db = suiteDb();
    const prng = new Prng(11);
    for (const ws of ['ws_a', 'ws_b']) {
      await db.insertInto('workspaces').values({ id: ws, name: ws, created_at: 0 }).execute();
      await db.insertInto('team_members').values({
        workspace_id: ws, id: 'tm_0', email: 'a@c.test', first_name: null, last_name: null, is_active_seat: 1, integration_status: 'CONNECTED',
        network_username: null, profile_views_count: null, followers_count: null, last_network_update: null, profile_picture: null, time_zone: 'UTC', created_at: 0,
      }).execute();
    }
    let next = 0;
    for (let step = 0; step < 40; step++) {
      const ws = prng.next() < 0.7 ? 'ws_a' : 'ws_b';
      const ids = (await db.selectFrom('campaigns').select('id').where('workspace_id', '=', ws).execute()).map((c) => c.id);
      const op = ids.length === 0 ? 0 : prng.int(0, 3);
      const pick = () => ids[prng.int(0, ids.length - 1)]!;
      if (op === 0) {
        const id = `cmp_${next++}`;
        await db.insertInto('campaigns').values({ workspace_id: ws, id, name: id, status: 'DRAFT', description: null, creator_id: 'tm_0', settings: '{}', created_at: step, updated_at: step }).execute();
      } else if (op === 1) {
        const campaign = pick();
        await db.insertInto('campaign_contacts').values(Array.from({ length: prng.int(1, 5) }, () => {
          const n = next++;
          return { workspace_id: ws, campaign_id: campaign, id: `cc_${n}`, username: `u${n}`, username_key: `u${n}`, status: 'QUEUED', created_at: n, updated_at: n };
        })).execute();
      } else if (op === 2) {
        const contacts = await db.selectFrom('campaign_contacts').select('id').where('workspace_id', '=', ws).execute();
        if (contacts.length > 0) await db.deleteFrom('campaign_contacts').where('workspace_id', '=', ws).where('id', '=', contacts[prng.int(0, contacts.length - 1)]!.id).execute();
      } else {
        const campaign = pick();
        await db.deleteFrom('campaign_contacts').where('workspace_id', '=', ws).where('campaign_id', '=', campaign).execute();
        await db.deleteFrom('campaigns').where('workspace_id', '=', ws).where('id', '=', campaign).execute();
      }
      if (step % 8 === 7) await expectExact(ws);
    }
    await expectExact('ws_a');
    await deleteWorkspace(db, 'ws_b');
    expect(await db.selectFrom('campaign_counts').select('campaign_id').where('workspace_id', '=', 'ws_b').where('count', '!=', 0).execute()).toEqual([]);
    expect(await countCampaigns(db, 'ws_b')).toBe(0);
    await expectExact('ws_a');
  });
});
