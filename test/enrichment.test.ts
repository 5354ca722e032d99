// Enrichment credit accounting: one credit per email found, taken with the email; paused at zero
// and resumed by a grant; concurrent enrichers (two pools) never overspend; the API shows it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContext, createLogger } from '../src/context.js';
import { enrichWaitingLeads } from '../src/enrichment/enrichment.engine.js';
import type { EnrichmentProvider, EnrichmentQuery } from '../src/enrichment/enrichment.provider.js';
import { setEnrichmentPolicy, setIcpRulesFromFile } from '../src/ingestion/settings.service.js';
import { ManualClock } from '../src/shared/clock.js';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import { countsKeptAndRebuilt, event, fold, icpRulesFile, person, postOf } from './helpers/ingestion-fixtures.js';
import { addMember } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const START = Date.parse('2025-06-01T09:00:00Z');

/** Finds an email for urns ending in an even digit; slow enough for enrichers to overlap. */
const vendor: EnrichmentProvider = {
  name: 'test',
  async find(q: EnrichmentQuery) {
    await new Promise((r) => setTimeout(r, 5));
    return { email: Number(q.urn.slice(-1)) % 2 === 0 ? `${q.urn.toLowerCase()}@acme.test` : null, phone: '+15550000000' };
  },
};

describeEachDialect('enrichment and credits', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  async function leadsFrom(workspaceId: string, count: number) {
    const member = await addMember(server, workspaceId);
    const post = postOf(member);
    await fold(db(), workspaceId, clock.now(), Array.from({ length: count }, (_, i) => event(post, person(`ACoE${i}`), 'LIKE', START - 1000)));
  }
  const balance = async (client: TestServer['client']) => (await client.get('/v2/workspace/credits')).body.current_balance;
  const statuses = async (workspaceId: string) => {
    const rows = await db().selectFrom('leads').select(['enrichment_status', 'contact_email']).where('workspace_id', '=', workspaceId).execute();
    const by: Record<string, number> = {};
    for (const r of rows) by[String(r.enrichment_status)] = (by[String(r.enrichment_status)] ?? 0) + 1;
    return { by, emails: rows.filter((r) => r.contact_email !== null).length };
  };

  it('concurrent enrichers never overspend; at zero enrichment pauses, a grant resumes it', async () => {
    const ws = await server.newWorkspace();
    await leadsFrom(ws.id, 20); // urns ACoE0..ACoE19: 10 have an email
    await grantCredits(db(), clock, ws.id, 4, 'test');
    const second = await createContext(server.config, { clock, logger: createLogger('silent'), migrate: false });
    try {
      const a = { db: db(), clock, enrichments: async () => vendor };
      const b = { db: second.database.db, clock, enrichments: async () => vendor };
      await Promise.all([enrichWaitingLeads(a, 50, ws.id), enrichWaitingLeads(b, 50, ws.id), enrichWaitingLeads(a, 50, ws.id), enrichWaitingLeads(b, 50, ws.id)]);
    } finally {
      await second.close();
    }
    expect(await balance(ws.client)).toBe(0);
    expect(await statuses(ws.id)).toEqual({ by: { ENRICHED: 4, NO_CREDITS: 6, NOT_FOUND: 10 }, emails: 4 });
    const ledger = await db().selectFrom('credit_ledger').select('delta').where('workspace_id', '=', ws.id).execute();
    expect(ledger.filter((l) => l.delta === -1)).toHaveLength(4);
    // Nothing moves while the balance is zero.
    expect(await enrichWaitingLeads({ db: db(), clock, enrichments: async () => vendor }, 50, ws.id)).toBe(0);

    await grantCredits(db(), clock, ws.id, 10, 'top-up');
    await enrichWaitingLeads({ db: db(), clock, enrichments: async () => vendor }, 50, ws.id);
    expect(await statuses(ws.id)).toEqual({ by: { ENRICHED: 10, NOT_FOUND: 10 }, emails: 10 });
    expect(await balance(ws.client)).toBe(4);
    expect((await ws.client.get('/v2/leads?email_enriched=true')).body.total).toBe(10);
    const { kept, rebuilt } = await countsKeptAndRebuilt(db(), ws.id);
    expect(kept).toEqual(rebuilt);
  });

  it('writes each credit spent as a ledger entry naming its lead; paused leads wait unasked until a grant, and count as settled once', async () => {
    const ws = await server.newWorkspace();
    await leadsFrom(ws.id, 4); // ACoE0 and ACoE2 have an email
    const asked: string[] = [];
    const counting: EnrichmentProvider = { name: 'counting', find: (q) => (asked.push(q.urn), vendor.find(q)) };
    const deps = { db: db(), clock, enrichments: async () => counting };
    // No credits: two NOT_FOUND, two paused; each of the four settled (its status changed).
    expect(await enrichWaitingLeads(deps, 50, ws.id)).toBe(4);
    expect((await statuses(ws.id)).by).toEqual({ NOT_FOUND: 2, NO_CREDITS: 2 });
    // While the balance is zero the vendor is not asked again about paused leads.
    expect(await enrichWaitingLeads(deps, 50, ws.id)).toBe(0);
    expect(asked).toHaveLength(4);

    await grantCredits(db(), clock, ws.id, 1, 'one');
    clock.advance(60_000); // the ledger lists by time: the spend after the grant
    // Both paused leads come back with the emails held for them (the vendor is not asked again);
    // one takes the credit, the other stays paused (unchanged: not settled).
    expect(await enrichWaitingLeads(deps, 50, ws.id)).toBe(1);
    expect(asked).toHaveLength(4);
    expect((await statuses(ws.id)).by).toEqual({ NOT_FOUND: 2, NO_CREDITS: 1, ENRICHED: 1 });
    const enriched = await db().selectFrom('leads').select('id').where('workspace_id', '=', ws.id).where('enrichment_status', '=', 'ENRICHED').executeTakeFirstOrThrow();
    const ledger = await db().selectFrom('credit_ledger').select(['id', 'delta', 'reason']).where('workspace_id', '=', ws.id).orderBy('created_at').orderBy('id').execute();
    expect(ledger.map((e) => [Number(e.delta), e.reason])).toEqual([[1, 'one'], [-1, `email at acme.test found for lead ${enriched.id}`]]);
    expect(ledger.map((e) => e.id)).toEqual([expect.stringMatching(/^cr_[0-9a-z]{20}$/), expect.stringMatching(/^cr_[0-9a-z]{20}$/)]);
  });

  it('follows the workspace policy: none enriches nobody, icp only ICP matches', async () => {
    const none = await server.newWorkspace();
    await setEnrichmentPolicy(db(), clock, none.id, 'none');
    await leadsFrom(none.id, 4);
    expect((await statuses(none.id)).by).toEqual({ null: 4 });

    const icp = await server.newWorkspace();
    await setEnrichmentPolicy(db(), clock, icp.id, 'icp');
    await setIcpRulesFromFile(db(), clock, icp.id, icpRulesFile({ job_title_keywords: ['vp'] }));
    const member = await addMember(server, icp.id);
    const post = postOf(member);
    await fold(db(), icp.id, clock.now(), [event(post, person('ACoI1', { title: 'VP Sales' }), 'LIKE', START), event(post, person('ACoI2'), 'LIKE', START)]);
    const rows = await db().selectFrom('leads').select(['contact_urn', 'enrichment_status']).where('workspace_id', '=', icp.id).orderBy('contact_urn').execute();
    expect(rows.map((r) => r.enrichment_status)).toEqual(['PENDING', null]);
  });
});
