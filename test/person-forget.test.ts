// `warmline person forget <workspace> <urn|email>`: a person erased on request leaves no trace in
// any table of the database (searched for their name, email and network id), counters stay
// exact, campaigns keep their counts, other leads' notes lose the name, a person.forgotten event
// names no one, and no engine brings them back. Bad input: one line, exit 1, nothing changed.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCampaign } from '../src/campaigns/campaigns.operator.js';
import { enrolProfiles } from '../src/campaigns/campaigns.service.js';
import { mirrorState } from '../src/connections/mirror.js';
import { recordReply } from '../src/connections/replies.js';
import type { Db } from '../src/db/database.js';
import { enrichWaitingLeads } from '../src/enrichment/enrichment.engine.js';
import type { EnrichmentProvider } from '../src/enrichment/enrichment.provider.js';
import { ManualClock } from '../src/shared/clock.js';
import { grantCredits } from '../src/workspace/workspace.service.js';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { countsKeptAndRebuilt, event, fold, person, postOf } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const START = Date.parse('2025-06-01T09:00:00Z');
const GRETA = { urn: 'ACoGretaL1', first: 'Greta', last: 'Lindqvist', email: 'greta.lindqvist@acme.test' };

/** Every row of every table of the database, as text. */
async function everyTable(db: Db, dialect: string): Promise<Record<string, string>> {
  const names =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows.map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of names) out[name] = JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(db)).rows).toLowerCase();
  return out;
}

