// A workspace's leads pushed to HubSpot and its customers pulled back, against the local fake
// HubSpot (test/helpers/fake-crm): bound with the CLI as an operator does, leads qualified through
// the API as a user does, the sync run as the worker runs it (on a clock the test moves), and
// what HubSpot then holds read from the fake.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { syncCrms } from '../src/crm/crm-sync.engine.js';
import { ManualClock } from '../src/shared/clock.js';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { startFakeHubSpot, type FakeHubSpot } from './helpers/fake-crm/fake-hubspot.js';
import { insertCompany, insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';
import { tempDir } from './helpers/temp-dirs.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { deliverWebhooks } from '../src/webhooks/delivery.js';
import { toIso } from '../src/shared/time.js';
import { webhookDeliveryDeps } from '../src/engine/worker-tasks.js';

const SECRET = 'crm-test-server-secret';
// Near the real time, an hour ahead: the CLI's processes read the real clock, the sync the test's.
const START = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000;

describeEachDialect('CRM sync with HubSpot', (dialect) => {
  let server: TestServer;
  let fake: FakeHubSpot;
  let receiver: Receiver;
  let ws: Awaited<ReturnType<TestServer['newWorkspace']>>;
  const clock = new ManualClock(START);
  let dir = '';
  let caFile = '';
  let tokenFile = '';
  const cli = (args: string[]) => runCli(args, { env: { WARMLINE_DB: dbArgOf(server.config.db), WARMLINE_SECRET: SECRET } });
  const json = async (args: string[]) => {
    const res = await cli([...args, '--json']);
    expect(res.stderr, args.join(' ')).toBe('');
    expect(res.code).toBe(0);
    return JSON.parse(res.stdout);
  };
  const deps = () => ({ db: server.ctx.database.db, clock, crms: server.ctx.crms.resolve });
  /** The worker's CRM task until it finds nothing to do. */
  const drain = async () => {
    while ((await syncCrms(deps())) > 0);
  };
  const lead = async (id: string) => (await ws.client.get(`/v2/leads/${id}`)).body;
  const qualify = async (id: string) => expect((await ws.client.patch(`/v2/leads/${id}`, { json: { status: 'QUALIFIED' } })).status).toBe(200);
  const bindArgs = (workspace: string, ...more: string[]) => ['crm', 'bind', workspace, 'hubspot', '--token-file', tokenFile, '--api-url', fake.url, '--ca-file', caFile, ...more];

  beforeAll(async () => {
    fake = await startFakeHubSpot();
    receiver = await startReceiver();
    server = await startServer(dialect, { clock, env: { WARMLINE_SECRET: SECRET }, flags: { webhooksAllowPrivate: true, webhookTimeoutMs: 500, providerTimeoutMs: 1_500 } });
    ws = await server.newWorkspace('CRM', { network: 'none' });
    dir = tempDir('crm-hubspot');
    caFile = path.join(dir, 'ca.pem');
    fs.writeFileSync(caFile, fake.ca);
    tokenFile = path.join(dir, 'hubspot.token');
    fs.writeFileSync(tokenFile, `${fake.token}\n`);
    const created = await ws.client.post('/v2/webhooks', { json: { url: receiver.url, event_types: ['lead.updated'] } });
    receiver.secret = created.body.secret;
    const db = server.ctx.database.db;
    await insertCompany(db, ws.id, { id: 7, name: 'Acme', website_url: 'https://www.acme.test' });
    await insertCompany(db, ws.id, { id: 8, name: 'Globex', website_url: null });
    const at = START - 86_400_000;
    await insertLeads(db, ws.id, [
      { id: 'ld_email', created_at: at, first_name: 'Ada', last_name: 'Lovelace', contact_email: 'ada@acme.test', username: 'ada-l', company_id: 7, job_title: 'CTO', source: 'POST_COMMENT', source_content_url: 'https://www.linkedin.com/feed/update/urn:li:activity:1' },
      { id: 'ld_colleague', created_at: at, first_name: 'Bob', last_name: 'Byte', contact_email: 'bob@acme.test', company_id: 7 },
      { id: 'ld_url', created_at: at, first_name: 'Cy', last_name: 'Url', username: 'cy-url', company_id: 8 },
      { id: 'ld_known', created_at: at, first_name: 'Di', last_name: 'Known', contact_email: 'di@known.test' },
      { id: 'ld_crmid', created_at: at, first_name: 'Ed', last_name: 'Typed', contact_email: 'ed@typed.test' },
      { id: 'ld_nothing', created_at: at, first_name: 'No', last_name: 'Keys' },
      { id: 'ld_refused', created_at: at, first_name: 'Re', last_name: 'Fused', contact_email: 'refused@bad.test' },
      { id: 'ld_new', created_at: at, first_name: 'Not', last_name: 'Qualified', contact_email: 'new@acme.test' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await receiver?.close();
  });

  it('refuses an unknown CRM, a missing token file and a token HubSpot refuses, in one line, storing nothing', async () => {
    const unknown = await cli(['crm', 'bind', ws.id, 'salesforce', '--token-file', tokenFile]);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'warmline: unknown CRM "salesforce" (one of none, hubspot, pipedrive)\n']);
    const missing = await cli(['crm', 'bind', ws.id, 'hubspot', '--token-file', path.join(dir, 'nope')]);
    expect([missing.code, missing.stderr]).toEqual([1, `warmline: --token-file: cannot read ${path.join(dir, 'nope')} (ENOENT)\n`]);
    const badFile = path.join(dir, 'bad.token');
    fs.writeFileSync(badFile, 'pat-na1-revoked');
    const bad = await cli(bindArgs(ws.id).map((a) => (a === tokenFile ? badFile : a)));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`warmline: HubSpot at ${fake.url} refused the token (expired, revoked or without the crm.objects.contacts scopes); nothing was stored\n`);
    const status = await json(['crm', 'status', ws.id]);
    expect(status.crm.provider).toBe('none');
  });

  it('binds with one call, the token sealed and never printed', async () => {
    const before = fake.calls.length;
    const bound = await json(bindArgs(ws.id));
    expect(fake.calls.slice(before)).toEqual(['GET /account-info/v3/details']);
    expect(bound.crm).toEqual({ provider: 'hubspot', options: { api_url: fake.url, ca: 'custom', portal_id: '4242', ui_domain: 'app-eu1.hubspot.com', profile_property: 'hs_linkedin_url', push: { rule: 'qualified' } } });
    expect(JSON.stringify(bound)).not.toContain(fake.token);
    const row = await server.ctx.database.db.selectFrom('workspace_bindings').selectAll().where('workspace_id', '=', ws.id).where('service', '=', 'crm').executeTakeFirstOrThrow();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(fake.token);
    const status = await cli(['crm', 'status', ws.id]);
    expect(status.stdout).toContain(`CRM hubspot at ${fake.url}`);
    expect(status.stdout).not.toContain(fake.token);
  });

  it('pushes qualified leads: made, matched by email, by profile URL and by crm_id, companies associated, once', async () => {
    const known = fake.addContact({ email: 'di@known.test', firstname: 'Di' });
    const byUrl = fake.addContact({ firstname: 'Cy', hs_linkedin_url: 'https://www.linkedin.com/in/cy-url' });
    const typed = fake.addContact({ email: 'ed@elsewhere.test', firstname: 'Edward' });
    const globex = fake.addCompany({ name: 'Globex' });
    fake.refusedEmails.add('refused@bad.test');
    expect((await ws.client.patch('/v2/leads/ld_crmid', { json: { crm_id: typed.id } })).status).toBe(200);
    for (const id of ['ld_email', 'ld_colleague', 'ld_url', 'ld_known', 'ld_crmid', 'ld_nothing', 'ld_refused']) await qualify(id);
    const contactsBefore = fake.contacts.size;
    await drain();

    // Two made (Ada, Bob); Cy, Di and Ed found; nothing made twice.
    expect(fake.contacts.size).toBe(contactsBefore + 2);
    const ada = fake.liveContacts().find((c) => c.properties.email === 'ada@acme.test')!;
    expect(ada.properties).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', jobtitle: 'CTO', company: 'Acme', hs_linkedin_url: 'https://www.linkedin.com/in/ada-l' });
    expect(await lead('ld_email')).toMatchObject({ crm_id: ada.id, crm_contact_url: `https://app-eu1.hubspot.com/contacts/4242/record/0-1/${ada.id}` });
    expect((await lead('ld_url')).crm_id).toBe(byUrl.id);
    expect((await lead('ld_known')).crm_id).toBe(known.id);
    expect((await lead('ld_crmid')).crm_id).toBe(typed.id);
    expect(typed.properties.email).toBe('ed@typed.test');
    // Acme made once (matched by its domain the second time, in this process's memory), Globex found by name.
    const acme = [...fake.companies.values()].filter((c) => c.properties.domain === 'acme.test');
    expect(acme).toHaveLength(1);
    expect([...ada.companyIds]).toEqual([acme[0]!.id]);
    expect([...fake.liveContacts().find((c) => c.properties.email === 'bob@acme.test')!.companyIds]).toEqual([acme[0]!.id]);
    expect([...byUrl.companyIds]).toEqual([globex.id]);
    // The engagement that made Ada a lead, noted once.
    expect(fake.notesOf(ada.id).map((n) => n.properties.hs_note_body)).toEqual([`Warmline: Commented on https://www.linkedin.com/feed/update/urn:li:activity:1 on ${new Date(START - 86_400_000).toISOString().slice(0, 10)}`]);
    // A NEW lead is not pushed; the lead without keys is skipped, the refused one fails alone, with their reasons.
    expect(fake.liveContacts().some((c) => c.properties.email === 'new@acme.test')).toBe(false);
    expect((await lead('ld_refused')).crm_id).toBeNull();
    const status = await json(['crm', 'status', ws.id]);
    expect(status.pushed).toBe(5);
    expect(status.errors.refused.count).toBe(1);
    expect(status.refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lead_id: 'ld_nothing', state: 'SKIPPED', reason: 'no email and no profile URL to find its CRM contact by' }),
        expect.objectContaining({ lead_id: 'ld_refused', state: 'FAILED', reason: expect.stringContaining('Email address refused@bad.test is invalid') }),
      ]),
    );
    expect(status.last_success_at).toBe(toIso(START));

    // lead.updated fired for each lead given its crm_id.
    while ((await deliverWebhooks(webhookDeliveryDeps(server.ctx))) > 0);
    const updated = receiver.received.filter((r) => r.type === 'lead.updated' && r.data.changed?.includes('crm_contact_url'));
    expect(updated.map((r) => r.data.lead_id).sort()).toEqual(['ld_colleague', 'ld_crmid', 'ld_email', 'ld_known', 'ld_url']);
    expect(updated.find((r) => r.data.lead_id === 'ld_email')!.data).toMatchObject({ crm_id: ada.id, previous: { crm_id: null } });

    // Nothing changed: another round costs no call.
    const calls = fake.calls.length;
    clock.advance(60_000);
    await drain();
    expect(fake.calls.slice(calls)).toEqual([]);
  });

  it('updates the same contact when the lead changes, and notes nothing twice', async () => {
    const ada = fake.liveContacts().find((c) => c.properties.email === 'ada@acme.test')!;
    await server.ctx.database.db.updateTable('leads').set({ job_title: 'CEO', updated_at: clock.now() + 1 }).where('id', '=', 'ld_email').execute();
    clock.advance(1_000);
    const size = fake.contacts.size;
    const calls = fake.calls.length;
    await drain();
    expect(fake.contacts.size).toBe(size);
    expect(ada.properties.jobtitle).toBe('CEO');
    expect(fake.calls.slice(calls)).toEqual([`PATCH /crm/v3/objects/contacts/${ada.id}`]);
    expect(fake.notesOf(ada.id)).toHaveLength(1);
  });

  it('pulls customers into the customer list, and follows merged and deleted contacts', async () => {
    const ada = fake.liveContacts().find((c) => c.properties.email === 'ada@acme.test')!;
    const bob = fake.liveContacts().find((c) => c.properties.email === 'bob@acme.test')!;
    const cy = (await lead('ld_url')).crm_id as string;
    fake.setProperty(ada.id, 'lifecyclestage', 'customer');
    fake.merge(bob.id, ada.id);
    fake.delete(cy);
    clock.advance(5 * 60_000);
    await drain();
    const customers = await server.ctx.database.db.selectFrom('crm_customers').select(['crm_id', 'email', 'username']).where('workspace_id', '=', ws.id).execute();
    expect(customers).toEqual([{ crm_id: ada.id, email: 'ada@acme.test', username: 'ada-l' }]);
    expect((await lead('ld_colleague')).crm_id).toBe(ada.id);
    expect(await lead('ld_url')).toMatchObject({ crm_id: null, crm_contact_url: null });
    const status = await json(['crm', 'status', ws.id]);
    expect(status.pulled).toBe(1);
    expect(status.last_sync_at).toBe(toIso(clock.now()));
  });

  it('honours a 429 Retry-After, waits out a 500 and reconciles a lost answer without a second contact', async () => {
    await insertLeads(server.ctx.database.db, ws.id, [
      { id: 'ld_429', created_at: START, contact_email: 'slow@acme.test', status: 'QUALIFIED', updated_at: clock.now() + 1 },
      { id: 'ld_500', created_at: START, contact_email: 'five@acme.test', status: 'QUALIFIED', updated_at: clock.now() + 2 },
    ]);
    clock.advance(1_000);
    fake.fail(/^POST \/crm\/v3\/objects\/contacts\/search$/, { status: 429, retryAfterSeconds: 30 });
    await drain();
    let status = await json(['crm', 'status', ws.id]);
    expect(status.errors.rate_limited.count).toBe(1);
    expect(status.waiting_until).toBe(toIso(clock.now() + 30_000));
    const calls = fake.calls.length;
    clock.advance(29_000);
    await drain();
    expect(fake.calls.length).toBe(calls);
    clock.advance(1_000);
    // The 500: the push waits its back-off; the lost answer: HubSpot made the contact, the answer came too late.
    fake.fail(/^POST \/crm\/v3\/objects\/contacts$/, { status: 500 });
    await drain();
    expect((await lead('ld_429')).crm_id).toBeNull();
    clock.advance(2_000);
    fake.delayed = { match: /^POST \/crm\/v3\/objects\/contacts$/, ms: 3_000 };
    await drain();
    fake.delayed = null;
    expect(fake.liveContacts().filter((c) => c.properties.email === 'slow@acme.test')).toHaveLength(1);
    expect((await lead('ld_429')).crm_id).toBeNull();
    clock.advance(10_000);
    await drain();
    expect(fake.liveContacts().filter((c) => c.properties.email === 'slow@acme.test')).toHaveLength(1);
    expect(fake.liveContacts().filter((c) => c.properties.email === 'five@acme.test')).toHaveLength(1);
    expect((await lead('ld_429')).crm_id).toBe(fake.liveContacts().find((c) => c.properties.email === 'slow@acme.test')!.id);
    expect((await lead('ld_500')).crm_id).toBe(fake.liveContacts().find((c) => c.properties.email === 'five@acme.test')!.id);
    status = await json(['crm', 'status', ws.id]);
    expect(status.errors.transient.count).toBeGreaterThanOrEqual(2);
  });

  it('holds the pushes while HubSpot refuses the token, losing nothing, until a new bind', async () => {
    await insertLeads(server.ctx.database.db, ws.id, [{ id: 'ld_later', created_at: START, contact_email: 'later@acme.test', status: 'QUALIFIED', updated_at: clock.now() + 1 }]);
    clock.advance(1_000);
    fake.fail(/^POST \/crm\/v3\/objects\/contacts\/search$/, { status: 401 });
    await drain();
    await drain();
    const status = await json(['crm', 'status', ws.id]);
    expect(status.token_refused).toContain('HubSpot answered 401');
    // Its push waits (SENDING: it had begun when the token was refused); nothing was lost.
    expect((status.queue.pending ?? 0) + (status.queue.sending ?? 0)).toBe(1);
    await json(bindArgs(ws.id));
    await drain();
    expect((await lead('ld_later')).crm_id).toBe(fake.liveContacts().find((c) => c.properties.email === 'later@acme.test')!.id);
  });

  it('leaves a workspace without a CRM untouched', async () => {
    const other = await server.newWorkspace('No CRM');
    await insertLeads(server.ctx.database.db, other.id, [{ id: 'ld_other', created_at: START, contact_email: 'other@acme.test', status: 'QUALIFIED' }]);
    const calls = fake.calls.length;
    await drain();
    expect(fake.calls.length).toBe(calls);
    expect((await other.client.get('/v2/leads/ld_other')).body.crm_id).toBeNull();
    const rows = await server.ctx.database.db.selectFrom('crm_outbox').select('lead_id').where('workspace_id', '=', other.id).execute();
    expect(rows).toEqual([]);
  });

  it('pushes hundreds of leads within HubSpot\'s 10-second window, at three calls a lead and one search and make a company', async () => {
    const big = await server.newWorkspace('Volume');
    await json(bindArgs(big.id));
    const db = server.ctx.database.db;
    for (let c = 0; c < 10; c++) await insertCompany(db, big.id, { id: 100 + c, name: `Vol ${c}`, website_url: `https://vol${c}.test` });
    const N = 250;
    await insertLeads(db, big.id, Array.from({ length: N }, (_, i) => ({
      id: `ld_v${String(i).padStart(4, '0')}`, created_at: START, contact_email: `v${i}@vol${i % 10}.test`, company_id: 100 + (i % 10), status: 'QUALIFIED',
      source: 'POST_LIKE', source_content_url: 'https://www.linkedin.com/feed/update/urn:li:activity:9', updated_at: clock.now(),
    })));
    const before = fake.calls.length;
    const pullsBefore = fake.customerSearches;
    const perWindow: number[] = [];
    for (let round = 0; round < 40; round++) {
      const at = fake.calls.length;
      clock.advance(10_000);
      await drain();
      perWindow.push(fake.calls.length - at);
      if (perWindow.at(-1) === 0) break;
    }
    expect(Math.max(...perWindow)).toBeLessThanOrEqual(100);
    // The pushes' calls: the periodic pulls (a customer search, then the linked contacts read 100 at a time) aside.
    const pulls = fake.customerSearches - pullsBefore;
    const made = fake.calls.slice(before).filter((c) => c !== 'POST /crm/v3/objects/contacts/batch/read');
    // A window spent in the middle of a push leaves it SENDING: the next window finds the contact
    // again before acting, at most one search more per window.
    const searches = made.filter((c) => c === 'POST /crm/v3/objects/contacts/search').length;
    expect(searches).toBeGreaterThanOrEqual(N + pulls);
    expect(searches).toBeLessThanOrEqual(N + pulls + perWindow.length);
    expect(made.filter((c) => c === 'POST /crm/v3/objects/contacts')).toHaveLength(N);
    expect(made.filter((c) => c === 'POST /crm/v3/objects/notes')).toHaveLength(N);
    expect(made.filter((c) => c.includes('/companies'))).toHaveLength(20);
    expect(made).toHaveLength(3 * N + 20 + pulls + (searches - N - pulls));
    const pushed = await db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).where('workspace_id', '=', big.id).where('crm_id', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(pushed.n)).toBe(N);
  });

  it('exports the binding without its token; an import refuses it until --crm none', async () => {
    const file = path.join(dir, 'snapshot.json');
    const exported = await cli(['export', '--workspace', ws.id, '--out', file]);
    expect(exported.code).toBe(0);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain(fake.token);
    expect(JSON.parse(text).workspace.crm).toEqual({ provider: 'hubspot', options: { api_url: fake.url, portal_id: '4242', ui_domain: 'app-eu1.hubspot.com', profile_property: 'hs_linkedin_url', push: { rule: 'qualified' } } });
    // A new database elsewhere (--new-db: the file does not exist yet).
    const elsewhere = { WARMLINE_DB: path.join(dir, 'elsewhere.db'), WARMLINE_NEW_DB: 'true', WARMLINE_SECRET: SECRET };
    const refused = await runCli(['import', file, '--network', 'none'], { env: elsewhere });
    // (the import's progress lines come first on standard error)
    expect([refused.code, refused.stderr.split('\n').filter(Boolean).at(-1)]).toEqual([1, `warmline: the snapshot binds the workspace to the CRM hubspot, whose token no snapshot carries: import with --crm none, then warmline crm bind ${ws.id} hubspot --token-file <file>`]);
    const imported = await runCli(['import', file, '--network', 'none', '--crm', 'none', '--json'], { env: elsewhere });
    expect(imported.code).toBe(0);
    const status = await runCli(['crm', 'status', ws.id, '--json'], { env: elsewhere });
    expect(JSON.parse(status.stdout).crm.provider).toBe('none');
  });
}, 120_000);
