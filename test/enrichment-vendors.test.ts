// Real enrichment vendors against local fakes of Hunter and Dropcontact (answers in their
// documented shapes, calls counted): the waterfall's order, one credit per email found and kept,
// each person's result kept (never bought twice, re-asked after the binding's period), and the
// faults: rate-limited (Retry-After), 5xx, a lost answer, a bad key (shown, nothing spent),
// garbage (that lead NOT_FOUND, the rest go on).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enrichWaitingLeads } from '../src/enrichment/enrichment.engine.js';
import { bindEnrichmentChain, enrichmentStatus } from '../src/operator/enrichment.operator.js';
import { ManualClock } from '../src/shared/clock.js';
import { DAY_MS } from '../src/shared/time.js';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import { FakeDropcontact } from './helpers/fake-dropcontact.js';
import { FakeHunter } from './helpers/fake-hunter.js';
import { company, event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { addMember } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const START = Date.parse('2025-06-01T09:00:00Z');
const acme = { ...company('acme'), website_url: 'https://www.acme.test/about' };

describeEachDialect('real enrichment vendors', (dialect) => {
  let server: TestServer;
  const hunter = new FakeHunter();
  const dropcontact = new FakeDropcontact();
  const clock = new ManualClock(START);
  beforeAll(async () => {
    await Promise.all([hunter.start(), dropcontact.start()]);
    server = await startServer(dialect, { clock, env: { WARMLINE_HUNTER_URL: hunter.url, WARMLINE_DROPCONTACT_URL: dropcontact.url, WARMLINE_ENRICHMENT_POLL_MS: '2' } });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([hunter.close(), dropcontact.close()]);
    // Every answer the fakes sent had the vendor's documented shape.
    expect([...hunter.drift, ...dropcontact.drift]).toEqual([]);
  });
  const db = () => server.ctx.database.db;
  const enrich = (workspaceId: string) => enrichWaitingLeads({ db: db(), clock, enrichments: server.ctx.enrichments.resolve }, 50, workspaceId);

  /** A workspace bound to the chain, with credits, and leads for the given last names (first name Pat, at acme.test). */
  async function workspace(lastNames: string[], chain: { vendors?: string[]; keys?: string[]; reaskDays?: number; credits?: number } = {}) {
    const ws = await server.newWorkspace('Vendors', { enrichment: 'none' });
    const vendors = chain.vendors ?? ['hunter', 'dropcontact'];
    const keys = chain.keys ?? vendors.map((v) => (v === 'hunter' ? hunter.key : dropcontact.key));
    await bindEnrichmentChain({ db: db(), clock, enrichments: server.ctx.enrichments, keyBox: server.ctx.keyBox }, ws.id, { vendors, keys, reaskDays: chain.reaskDays ?? 30 });
    if ((chain.credits ?? 10) > 0) await grantCredits(db(), clock, ws.id, chain.credits ?? 10, 'test');
    const post = postOf(await addMember(server, ws.id));
    await fold(db(), ws.id, clock.now(), lastNames.map((last) => event(post, { ...person(last, { company: acme }), last_name: last }, 'LIKE', clock.now() - 1000)));
    return ws;
  }
  const leads = async (workspaceId: string) =>
    Object.fromEntries(
      (await db().selectFrom('leads').select(['last_name', 'enrichment_status', 'contact_email']).where('workspace_id', '=', workspaceId).execute()).map((l) => [l.last_name, [l.enrichment_status, l.contact_email]]),
    );
  const spent = async (workspaceId: string) =>
    (await db().selectFrom('credit_ledger').select(['delta', 'reason']).where('workspace_id', '=', workspaceId).where('delta', '<', 0).orderBy('created_at').execute()).map((e) => e.reason);
  const hunterCalls = (last: string) => hunter.calls.filter((c) => c.last === last).length;
  const dropcontactCalls = (last: string) => dropcontact.submitted.filter((c) => c.last_name === last).length;

  it('asks the vendors in order, the next only when the one before found nothing; one credit per email, naming lead and vendor', async () => {
    hunter.knows('Pat', 'Wfa', 'acme.test', 'pat.wfa@acme.test');
    dropcontact.knows('Pat', 'Wfb', 'acme.test', 'pat.wfb@acme.test').knows('Pat', 'Wfa', 'acme.test', 'other@acme.test');
    const ws = await workspace(['Wfa', 'Wfb', 'Wfc']);
    expect(await enrich(ws.id)).toBe(3);
    expect(await leads(ws.id)).toEqual({ Wfa: ['ENRICHED', 'pat.wfa@acme.test'], Wfb: ['ENRICHED', 'pat.wfb@acme.test'], Wfc: ['NOT_FOUND', null] });
    // Hunter for everyone; Dropcontact only for those Hunter had no email for; the website's host is the domain.
    expect([hunterCalls('Wfa'), hunterCalls('Wfb'), hunterCalls('Wfc')]).toEqual([1, 1, 1]);
    expect([dropcontactCalls('Wfa'), dropcontactCalls('Wfb'), dropcontactCalls('Wfc')]).toEqual([0, 1, 1]);
    expect(hunter.calls.find((c) => c.last === 'Wfa')).toMatchObject({ first: 'Pat', domain: 'acme.test', key: hunter.key });
    const ids = Object.fromEntries((await db().selectFrom('leads').select(['id', 'last_name']).where('workspace_id', '=', ws.id).execute()).map((l) => [l.last_name, l.id]));
    expect((await spent(ws.id)).sort()).toEqual([`email at acme.test found for lead ${ids.Wfa} by hunter`, `email at acme.test found for lead ${ids.Wfb} by dropcontact`].sort());
    expect((await ws.client.get('/v2/workspace/credits')).body.current_balance).toBe(8);
    const lead = (await ws.client.get(`/v2/leads/${ids.Wfb}`)).body;
    expect([lead.contact_email, lead.enrichment_status]).toEqual(['pat.wfb@acme.test', 'ENRICHED']);
  });

  it('keeps each result: nothing is asked again before the re-ask period, a person without email is asked again after it', async () => {
    hunter.knows('Pat', 'Rb', 'acme.test', 'pat.rb@acme.test');
    const ws = await workspace(['Ra', 'Rb'], { vendors: ['hunter'], reaskDays: 7 });
    await enrich(ws.id);
    expect(await leads(ws.id)).toEqual({ Ra: ['NOT_FOUND', null], Rb: ['ENRICHED', 'pat.rb@acme.test'] });
    clock.advance(6 * DAY_MS);
    expect(await enrich(ws.id)).toBe(0);
    expect([hunterCalls('Ra'), hunterCalls('Rb')]).toEqual([1, 1]);
    // Hunter learns Ra's email; after the period Ra alone is asked again and bought; Rb never twice.
    hunter.knows('Pat', 'Ra', 'acme.test', 'pat.ra@acme.test');
    clock.advance(2 * DAY_MS);
    expect(await enrich(ws.id)).toBe(1);
    expect([hunterCalls('Ra'), hunterCalls('Rb')]).toEqual([2, 1]);
    expect(await leads(ws.id)).toEqual({ Ra: ['ENRICHED', 'pat.ra@acme.test'], Rb: ['ENRICHED', 'pat.rb@acme.test'] });
    expect(await spent(ws.id)).toHaveLength(2);
  });

  it('out of credits: the email found is held, the lead waits; a grant takes it without asking the vendor again', async () => {
    hunter.knows('Pat', 'Nc', 'acme.test', 'pat.nc@acme.test');
    const ws = await workspace(['Nc'], { credits: 0 });
    await enrich(ws.id);
    expect(await leads(ws.id)).toEqual({ Nc: ['NO_CREDITS', null] });
    await grantCredits(db(), clock, ws.id, 1, 'top-up');
    await enrich(ws.id);
    expect(await leads(ws.id)).toEqual({ Nc: ['ENRICHED', 'pat.nc@acme.test'] });
    expect(hunterCalls('Nc')).toBe(1);
    expect(await spent(ws.id)).toHaveLength(1);
  });

  it("rate-limited: the lead waits, the vendor is left alone until its Retry-After, nothing spent meanwhile", async () => {
    hunter.knows('Pat', 'Rl', 'acme.test', 'pat.rl@acme.test');
    const ws = await workspace(['Rl']);
    hunter.fail({ status: 429, retryAfterSeconds: 120 });
    expect(await enrich(ws.id)).toBe(0);
    expect(await leads(ws.id)).toEqual({ Rl: ['PENDING', null] });
    clock.advance(60_000);
    await enrich(ws.id);
    expect(hunterCalls('Rl')).toBe(1); // still within Retry-After: not asked
    expect(dropcontactCalls('Rl')).toBe(0); // and the next vendor is not asked instead
    clock.advance(61_000);
    expect(await enrich(ws.id)).toBe(1);
    expect(hunterCalls('Rl')).toBe(2);
    expect(await leads(ws.id)).toEqual({ Rl: ['ENRICHED', 'pat.rl@acme.test'] });
    expect(await spent(ws.id)).toHaveLength(1);
  });

  it('a 5xx and a lost answer: the lead waits and is asked again later; charged once', async () => {
    dropcontact.knows('Pat', 'Fx', 'acme.test', 'pat.fx@acme.test');
    const ws = await workspace(['Fx']);
    hunter.fail({ status: 500 });
    expect(await enrich(ws.id)).toBe(0);
    clock.advance(61_000);
    hunter.fail({ lost: true });
    expect(await enrich(ws.id)).toBe(0);
    expect(await leads(ws.id)).toEqual({ Fx: ['PENDING', null] });
    clock.advance(61_000);
    dropcontact.fail({ status: 500 });
    expect(await enrich(ws.id)).toBe(0);
    clock.advance(61_000);
    expect(await enrich(ws.id)).toBe(1);
    expect(await leads(ws.id)).toEqual({ Fx: ['ENRICHED', 'pat.fx@acme.test'] });
    // Hunter: the 500, the lost answer, then twice nothing (the chain starts again after Dropcontact's 500;
    // Hunter charges only an email found, so asking it again costs nothing).
    expect([hunterCalls('Fx'), dropcontactCalls('Fx')]).toEqual([4, 2]);
    expect(await spent(ws.id)).toHaveLength(1);
  });

  it('a bad key: the binding shows it, nothing is spent, the leads wait; binding again with the right key mends it', async () => {
    hunter.knows('Pat', 'Bk', 'acme.test', 'pat.bk@acme.test');
    const ws = await workspace(['Bk'], { keys: ['wrong-key', dropcontact.key] });
    expect(await enrich(ws.id)).toBe(0);
    expect(await leads(ws.id)).toEqual({ Bk: ['PENDING', null] });
    expect(dropcontactCalls('Bk')).toBe(0);
    const status = await enrichmentStatus(db(), ws.id);
    expect(status.faults).toEqual([{ vendor: 'hunter', fault: 'hunter refused the API key (401)', at: expect.any(String) }]);
    expect(JSON.stringify(status)).not.toContain('wrong-key');
    expect(await spent(ws.id)).toEqual([]);
    await bindEnrichmentChain({ db: db(), clock, enrichments: server.ctx.enrichments, keyBox: server.ctx.keyBox }, ws.id, { vendors: ['hunter', 'dropcontact'], keys: [hunter.key, dropcontact.key], reaskDays: 30 });
    expect((await enrichmentStatus(db(), ws.id)).faults).toEqual([]);
    expect(await enrich(ws.id)).toBe(1);
    expect(await leads(ws.id)).toEqual({ Bk: ['ENRICHED', 'pat.bk@acme.test'] });
  });

  it('garbage from a vendor: that person gets nothing from it (the fault kept once), the rest go on', async () => {
    hunter.knows('Pat', 'Ga', 'acme.test', 'pat.ga@acme.test').knows('Pat', 'Gb', 'acme.test', 'pat.gb@acme.test');
    const ws = await workspace(['Ga', 'Gb'], { vendors: ['hunter'] });
    hunter.fail({ garbage: true });
    expect(await enrich(ws.id)).toBe(2);
    // The first lead asked met the garbage (NOT_FOUND), the other was found.
    const statuses = Object.values(await leads(ws.id)).map((l) => (l as unknown[])[0]);
    expect(statuses.sort()).toEqual(['ENRICHED', 'NOT_FOUND']);
    expect(await spent(ws.id)).toHaveLength(1);
    expect((await enrichmentStatus(db(), ws.id)).faults).toEqual([{ vendor: 'hunter', fault: expect.stringMatching(/^hunter's answer does not match its documented shape at \$\.data/), at: expect.any(String) }]);
  });
});