describeEachDialect('warmline person forget', (dialect) => {
  let server: TestServer;
  let receiver: Receiver;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer(dialect, { clock, flags: { webhooksAllowPrivate: true } });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  const db = () => server.ctx.database.db;
  const cli = (args: string[]) => runCli(args, { env: { WARMLINE_DB: dbArgOf(server.config.db) } });

  it('leaves no trace of the person in any table, keeps every counter exact, and no engine brings them back', async () => {
    const ws = await server.newWorkspace('Erasure', { members: 1, network: 'none' });
    const member = ws.members[0]!;
    const hook = await ws.client.post('/v2/webhooks', { json: { url: receiver.url, event_types: ['lead.created', 'lead.enriched', 'message.replied', 'person.forgotten'] } });
    expect(hook.status).toBe(201);
    const post = postOf(member);
    const greta = { ...person(GRETA.urn), first_name: GRETA.first, last_name: GRETA.last, username: 'greta-lindqvist', network_url: 'https://network.test/in/greta-lindqvist' };
    await fold(db(), ws.id, clock.now(), [event(post, greta, 'COMMENT', START - 2000), event(post, person('ACoBo'), 'LIKE', START - 1000)]);
    // Greta's email is found and bought (one credit); Bo has none.
    await grantCredits(db(), clock, ws.id, 5, 'test');
    const vendor: EnrichmentProvider = { name: 'test', reaskDays: 30, find: async (q) => ({ email: q.urn === GRETA.urn ? GRETA.email : null, phone: null, vendor: 'test' }) };
    await enrichWaitingLeads({ db: db(), clock, enrichments: async () => vendor }, 50, ws.id);
    const leads = (await ws.client.get('/v2/leads?limit=10')).body;
    expect(leads.total).toBe(2);
    const gretaLead = leads.items.find((l: { contact_email: string | null }) => l.contact_email === GRETA.email);
    const boLead = leads.items.find((l: { id: string }) => l.id !== gretaLead.id);
    expect((await ws.client.patch(`/v2/leads/${boLead.id}`, { json: { note: { note_content: 'Introduced by greta lindqvist at the fair' } } })).status).toBe(200);
    expect((await ws.client.patch(`/v2/leads/${gretaLead.id}`, { json: { note: { note_content: `Call Greta on ${GRETA.email}` } } })).status).toBe(200);
    const account = { workspaceId: ws.id, teamMemberId: member };
    await mirrorState(db(), account, GRETA.urn, 'CONNECTED', clock.now());
    await recordReply(db(), clock.now(), account, { id: 'msg_greta_1', contactUrn: GRETA.urn, text: 'Hej, Greta Lindqvist here', at: clock.now() });
    const campaign = await createCampaign(db(), clock, ws.id, { name: 'Nordics', creatorId: member, participantIds: [member] });
    await enrolProfiles(db(), clock, ws.id, campaign.id, [
      { username: 'greta-lindqvist', network_urn: GRETA.urn, first_name: GRETA.first, last_name: GRETA.last, email: GRETA.email },
      { username: 'bo-b', first_name: 'Bo', last_name: 'B' },
    ]);
    const balance = (await ws.client.get('/v2/workspace/credits')).body.current_balance;
    expect(balance).toBe(4);
    const before = await everyTable(db(), dialect);
    expect(Object.values(before).join()).toContain('lindqvist'); // the search finds her before

    clock.advance(60_000);
    const forgot = await cli(['person', 'forget', ws.id, 'Greta.Lindqvist@ACME.test', '--json']);
    expect([forgot.code, forgot.stderr]).toEqual([0, '']);
    expect(JSON.parse(forgot.stdout)).toMatchObject({ workspace_id: ws.id, leads: 1, campaign_contacts: 1 });

    const after = await everyTable(db(), dialect);
    for (const word of ['lindqvist', GRETA.email, GRETA.urn.toLowerCase(), 'greta-lindqvist']) {
      expect(Object.entries(after).filter(([, rows]) => rows.includes(word)).map(([table]) => `${table} holds ${word}`)).toEqual([]);
    }
    // Counters exact: one lead left, totals from the counters equal a count of the rows; the credit stays spent; the campaign keeps both contacts.
    expect((await ws.client.get('/v2/leads')).body.total).toBe(1);
    const { kept, rebuilt } = await countsKeptAndRebuilt(db(), ws.id);
    expect(kept).toEqual(rebuilt);
    expect((await ws.client.get('/v2/workspace/credits')).body.current_balance).toBe(4);
    // Gone: 400, as the spec answers an unknown lead id.
    expect((await ws.client.get(`/v2/leads/${gretaLead.id}`)).status).toBe(400);
    expect((await ws.client.get(`/v2/leads/${boLead.id}`)).body.notes.map((n: { content: string }) => n.content)).toEqual(['Introduced by [erased] at the fair']);
    const nordics = (await ws.client.get(`/v2/networking/campaigns/${campaign.id}`)).body;
    expect([nordics.contacts_total, nordics.contacts.length]).toEqual([2, 2]);
    // The event says a person was erased and which leads went, nothing more.
    const events = await db().selectFrom('webhook_outbox').select('payload').where('workspace_id', '=', ws.id).where('event_type', '=', 'person.forgotten').execute();
    expect(events.map((e) => JSON.parse(e.payload))).toEqual([{ type: 'person.forgotten', timestamp: expect.any(String), data: { lead_ids: [gretaLead.id] } }]);

    // She engages again: no lead, no contact, no engagement is stored; enrichment never sees her.
    await fold(db(), ws.id, clock.now(), [event(post, greta, 'LIKE', clock.now())]);
    const again = await everyTable(db(), dialect);
    expect(Object.entries(again).filter(([, rows]) => rows.includes('lindqvist') || rows.includes(GRETA.urn.toLowerCase())).map(([t]) => t)).toEqual([]);
    expect((await ws.client.get('/v2/leads')).body.total).toBe(1);
  });

  it('refuses bad input with one line, exit 1, nothing changed', async () => {
    const ws = await server.newWorkspace('Bad', { network: 'none', enrichment: 'none' });
    for (const [args, message] of [
      [[ws.id, 'greta@'], '"greta@" is not an email address'],
      [[ws.id, 'two words'], '"two words" is neither a person\'s network id (urn) nor an email address'],
      [['ws_nobody', GRETA.email], 'no workspace with id ws_nobody'],
    ] as const) {
      const result = await cli(['person', 'forget', ...args]);
      expect([result.code, result.stderr, result.stdout]).toEqual([1, `warmline: ${message}\n`, '']);
    }
    expect(await db().selectFrom('do_not_process').selectAll().where('workspace_id', '=', ws.id).execute()).toEqual([]);
  });
}, 180_000);
