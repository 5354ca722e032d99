// The operator's Unipile commands, run as an operator runs them against the local fake Unipile:
// network bind … unipile (credentials checked with one call, the token never stored, printed or
// exported in clear), member link / unlink, network status, network budget (the budgets changed
// without binding again); every mistake is one line on standard error, exit 1, and nothing changed.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openSqlite } from '../src/db/sqlite-driver.js';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import type { FakeAccount, FakeUnipile } from './helpers/fake-unipile/fake-unipile.js';
import { startFakeUnipileHooks } from './helpers/fake-unipile/fake-unipile-hooks.js';
import { tempDir } from './helpers/temp-dirs.js';

const SECRET = 'cli-test-server-secret';

async function rowsOf(database: TestDatabase, query: string): Promise<Record<string, unknown>[]> {
  if (database.target.dialect === 'sqlite') {
    const db = openSqlite(database.target.file, { readonly: true });
    try {
      return db.prepare(query).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.target.url });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

describeEachDialect('warmline network bind … unipile, member link / unlink, network status', (dialect) => {
  let database: TestDatabase;
  let fake: FakeUnipile;
  let sam: FakeAccount;
  let ria: FakeAccount;
  let dir = '';
  let caFile = '';
  let tokenFile = '';
  const env = (extra: Record<string, string> = {}) => ({ WARMLINE_DB: dbArgOf(database.target), WARMLINE_SECRET: SECRET, ...extra });
  const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { env: env(extra) });
  const json = async (args: string[], extra: Record<string, string> = {}) => {
    const res = await cli([...args, '--json'], extra);
    expect(res.stderr, args.join(' ')).toBe('');
    expect(res.code).toBe(0);
    return JSON.parse(res.stdout);
  };
  const bindArgs = (...more: string[]) => ['network', 'bind', 'ws_u', 'unipile', '--dsn', fake.url, '--ca-file', caFile, ...more];
  const binding = async () => rowsOf(database, "select provider, options, credentials from workspace_bindings where workspace_id = 'ws_u'");
  /** The whole stored row, updated_at included, to compare byte for byte. */
  const wholeBinding = async () => rowsOf(database, "select * from workspace_bindings where workspace_id = 'ws_u' and service = 'network'");
  /** Runs independent CLI calls a few at a time (each is a process start). */
  const cliAll = async (calls: (string[] | [string[], Record<string, string>])[]) => {
    const results: Awaited<ReturnType<typeof cli>>[] = [];
    const run = (call: string[] | [string[], Record<string, string>]) => (Array.isArray(call[0]) ? cli(call[0], call[1] as Record<string, string>) : cli(call as string[]));
    for (let i = 0; i < calls.length; i += 8) results.push(...(await Promise.all(calls.slice(i, i + 8).map(run))));
    return results;
  };
  const COUNT_FLAGS = ['--daily-lookups', '--ingestion-reserve', '--daily-invitations', '--daily-messages', '--daily-withdrawals', '--profile-refresh-days'];
  const BAD_COUNTS = ['0', '-1', 'abc', '1.5'];
  const notWhole = (flag: string, value: string) => `warmline: ${flag} must be a whole number from 1 (got "${value}")\n`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeUnipileHooks();
    sam = fake.addAccount('Sam', 'Seller');
    ria = fake.addAccount('Ria', 'Rep');
    dir = tempDir('unipile-cli');
    caFile = path.join(dir, 'ca.pem');
    fs.writeFileSync(caFile, fake.ca);
    tokenFile = path.join(dir, 'unipile.token');
    fs.writeFileSync(tokenFile, `${fake.token}\n`);
    await json(['workspace', 'create', '--name', 'Real', '--id', 'ws_u']);
    await json(['member', 'add', '--workspace', 'ws_u', '--email', 'sam@acme.test', '--id', 'tm_sam']);
    await json(['member', 'add', '--workspace', 'ws_u', '--email', 'ria@acme.test', '--id', 'tm_ria']);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });
  afterEach(() => expect(fake.drift).toEqual([]));

  it('refuses wrong credentials and bad options with one line, storing nothing', { timeout: 120_000 }, async () => {
    const wrong = path.join(dir, 'wrong.token');
    fs.writeFileSync(wrong, 'not-the-token');
    const cases: [string[], Record<string, string>, RegExp][] = [
      [bindArgs('--token-file', wrong), {}, /^warmline: Unipile at https:\/\/127\.0\.0\.1:\d+ refused the token \(check the DSN and the access token\); nothing was stored\n$/],
      [bindArgs(), {}, /^warmline: give the Unipile token with exactly one of --token-file <file> or --token-env <VAR>\n$/],
      [bindArgs('--token-file', tokenFile, '--token-env', 'UNIPILE_TOKEN'), { UNIPILE_TOKEN: fake.token }, /exactly one of/],
      [bindArgs('--token-env', 'UNIPILE_TOKEN'), {}, /^warmline: --token-env: the environment variable UNIPILE_TOKEN is not set or empty\n$/],
      [bindArgs('--token-file', path.join(dir, 'missing')), {}, /^warmline: --token-file: cannot read .*missing \(ENOENT\)\n$/],
      [['network', 'bind', 'ws_u', 'unipile', '--dsn', 'http://127.0.0.1:1', '--token-file', tokenFile], {}, /^warmline: --dsn must be an https:\/\/ address/],
      [['network', 'bind', 'ws_u', 'unipile', '--dsn', 'https://127.0.0.1:1', '--token-file', tokenFile], {}, /^warmline: cannot check the credentials at https:\/\/127\.0\.0\.1:1: Unipile could not be reached: .*; nothing was stored\n$/],
      [bindArgs('--token-file', tokenFile, '--act-spacing', 'soon'), {}, /^warmline: --act-spacing must be seconds or a range of seconds such as 45-90, from 1 \(got "soon"\)\n$/],
      [bindArgs('--token-file', tokenFile, '--act-spacing', '0-30'), {}, /^warmline: --act-spacing must be seconds or a range of seconds such as 45-90, from 1 \(got "0-30"\)\n$/],
      [bindArgs('--token-file', tokenFile, '--act-spacing', '90-45'), {}, /^warmline: --act-spacing: the shortest pause must not be longer than the longest\n$/],
      [bindArgs('--token-file', tokenFile, '--daily-lookups', '0'), {}, /^warmline: --daily-lookups must be a whole number from 1/],
      [['network', 'bind', 'ws_nobody', 'unipile', '--dsn', fake.url, '--ca-file', caFile, '--token-file', tokenFile], {}, /^warmline: no workspace with id ws_nobody\n$/],
      [['network', 'bind', 'ws_u', 'sandbox', '--dsn', fake.url], {}, /^warmline: --dsn is for the unipile provider only\n$/],
      [['network', 'bind', 'ws_u', 'sandbox', '--daily-messages', '5'], {}, /^warmline: --daily-messages is for the unipile provider only\n$/],
      [['network', 'bind', 'ws_u', 'sandbox', '--profile-refresh-days', '5'], {}, /^warmline: --profile-refresh-days is for the unipile provider only\n$/],
      // every budget flag, each bad value once (all of them are tried on `network budget` below)
      ...COUNT_FLAGS.map((flag, i): [string[], Record<string, string>, RegExp] => {
        const value = BAD_COUNTS[i % BAD_COUNTS.length]!;
        return [bindArgs('--token-file', tokenFile, flag, value), {}, new RegExp(`^${notWhole(flag, value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)];
      }),
      // the reserve must leave a sync at least one look-up: below the look-ups in force (given or default)
      [bindArgs('--token-file', tokenFile, '--ingestion-reserve', '80'), {}, /^warmline: --ingestion-reserve must be less than the daily look-ups in force \(got 80, daily look-ups 80\)\n$/],
      [bindArgs('--token-file', tokenFile, '--daily-lookups', '30', '--ingestion-reserve', '30'), {}, /^warmline: --ingestion-reserve must be less than the daily look-ups in force \(got 30, daily look-ups 30\)\n$/],
    ];
    // independent refusals: run side by side, a few at a time (each is a process start)
    const results = await cliAll(cases.map(([args, extra]) => [args, extra]));
    for (const [i, [args, , message]] of cases.entries()) {
      const res = results[i]!;
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr, args.join(' ')).toMatch(message);
      expect(res.stderr.split('\n')).toHaveLength(2);
    }
    expect(await binding()).toEqual([]);
    // a member cannot be linked before the workspace is bound to Unipile
    const early = await cli(['member', 'link', 'ws_u', 'tm_sam', '--account', sam.id]);
    expect([early.code, early.stderr]).toEqual([1, 'warmline: workspace ws_u is not bound to Unipile (warmline network bind ws_u unipile --dsn … --token-file …)\n']);
  });

  it('binds with a token file, checking it with one call; the token is sealed, never printed, never exported', { timeout: 120_000 }, async () => {
    const before = fake.calls.length;
    const budgets = ['--daily-lookups', '50', '--ingestion-reserve', '10', '--daily-invitations', '15', '--daily-messages', '40', '--daily-withdrawals', '5', '--profile-refresh-days', '14'];
    const res = await cli([...bindArgs('--token-file', tokenFile, '--act-spacing', '30-60', ...budgets), '--json']);
    expect([res.code, res.stderr]).toEqual([0, '']);
    const pacing = { actSpacingMinMs: 30_000, actSpacingMaxMs: 60_000, dailyProfileLookups: 50, ingestionReserve: 10, dailyInvitations: 15, dailyMessages: 40, dailyWithdrawals: 5, profileRefreshDays: 14 };
    expect(JSON.parse(res.stdout)).toEqual({ workspace_id: 'ws_u', network: { provider: 'unipile', options: { dsn: fake.url, ca: 'custom', pacing } } });
    expect(fake.calls.slice(before)).toEqual(['GET /api/v1/accounts']);
    expect(res.stdout).not.toContain(fake.token);
    const [row] = await binding();
    expect(row!.provider).toBe('unipile');
    expect(JSON.parse(String(row!.options))).toEqual({ dsn: fake.url, ca: fake.ca, pacing });
    expect(String(row!.credentials)).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(fake.token);
    const exported = await cli(['export', '--workspace', 'ws_u']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('"unipile"');
    expect(exported.stdout).not.toContain(fake.token);
    expect(exported.stdout).not.toContain(String(row!.credentials));
    // a human reads the binding in one phrase
    const human = await cli(['workspace', 'list']);
    expect(human.stdout).toContain(`network: unipile at ${fake.url}`);
  });

  it('links and unlinks members; unknown workspaces, members and accounts are refused', { timeout: 120_000 }, async () => {
    const linked = await json(['member', 'link', 'ws_u', 'tm_sam', '--account', sam.id]);
    expect(linked).toEqual({ id: 'tm_sam', account_id: sam.id, network_urn: sam.owner.providerId, integration_status: 'CONNECTED' });
    const [member] = await rowsOf(database, "select integration_status, network_urn from team_members where id = 'tm_sam'");
    expect(member).toEqual({ integration_status: 'CONNECTED', network_urn: sam.owner.providerId });
    const refusals: Promise<void>[] = [];
    for (const [args, message] of [
      [['member', 'link', 'ws_nobody', 'tm_sam', '--account', sam.id], 'warmline: no workspace with id ws_nobody\n'],
      [['member', 'link', 'ws_u', 'tm_nobody', '--account', ria.id], 'warmline: no team member tm_nobody in workspace ws_u\n'],
      [['member', 'link', 'ws_u', 'tm_ria', '--account', 'acc_nobody'], 'warmline: Unipile knows no account acc_nobody for this token\n'],
      [['member', 'link', 'ws_u', 'tm_ria', '--account', sam.id], `warmline: Unipile account ${sam.id} is already linked to team member tm_sam\n`],
      [['member', 'unlink', 'ws_u', 'tm_nobody'], 'warmline: no team member tm_nobody in workspace ws_u\n'],
      // CONNECTED with no account of the member's own behind it: refused, and no member is added.
      [['member', 'add', '--workspace', 'ws_u', '--email', 'unlinked@acme.test', '--integration-status', 'CONNECTED'], 'warmline: the unipile network links a member\'s own account: add the member without --integration-status CONNECTED, then warmline member link ws_u <member> --account <account id>\n'],
    ] as const) {
      refusals.push(cli([...args]).then((res) => expect([res.code, res.stderr], args.join(' ')).toEqual([1, message])));
    }
    await Promise.all(refusals);
    expect(await rowsOf(database, "select id from team_members where email = 'unlinked@acme.test'")).toEqual([]);
    const [ria1] = await rowsOf(database, "select integration_status from team_members where id = 'tm_ria'");
    expect(ria1!.integration_status).toBe('NOT_CONNECTED');
    await json(['member', 'link', 'ws_u', 'tm_ria', '--account', ria.id]);
    expect(await json(['member', 'unlink', 'ws_u', 'tm_ria'])).toEqual({ id: 'tm_ria', integration_status: 'NOT_CONNECTED' });
    expect(await rowsOf(database, "select team_member_id, account_id from unipile_accounts where workspace_id = 'ws_u'")).toEqual([{ team_member_id: 'tm_sam', account_id: sam.id }]);
  });

  it('network status shows the binding, the members, the last successful call, no webhook yet, and errors by kind', { timeout: 120_000 }, async () => {
    fake.fail(/GET \/api\/v1\/users\/me/, { status: 401, type: 'errors/disconnected_account' });
    const refused = await cli(['member', 'link', 'ws_u', 'tm_ria', '--account', ria.id]);
    expect([refused.code, refused.stderr]).toEqual([1, `warmline: Unipile account ${ria.id} is disconnected: reconnect it at Unipile, then link it again\n`]);
    const status = await json(['network', 'status', 'ws_u']);
    expect(status).toMatchObject({
      workspace_id: 'ws_u',
      network: { provider: 'unipile', dsn: fake.url, pacing: { dailyProfileLookups: 50 } },
      members: [
        { id: 'tm_ria', email: 'ria@acme.test', integration_status: 'NOT_CONNECTED', account_id: null },
        { id: 'tm_sam', email: 'sam@acme.test', integration_status: 'CONNECTED', account_id: sam.id, network_urn: sam.owner.providerId },
      ],
      last_webhook_at: null,
      errors: { account_disconnected: { calls: 1, last_message: 'Unipile answered 401 errors/disconnected_account' } },
    });
    expect(status.last_success_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(status)).not.toContain(fake.token);
    const human = await cli(['network', 'status', 'ws_u']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('last webhook: none yet');
    expect(human.stdout).toMatch(/account_disconnected: 1 \(last .*Unipile answered 401/);
    const unknown = await cli(['network', 'status', 'ws_nobody']);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'warmline: no workspace with id ws_nobody\n']);
  });

  it('network budget changes the budgets without binding again: the token untouched and still working', { timeout: 120_000 }, async () => {
    const inForce = { actSpacingMinMs: 30_000, actSpacingMaxMs: 60_000, dailyProfileLookups: 50, ingestionReserve: 10, dailyInvitations: 15, dailyMessages: 40, dailyWithdrawals: 5, profileRefreshDays: 14 };
    const [before] = await wholeBinding();
    // without a budget flag it prints what is in force and changes nothing
    expect(await json(['network', 'budget', 'ws_u'])).toEqual({ workspace_id: 'ws_u', pacing: inForce });
    expect(await wholeBinding()).toEqual([before]);
    const calls = fake.calls.length;
    const changed = await json(['network', 'budget', 'ws_u', '--act-spacing', '20-40', '--daily-messages', '60', '--ingestion-reserve', '12']);
    const now = { ...inForce, actSpacingMinMs: 20_000, actSpacingMaxMs: 40_000, dailyMessages: 60, ingestionReserve: 12 };
    expect(changed).toEqual({ workspace_id: 'ws_u', pacing: now });
    expect(fake.calls.slice(calls)).toEqual([]); // no token needed, nothing asked of Unipile
    const [after] = await wholeBinding();
    expect(after!.credentials).toBe(before!.credentials);
    expect(after!.provider).toBe('unipile');
    expect(JSON.parse(String(after!.options))).toEqual({ dsn: fake.url, ca: fake.ca, pacing: now });
    // updated_at moves forward: every process's provider registry rebuilds the provider
    expect(Number(after!.updated_at)).toBeGreaterThan(Number(before!.updated_at));
    // a later call through the provider still authenticates against the fake with the sealed token
    const linked = await json(['member', 'link', 'ws_u', 'tm_ria', '--account', ria.id]);
    expect(linked).toMatchObject({ id: 'tm_ria', account_id: ria.id, integration_status: 'CONNECTED' });
    expect(fake.calls.slice(calls).some((c) => c.startsWith('GET /api/v1/users/me'))).toBe(true);
    await json(['member', 'unlink', 'ws_u', 'tm_ria']);
    expect((await json(['network', 'status', 'ws_u'])).network.pacing).toEqual(now);
    // a human reads every budget in force
    const human = await cli(['network', 'budget', 'ws_u', '--profile-refresh-days', '21']);
    expect([human.code, human.stderr]).toEqual([0, '']);
    expect(human.stdout).toBe(
      [
        'workspace ws_u: budgets of each linked Unipile account',
        '  pause between acting calls: 20-40 s',
        '  profile look-ups a day: 50 (of which a sync may not spend 12)',
        '  invitations a day: 15',
        '  messages a day: 60',
        '  invitation withdrawals a day: 5',
        '  a known profile is looked up again after: 21 days',
        '',
      ].join('\n'),
    );
  });

  it('network budget refuses every bad value with one line, exit 1, the stored binding byte-identical', { timeout: 180_000 }, async () => {
    await json(['workspace', 'create', '--name', 'Unbound', '--id', 'ws_none']);
    const [before] = await wholeBinding();
    const budget = (...more: string[]) => ['network', 'budget', 'ws_u', ...more];
    const cases: [string[], string][] = [
      ...COUNT_FLAGS.flatMap((flag) => BAD_COUNTS.map((value): [string[], string] => [budget(flag, value), notWhole(flag, value)])),
      // a good value beside a bad one changes nothing either
      [budget('--daily-messages', '70', '--daily-withdrawals', '0'), notWhole('--daily-withdrawals', '0')],
      [budget('--act-spacing', '0'), 'warmline: --act-spacing must be seconds or a range of seconds such as 45-90, from 1 (got "0")\n'],
      [budget('--act-spacing', '-5'), 'warmline: --act-spacing must be seconds or a range of seconds such as 45-90, from 1 (got "-5")\n'],
      [budget('--act-spacing', '90-45'), 'warmline: --act-spacing: the shortest pause must not be longer than the longest\n'],
      // the reserve against the look-ups in force: the stored 50, or the ones given beside it
      [budget('--ingestion-reserve', '50'), 'warmline: --ingestion-reserve must be less than the daily look-ups in force (got 50, daily look-ups 50)\n'],
      [budget('--ingestion-reserve', '51'), 'warmline: --ingestion-reserve must be less than the daily look-ups in force (got 51, daily look-ups 50)\n'],
      [budget('--daily-lookups', '40', '--ingestion-reserve', '40'), 'warmline: --ingestion-reserve must be less than the daily look-ups in force (got 40, daily look-ups 40)\n'],
      [budget('--daily-lookups', '12'), 'warmline: --daily-lookups must be more than the ingestion reserve in force (got 12, ingestion reserve 12): give --ingestion-reserve below it too\n'],
      [['network', 'budget', 'ws_nobody', '--daily-messages', '5'], 'warmline: no workspace with id ws_nobody\n'],
      [['network', 'budget', 'ws_none', '--daily-messages', '5'], 'warmline: workspace ws_none is not bound to Unipile (warmline network bind ws_none unipile --dsn … --token-file …)\n'],
      [['network', 'budget', 'ws_none'], 'warmline: workspace ws_none is not bound to Unipile (warmline network bind ws_none unipile --dsn … --token-file …)\n'],
    ];
    const results = await cliAll(cases.map(([args]) => args));
    for (const [i, [args, message]] of cases.entries()) {
      expect([results[i]!.code, results[i]!.stderr, results[i]!.stdout], args.join(' ')).toEqual([1, message, '']);
    }
    expect(await wholeBinding()).toEqual([before]);
    expect(await rowsOf(database, "select * from workspace_bindings where workspace_id = 'ws_none'")).toEqual([]);
    // a lower reserve and look-ups together are fine
    expect((await json(budget('--daily-lookups', '12', '--ingestion-reserve', '2'))).pacing).toMatchObject({ dailyProfileLookups: 12, ingestionReserve: 2 });
  });

  it('rotates the token by binding again (from an environment variable); links stay', { timeout: 120_000 }, async () => {
    const [old] = await binding();
    const res = await cli([...bindArgs('--token-env', 'UNIPILE_TOKEN'), '--json'], { UNIPILE_TOKEN: fake.token });
    expect([res.code, res.stderr]).toEqual([0, '']);
    const [now] = await binding();
    expect(now!.credentials).not.toBe(old!.credentials);
    expect(JSON.parse(String(now!.options))).toEqual({ dsn: fake.url, ca: fake.ca });
    expect((await json(['network', 'status', 'ws_u'])).members.find((m: { id: string }) => m.id === 'tm_sam').account_id).toBe(sam.id);
  });

  it('with a public URL, bind registers the webhooks once; binding again registers nothing; --rotate-hook-secret replaces them', { timeout: 120_000 }, async () => {
    const ours = () => fake.webhooks.filter((w) => String(w.body.request_url).startsWith('https://warmline.example.test/hooks/unipile/'));
    const first = await json([...bindArgs('--token-file', tokenFile), '--public-url', 'https://warmline.example.test']);
    expect(first.network.webhooks).toEqual({ url: expect.stringMatching(/^https:\/\/warmline\.example\.test\/hooks\/unipile\/[\w-]+$/), created: 3, removed: 0 });
    expect(ours().map((w) => w.body.request_url)).toEqual([first.network.webhooks.url, first.network.webhooks.url, first.network.webhooks.url]);
    const again = await json([...bindArgs('--token-file', tokenFile), '--public-url', 'https://warmline.example.test']);
    expect(again.network.webhooks).toEqual({ url: first.network.webhooks.url, created: 0, removed: 0 });
    const rotated = await json([...bindArgs('--token-file', tokenFile), '--public-url', 'https://warmline.example.test', '--rotate-hook-secret']);
    expect(rotated.network.webhooks).toEqual({ url: first.network.webhooks.url, created: 3, removed: 3 });
    expect(ours()).toHaveLength(3);
    expect(JSON.stringify(rotated)).not.toContain(fake.token);
    const human = await cli([...bindArgs('--token-file', tokenFile), '--public-url', 'https://warmline.example.test']);
    expect(human.stdout).toBe(`workspace ws_u is bound to unipile at ${fake.url}\nUnipile webhooks deliver to ${first.network.webhooks.url}\n`);
    const sandbox = await cli(['network', 'bind', 'ws_u', 'sandbox', '--rotate-hook-secret']);
    expect([sandbox.code, sandbox.stderr]).toEqual([1, 'warmline: --rotate-hook-secret is for the unipile provider only\n']);
  });
});
