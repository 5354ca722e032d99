// Who becomes a lead and how it is flagged: ICP rules, target accounts, suppression (list and
// team members), a user's is_icp_match kept over automatic matching, and exact totals throughout.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTargetAccount, setIcpRulesFromFile } from '../src/ingestion/settings.service.js';
import { ManualClock } from '../src/shared/clock.js';
import { addSuppression } from '../src/suppression/suppression.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import { company, countsKeptAndRebuilt, event, fold, icpRulesFile, person, postOf } from './helpers/ingestion-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { runCli } from './helpers/cli.js';
import { tempDir } from './helpers/temp-dirs.js';

const START = Date.parse('2025-06-01T09:00:00Z');

describeEachDialect('ingestion rules', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  async function leadsByUrn(workspaceId: string) {
    const rows = await db().selectFrom('leads').select(['id', 'contact_urn', 'status', 'is_icp_match', 'is_account_based']).where('workspace_id', '=', workspaceId).execute();
    return new Map(rows.map((r) => [r.contact_urn!, r]));
  }

  it('matches the ICP (all criteria, any value) and target accounts at creation', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    const member = ws.members[0];
    await setIcpRulesFromFile(db(), clock, ws.id, icpRulesFile({ job_title_keywords: ['vp'], seniorities: ['vp', 'c_level'], company_size: { min: 50, max: 500 }, countries: ['DE', 'AT'], industries: ['software'] }));
    await addTargetAccount(db(), clock, ws.id, 'Globex');
    const post = postOf(member);
    const people = {
      fits: person('ACoFits', { title: 'VP Sales', country: 'AT' }),
      wrongCountry: person('ACoUS', { title: 'VP Sales', country: 'US' }),
      wrongTitle: person('ACoEng', { title: 'Engineer' }),
      tooBig: person('ACoBig', { title: 'VP Sales', company: company('bigco', [1001, 5000]) }),
      target: person('ACoTarget', { title: 'Engineer', company: company('globex') }),
    };
    await fold(db(), ws.id, clock.now(), Object.values(people).map((p) => event(post, p, 'LIKE', START - 1000)));
    const leads = await leadsByUrn(ws.id);
    expect(leads.size).toBe(5);
    expect(Object.fromEntries(Object.entries(people).map(([k, p]) => [k, [leads.get(p.urn)!.is_icp_match, leads.get(p.urn)!.is_account_based]]))).toEqual({
      fits: [1, 0], wrongCountry: [0, 0], wrongTitle: [0, 0], tooBig: [0, 0], target: [0, 1],
    });
    const res = await ws.client.get(`/v2/leads/${leads.get(people.target.urn)!.id}`);
    expect([res.body.is_icp_match, res.body.is_account_based]).toEqual([false, true]);
  });

  it('keeps a user-set is_icp_match when new engagement refreshes the lead', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    const member = ws.members[0];
    await setIcpRulesFromFile(db(), clock, ws.id, icpRulesFile({ job_title_keywords: ['vp'] }));
    const vp = person('ACoVp', { title: 'VP Sales' });
    await fold(db(), ws.id, clock.now(), [event(postOf(member), vp, 'COMMENT', START - 5000)]);
    const lead = (await leadsByUrn(ws.id)).get(vp.urn)!;
    expect(lead.is_icp_match).toBe(1);
    expect((await ws.client.patch(`/v2/leads/${lead.id}`, { json: { is_icp_match: false } })).status).toBe(200);
    await fold(db(), ws.id, clock.now(), [event(postOf(member), vp, 'LIKE', START - 1000)]);
    const res = await ws.client.get(`/v2/leads/${lead.id}`);
    expect(res.body.is_icp_match).toBe(false);
    expect(res.body.engagement_events_count).toBe(2);
  });

  it("refreshes the lead's and the contact's profile when it moved, and leaves the contact untouched when it did not", async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    const post = postOf(ws.members[0]);
    const contact = () => db().selectFrom('contacts').select(['headline', 'company_id', 'updated_at']).where('workspace_id', '=', ws.id).where('urn', '=', 'ACoMover').executeTakeFirstOrThrow();
    await fold(db(), ws.id, START, [event(post, person('ACoMover', { title: 'Engineer' }), 'LIKE', START - 5000)]);
    const [lead] = (await ws.client.get('/v2/leads')).body.items;
    const promoted = person('ACoMover', { title: 'VP Sales', company: company('globex') });
    await fold(db(), ws.id, START + 1000, [event(post, promoted, 'LIKE', START - 4000)]);
    const refreshed = (await ws.client.get(`/v2/leads/${lead.id}`)).body;
    expect([refreshed.headline, refreshed.job_title, refreshed.company?.slug]).toEqual(['VP Sales somewhere', 'VP Sales', 'globex']);
    expect(await contact()).toEqual({ headline: 'VP Sales somewhere', company_id: promoted.company!.id, updated_at: START + 1000 });
    await fold(db(), ws.id, START + 2000, [event(post, promoted, 'COMMENT', START - 3000)]);
    expect((await contact()).updated_at).toBe(START + 1000);
    expect((await ws.client.get(`/v2/leads/${lead.id}`)).body.engagement_events_count).toBe(3);
  });

  it('never makes leads of suppressed companies, domains or team members, and discards an existing lead once suppressed', async () => {
    const ws = await server.newWorkspace(undefined, { members: 2 });
    const [member, colleague] = ws.members;
    await db().updateTable('team_members').set({ network_urn: 'ACoColleague', network_username: 'colleague-1' }).where('id', '=', colleague).execute();
    await addSuppression(db(), clock, ws.id, 'company', 'rival');
    const post = postOf(member);
    const later = person('ACoLater', { company: company('laterco') });
    await fold(db(), ws.id, clock.now(), [
      event(post, person('ACoRival', { company: company('rival') }), 'COMMENT', START - 3000),
      event(post, person('ACoColleague'), 'LIKE', START - 3000),
      event(post, person('ACoOther', { username: 'colleague-1' }), 'LIKE', START - 3000),
      event(post, later, 'LIKE', START - 3000),
      event(post, person('ACoKept'), 'LIKE', START - 3000),
    ]);
    expect([...(await leadsByUrn(ws.id)).keys()].sort()).toEqual(['ACoKept', 'ACoLater']);
    expect((await ws.client.get('/v2/leads')).body.total).toBe(2);
    // Every event is stored (so it is never folded again), suppressed ones without a lead.
    const stored = await db().selectFrom('engagement_events').select(['contact_urn', 'lead_id']).where('workspace_id', '=', ws.id).execute();
    expect(stored.filter((e) => e.lead_id === null).map((e) => e.contact_urn).sort()).toEqual(['ACoColleague', 'ACoOther', 'ACoRival']);

    await addSuppression(db(), clock, ws.id, 'company', 'laterco');
    const result = await fold(db(), ws.id, clock.now(), [event(post, later, 'COMMENT', START - 1000)]);
    expect(result.discarded).toBe(1);
    expect((await leadsByUrn(ws.id)).get('ACoLater')!.status).toBe('DISCARDED');
    expect((await ws.client.get('/v2/leads')).body.total).toBe(1);
    const { kept, rebuilt } = await countsKeptAndRebuilt(db(), ws.id);
    expect(kept).toEqual(rebuilt);
  });

  it('rejects ICP rules with an error naming the file and the path', async () => {
    const ws = await server.newWorkspace();
    const file = icpRulesFile({ company_size: { min: 'big' } });
    await expect(setIcpRulesFromFile(db(), clock, ws.id, file)).rejects.toThrow(`${file}: $.company_size.min: must be a whole number of at least 0`);
    const bad = icpRulesFile({ seniorities: ['vp', 'boss'] });
    await expect(setIcpRulesFromFile(db(), clock, ws.id, bad)).rejects.toThrow('$.seniorities[1]: must be one of');
  });
});

