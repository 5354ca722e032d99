// The operator's Unipile commands, run as an operator runs them against the local fake Unipile:
// network bind … unipile (credentials checked with one call, the token never stored, printed or
// exported in clear), member link / unlink, network status; every mistake is one line on
// standard error, exit 1, and nothing changed.
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
      [bindArgs('--token-file', tokenFile, '--act-spacing', 'soon'), {}, /^warmline: --act-spacing must be seconds or a range of seconds such as 45-90 \(got "soon"\)\n$/],
      [bindArgs('--token-file', tokenFile, '--act-spacing', '90-45'), {}, /^warmline: --act-spacing: the shortest pause must not be longer than the longest\n$/],
      [bindArgs('--token-file', tokenFile, '--daily-lookups', '0'), {}, /^warmline: --daily-lookups must be a whole number from 1/],
      [['network', 'bind', 'ws_nobody', 'unipile', '--dsn', fake.url, '--ca-file', caFile, '--token-file', tokenFile], {}, /^warmline: no workspace with id ws_nobody\n$/],
      [['network', 'bind', 'ws_u', 'sandbox', '--dsn', fake.url], {}, /^warmline: --dsn is for the unipile provider only\n$/],
    ];
    // independent refusals: run side by side (each is a process start)
    const results = await Promise.all(cases.map(([args, extra]) => cli(args, extra)));
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
    const res = await cli([...bindArgs('--token-file', tokenFile, '--act-spacing', '30-60', '--daily-lookups', '50'), '--json']);
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(JSON.parse(res.stdout)).toEqual({
      workspace_id: 'ws_u',
      network: { provider: 'unipile', options: { dsn: fake.url, ca: 'custom', pacing: { actSpacingMinMs: 30_000, actSpacingMaxMs: 60_000, dailyProfileLookups: 50 } } },
    });
    expect(fake.calls.slice(before)).toEqual(['GET /api/v1/accounts']);
    expect(res.stdout).not.toContain(fake.token);
    const [row] = await binding();
    expect(row!.provider).toBe('unipile');
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
    ] as const) {
      refusals.push(cli([...args]).then((res) => expect([res.code, res.stderr], args.join(' ')).toEqual([1, message])));
    }
    await Promise.all(refusals);
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
