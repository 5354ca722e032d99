import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ManualClock } from '../src/shared/clock.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { startServer } from './helpers/server.js';

// Each CLI run starts a Node process (with tsx); a test of seven runs needs more than the default time.
const CLI_TIMEOUT = 120_000;

describeEachDialect('operator CLI', (dialect) => {
  let database: TestDatabase;
  let dbUrl: string;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dbUrl = dbArgOf(database.target);
    handle = connectDb(database.target);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  /** Every row of the tables the refused commands would have written to. */
  async function contents() {
    const tables = ['workspaces', 'api_keys', 'team_members', 'credit_ledger', 'member_syncs', 'network_actions', 'outreach_senders'] as const;
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) rows[table] = await handle.db.selectFrom(table).selectAll().execute();
    return rows;
  }

  it('creates a workspace, a member, credits and keys, lists and revokes keys (--json)', async () => {
    const env = { WARMLINE_DB: dbUrl };
    const ws = await runCli(['workspace', 'create', '--name', 'Acme', '--json'], { env });
    expect(ws.code).toBe(0);
    const { id } = JSON.parse(ws.stdout);
    expect(id).toMatch(/^ws_/);

    const member = await runCli(['member', 'add', '--workspace', id, '--email', 'ana@acme.test', '--first-name', 'Ana', '--integration-status', 'CONNECTED', '--followers-count', '12', '--json'], { env });
    expect(member.code).toBe(0);
    expect(JSON.parse(member.stdout).id).toMatch(/^tm_/);

    const credits = await runCli(['credits', 'grant', '--db', dbUrl, '--workspace', id, '--amount', '40', '--json']);
    expect(JSON.parse(credits.stdout).current_balance).toBe(40);

    const key = await runCli(['key', 'create', '--workspace', id, '--name', 'ci', '--json'], { env });
    const created = JSON.parse(key.stdout);
    expect(Object.keys(created)).toEqual(['id', 'key']);
    const list = await runCli(['key', 'list', '--json'], { env });
    expect(list.stdout).not.toContain(created.key);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id: created.id, workspace_id: id, name: 'ci', revoked_at: null })]);
    const revoke = await runCli(['key', 'revoke', created.id, '--json'], { env });
    expect(revoke.code).toBe(0);
    expect(JSON.parse((await runCli(['key', 'list', '--json'], { env })).stdout)[0].revoked_at).not.toBeNull();
  }, CLI_TIMEOUT);

  it('refuses bad input with a message and a non-zero exit, changing nothing', async () => {
    const env = { WARMLINE_DB: dbUrl };
    const { id } = await createWorkspace(handle.db, new ManualClock(Date.parse('2025-06-02T09:00:00Z')), 'Untouched');
    const before = await contents();
    const bad = await runCli(['key', 'create', '--workspace', 'ws_missing'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('no workspace with id ws_missing');
    const amount = await runCli(['credits', 'grant', '--workspace', id, '--amount', 'ten'], { env });
    expect(amount.code).not.toBe(0);
    expect(amount.stderr).toContain('--amount must be a whole number');
    const engines = await runCli(['worker', '--once', '--engines', 'outreach,mail'], { env });
    expect([engines.code, engines.stderr]).toEqual([1, 'warmline: --engines takes a comma-separated list of delivery, ingestion, outreach, crm (got "outreach,mail")\n']);
    const clock = await runCli(['worker', '--once'], { env: { ...env, WARMLINE_CLOCK_START: '2025-06-02 09:00' } });
    expect(clock.code).toBe(1);
    expect(clock.stderr).toContain('clock start must be epoch milliseconds or an ISO 8601 time with its zone');
    expect(await contents()).toEqual(before);
  }, CLI_TIMEOUT);

  it('keeps stdout for the result: logs (e.g. migrations on a fresh database) go to stderr', async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const url = dbArgOf(fresh.target);
      const res = await runCli(['workspace', 'create', '--name', 'Logs', '--json'], { env: { WARMLINE_DB: url, WARMLINE_LOG_LEVEL: 'info' } });
      expect(res.code).toBe(0);
      expect(Object.keys(JSON.parse(res.stdout))).toEqual(['id']);
      expect(res.stderr).toContain('migrations applied');
    } finally {
      await fresh.drop();
    }
  }, CLI_TIMEOUT);

  it('prints help for every command', async () => {
    for (const args of [['--help'], ['serve', '--help'], ['worker', '--help'], ['key', 'create', '--help'], ['member', 'add', '--help']]) {
      const res = await runCli(args);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Usage: warmline');
    }
  }, CLI_TIMEOUT);
});

describeEachDialect('API keys over HTTP', (dialect) => {
  it('a revoked key stops working on the next request', async () => {
    const server = await startServer(dialect);
    try {
      const dbUrl = dbArgOf(server.config.db);
      const ws = await server.newWorkspace();
      const created = JSON.parse((await runCli(['key', 'create', '--workspace', ws.id, '--json'], { env: { WARMLINE_DB: dbUrl } })).stdout);
      const client = makeClient(server.url, created.key);
      expect((await client.get('/v2/workspace/users')).status).toBe(200);
      await runCli(['key', 'revoke', created.id], { env: { WARMLINE_DB: dbUrl } });
      const res = await client.get('/v2/workspace/users');
      expect(res.status).toBe(401);
      expect(res.text).toBe('{"detail":"Invalid API key"}');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect((await ws.client.get('/v2/workspace/users')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, CLI_TIMEOUT);
});