it('sets ICP rules and target accounts from the CLI, with a clear error for a bad file', async () => {
  const dir = tempDir('icp-cli');
  const env = { WARMLINE_DATA_DIR: dir, WARMLINE_DB: path.join(dir, 'w.db'), WARMLINE_NEW_DB: 'true' };
  const created = await runCli(['workspace', 'create', '--name', 'Cli', '--json'], { env });
  const id = JSON.parse(created.stdout).id;
  const bad = icpRulesFile({ countries: 'DE' });
  const failed = await runCli(['icp', 'set', '--workspace', id, bad], { env });
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain(`${bad}: $.countries: must be an array of strings`);
  expect((await runCli(['icp', 'set', '--workspace', id, icpRulesFile({ countries: ['DE'] })], { env })).code).toBe(0);
  expect((await runCli(['accounts', 'add', '--workspace', id, 'Globex'], { env })).code).toBe(0);
  const listed = await runCli(['accounts', 'list', '--workspace', id, '--json'], { env });
  expect(JSON.parse(listed.stdout)).toEqual(['globex']);
  const shown = await runCli(['icp', 'show', '--workspace', id, '--json'], { env });
  expect(JSON.parse(shown.stdout)).toEqual({ icp_rules: { countries: ['DE'] }, enrichment_policy: 'all' });
}, 60_000);
