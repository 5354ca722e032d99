// The outreach operator commands as an operator runs them: limits (shown, changed, refused
// without change), campaign configure, campaign stats against the sandbox's own record (the CLI
// given the test's clock through WARMLINE_CLOCK_START), resume of a paused sender, allow-retry.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { runCli } from './helpers/cli.js';
import { dbArgOf, describeEachDialect } from './helpers/dialects.js';
import { networkWorldOf, sandboxOf } from './helpers/networking-fixtures.js';
import { MONDAY_0800_UTC, outreachWorld, runUntil } from './helpers/outreach-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';

const HOUR = 3_600_000;

describeEachDialect('outreach commands', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(MONDAY_0800_UTC);
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());

  const env = () => ({
    WARMLINE_DB: dbArgOf(server.config.db),
    WARMLINE_CLOCK_START: String(clock.now()), // the CLI sees the time the test's worker ran at
  });
  const run = (args: string[]) => runCli(args, { env: env() });
  const cli = async (args: string[]) => {
    const res = await run([...args, '--json']);
    if (res.code !== 0) throw new Error(`warmline ${args.join(' ')} failed: ${res.stderr}`);
    return JSON.parse(res.stdout);
  };

  it('changes the limits, refuses bad ones without changing anything, and configures a campaign', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, campaignId } = await outreachWorld(server, { senders: 1, contacts: 1, urnPrefix: 'CliA', status: 'DRAFT' });
    const limits = await cli(['outreach', 'limits', '--workspace', ws.id, '--daily-invitations', '3', '--work-end-hour', '17']);
    expect(limits).toMatchObject({ dailyInvitations: 3, weeklyInvitations: 100, dailyMessages: 30, workStartHour: 9, workEndHour: 17 });

    for (const [args, message] of [
      [['--work-start-hour', '18'], 'working hours must start before they end'],
      [['--daily-invitations', '-1'], 'dailyInvitations must be a whole number from 0 to 200'],
      [['--daily-invitations', 'many'], '--daily-invitations'],
    ] as const) {
      const refused = await run(['outreach', 'limits', '--workspace', ws.id, ...args]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(message);
    }
    expect(await cli(['outreach', 'limits', '--workspace', ws.id])).toEqual(limits);

    const configured = await cli(['campaign', 'configure', campaignId, '--workspace', ws.id, '--note-template', 'Hi {{first_name}} from {{company}}', '--follow-up-delay-hours', '48']);
    expect(configured.settings).toMatchObject({ note_template: 'Hi {{first_name}} from {{company}}', follow_up_delay_hours: 48 });
    const steps = [{ template: 'Still keen?', delay_hours: 72 }];
    const withSteps = await cli(['campaign', 'configure', campaignId, '--workspace', ws.id, '--follow-up-template', 'Thanks!', '--follow-up-steps', JSON.stringify(steps)]);
    expect(withSteps.settings).toMatchObject({ follow_up_template: 'Thanks!', follow_ups: steps });
    for (const [value, message] of [['nope', '--follow-up-steps must be a JSON list'], ['[{"template": "", "delay_hours": 1}]', "a follow-up step's template must be 1 to 5000 characters"]]) {
      const refused = await run(['campaign', 'configure', campaignId, '--workspace', ws.id, '--follow-up-steps', value]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(message);
    }
    expect((await cli(['campaign', 'configure', campaignId, '--workspace', ws.id])).settings.follow_ups).toEqual(steps);
    const unknown = await run(['campaign', 'configure', 'cmp_nope', '--workspace', ws.id, '--note-template', 'x']);
    expect(unknown.code).not.toBe(0);
  });

  it('shows per-state counts and per-sender usage as the sandbox recorded it; resumes a paused sender; allows a retry', async () => {
    clock.set(MONDAY_0800_UTC);
    const { ws, senders, campaignId } = await outreachWorld(server, { senders: 2, contacts: 12, urnPrefix: 'CliB' });
    await cli(['outreach', 'limits', '--workspace', ws.id, '--daily-invitations', '4']);
    sandboxOf(server).failNext('limit_reached'); // the first sender to act is paused for a day
    await runUntil(server, clock, MONDAY_0800_UTC + 12 * HOUR);

    const db = server.ctx.database.db;
    const { invitations } = await networkWorldOf(server).received(ws.id);
    const states = await db.selectFrom('campaign_contacts').select('status').where('campaign_id', '=', campaignId).execute();
    const stats = await cli(['campaign', 'stats', campaignId, '--workspace', ws.id]);
    expect(stats.status).toBe('ACTIVE');
    for (const status of ['QUEUED', 'INVITED', 'CONNECTED']) expect(stats.contacts[status]).toBe(states.filter((s) => s.status === status).length);
    expect(stats.contacts.INVITED + stats.contacts.CONNECTED).toBe(4); // one sender paused, the other at its daily cap
    const paused = stats.senders.filter((s: any) => s.paused !== null);
    expect(paused).toHaveLength(1);
    expect(paused[0].paused.reason).toContain('limit');
    for (const sender of stats.senders) {
      const sent = invitations.filter((i) => i.teamMemberId === sender.team_member_id).length;
      expect(sender.invitations_today).toEqual({ used: sent, limit: 4 });
      expect(sender.invitations_7_days).toEqual({ used: sent, limit: 100 });
    }
    const text = await run(['campaign', 'stats', campaignId, '--workspace', ws.id]);
    expect(text.stdout).toContain(`campaign ${campaignId} (ACTIVE)`);
    expect(text.stdout).toContain('invitations today 4/4');
    expect(text.stdout).toMatch(/PAUSED: .*limit/);

    const pausedId = paused[0].team_member_id as string;
    expect(senders).toContain(pausedId);
    expect(await cli(['outreach', 'resume', '--workspace', ws.id, '--member', pausedId])).toEqual({ id: pausedId, paused: false });
    expect((await cli(['campaign', 'stats', campaignId, '--workspace', ws.id])).senders.every((s: any) => s.paused === null)).toBe(true);

    const invited = await db.selectFrom('campaign_contacts').select('id').where('campaign_id', '=', campaignId).where('status', 'in', ['INVITED', 'CONNECTED']).executeTakeFirstOrThrow();
    expect(await cli(['outreach', 'allow-retry', '--workspace', ws.id, '--contact', invited.id])).toEqual({ id: invited.id, retries_allowed: 1 });
    const shown = (await ws.client.get(`/v2/networking/campaigns/${campaignId}`)).body;
    expect(shown.contacts.find((c: any) => c.id === invited.id).status).toBe('QUEUED');
  });
}, 120_000); // 11 CLI runs in the first test: 13 s with this machine pinned to one core, where the default is 30 s
