// The operator's commands for bindings, as an operator runs them: bind, unbind, import with a
// network, the list, bad input (one line, exit 1, nothing changed), and bindings and the
// connections mirror kept through export and import into a fresh database of the other engine.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dbArgOf, describeEachDialect, enabledDialects, type TestDatabase } from './helpers/dialects.js';
import { adoptionSnapshot } from './helpers/adoption-snapshot.js';
import { tempDir } from './helpers/temp-dirs.js';

describeEachDialect('warmline network bind / unbind / import --network', (dialect) => {
  let database: TestDatabase;
  let dir = '';
  const cli = async (args: string[], db = dbArgOf(database.target)) => runCli([...args, '--json'], { env: { WARMLINE_DB: db } });
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = tempDir('bind');
  });
  afterAll(async () => {
    await database.drop();
  });

  const list = async (db?: string) => JSON.parse((await cli(['workspace', 'list'], db)).stdout).map((w: any) => ({ id: w.id, network: w.network, enrichment: w.enrichment.provider }));

  it('binds and unbinds; the workspace list shows each binding; bad input changes nothing', async () => {
    expect((await cli(['workspace', 'create', '--name', 'Made', '--id', 'ws_made'])).code).toBe(0);
    expect(await list()).toEqual([{ id: 'ws_made', network: { provider: 'none', options: {} }, enrichment: 'none' }]);
    const bound = await cli(['network', 'bind', 'ws_made', 'sandbox', '--activity']);
    expect(JSON.parse(bound.stdout)).toEqual({ workspace_id: 'ws_made', network: { provider: 'sandbox', options: { activity: true } } });
    expect((await cli(['enrichment', 'bind', 'ws_made', 'sandbox'])).code).toBe(0);
    expect(await list()).toEqual([{ id: 'ws_made', network: { provider: 'sandbox', options: { activity: true } }, enrichment: 'sandbox' }]);
    const human = await runCli(['workspace', 'list'], { env: { WARMLINE_DB: dbArgOf(database.target) } });
    expect(human.stdout).toMatch(/^ws_made\tMade\t\S+\tnetwork: sandbox \(activity on\)\tenrichment: sandbox\n$/);

    for (const [args, message] of [
      [['network', 'bind', 'ws_nobody', 'sandbox'], 'warmline: no workspace with id ws_nobody\n'],
      [['network', 'bind', 'ws_made', 'linkedin'], 'warmline: unknown network provider "linkedin" (one of none, sandbox, unipile)\n'],
      [['network', 'unbind', 'ws_nobody'], 'warmline: no workspace with id ws_nobody\n'],
      [['enrichment', 'bind', 'ws_made', 'clearbit'], 'warmline: unknown enrichment provider "clearbit" (one of none, sandbox, hunter, dropcontact)\n'],
    ] as const) {
      const res = await runCli([...args], { env: { WARMLINE_DB: dbArgOf(database.target) } });
      expect([res.code, res.stderr], args.join(' ')).toEqual([1, message]);
    }
    expect(await list()).toEqual([{ id: 'ws_made', network: { provider: 'sandbox', options: { activity: true } }, enrichment: 'sandbox' }]);

    expect(JSON.parse((await cli(['network', 'unbind', 'ws_made'])).stdout)).toEqual({ workspace_id: 'ws_made', network: { provider: 'none', options: {} } });
    expect(await list()).toEqual([{ id: 'ws_made', network: { provider: 'none', options: {} }, enrichment: 'sandbox' }]);
  });

  it('member add --integration-status CONNECTED on a workspace bound to the sandbox links its account there: its sync is refused nothing', async () => {
    expect((await cli(['workspace', 'create', '--name', 'Linked', '--id', 'ws_linked'])).code).toBe(0);
    expect((await cli(['network', 'bind', 'ws_linked', 'sandbox'])).code).toBe(0);
    const added = await cli(['member', 'add', '--workspace', 'ws_linked', '--email', 'late@acme.test', '--integration-status', 'CONNECTED']);
    expect(added.code, added.stderr).toBe(0);
    // Before, the member had no sandbox account: each sync's calls were refused, unseen.
    const synced = await cli(['sync', '--once', '--workspace', 'ws_linked']);
    expect(JSON.parse(synced.stdout)).toMatchObject({ members: 1, refused: 0 });
  });

  it('import --network sandbox [--activity] binds after importing; a refused adoption or a bad provider imports nothing', async () => {
    const file = path.join(dir, 'adopt.json');
    fs.writeFileSync(file, JSON.stringify(adoptionSnapshot('ws_imported')));
    const imported = await cli(['import', file, '--network', 'sandbox', '--activity']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ workspace_id: 'ws_imported', network: { provider: 'sandbox', options: { activity: true } }, enrichment: { provider: 'none' } });

    const refused = path.join(dir, 'refused.json');
    const doc = adoptionSnapshot('ws_refused');
    doc.team_members[1]!.network_username = null; // tm_name: CONNECTED, no urn, no username
    fs.writeFileSync(refused, JSON.stringify(doc));
    for (const args of [['import', refused, '--network', 'sandbox'], ['import', file.replace('adopt', 'absent')], ['import', refused, '--network', 'unipile'], ['import', refused, '--activity']]) {
      const res = await runCli(args, { env: { WARMLINE_DB: dbArgOf(database.target) } });
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
    }
    const named = await runCli(['import', refused, '--network', 'sandbox'], { env: { WARMLINE_DB: dbArgOf(database.target) } });
    expect(named.stderr).toMatch(/^warmline: team member tm_name \(tm_name@acme.test\) is CONNECTED but has neither a network urn nor a usable network username/);
    expect((await list()).map((w: any) => w.id)).not.toContain('ws_refused');
    // Without a network the same document imports, left at none.
    expect(JSON.parse((await cli(['import', refused])).stdout)).toMatchObject({ workspace_id: 'ws_refused', network: { provider: 'none' } });
  });

  it('export, then import into a fresh database of each engine, keeps the bindings and the connections mirror', async () => {
    const source = path.join(dir, 'bound.json');
    expect((await cli(['enrichment', 'bind', 'ws_imported', 'sandbox'])).code).toBe(0);
    expect((await cli(['export', '--workspace', 'ws_imported', '--out', source])).code).toBe(0);
    const doc = JSON.parse(fs.readFileSync(source, 'utf8'));
    expect(doc.workspace).toMatchObject({ network: { provider: 'sandbox', activity: true }, enrichment: { provider: 'sandbox' } });
    expect(JSON.stringify(doc)).not.toMatch(/credential/);
    expect(doc.connections).toHaveLength(3);
    let previous = fs.readFileSync(source, 'utf8');
    // Into the other engine and back (SQLite -> PostgreSQL -> SQLite when both run).
    const hops = enabledDialects().includes('postgres') ? (dialect === 'sqlite' ? ['postgres', 'sqlite'] : ['sqlite', 'postgres']) : ['sqlite'];
    for (const hop of hops as ('sqlite' | 'postgres')[]) {
      const fresh = await createTestDatabase(hop);
      try {
        const imported = await cli(['import', previousFile(previous)], dbArgOf(fresh.target));
        expect(imported.code, imported.stderr).toBe(0);
        expect(await list(dbArgOf(fresh.target))).toEqual([{ id: 'ws_imported', network: { provider: 'sandbox', options: { activity: true } }, enrichment: 'sandbox' }]);
        const again = await cli(['export', '--workspace', 'ws_imported'], dbArgOf(fresh.target));
        expect(again.stdout).toBe(previous);
        previous = again.stdout;
      } finally {
        await fresh.drop();
      }
    }
  });

  it('--pace: the sandbox lives faster for that workspace; listed, exported and imported with it; a bad pace changes nothing', async () => {
    expect((await cli(['workspace', 'create', '--name', 'Paced', '--id', 'ws_paced'])).code).toBe(0);
    const bad = await runCli(['network', 'bind', 'ws_paced', 'sandbox', '--activity', '--pace', '0'], { env: { WARMLINE_DB: dbArgOf(database.target) } });
    expect([bad.code, bad.stderr]).toEqual([1, "warmline: option '--pace <n>' argument '0' is invalid. --pace must be from 1 to 100000\n"]);
    const bound = await cli(['network', 'bind', 'ws_paced', 'sandbox', '--activity', '--pace', '1440']);
    expect(JSON.parse(bound.stdout)).toEqual({ workspace_id: 'ws_paced', network: { provider: 'sandbox', options: { activity: true, pace: 1440 } } });
    const human = await runCli(['workspace', 'list'], { env: { WARMLINE_DB: dbArgOf(database.target) } });
    expect(human.stdout).toMatch(/^ws_paced\tPaced\t\S+\tnetwork: sandbox \(activity on, pace 1440\)\tenrichment: none$/m);
    const exported = await cli(['export', '--workspace', 'ws_paced']);
    const doc = JSON.parse(exported.stdout);
    expect(doc.workspace.network).toEqual({ provider: 'sandbox', activity: true, pace: 1440 });
    doc.workspace.id = 'ws_paced_copy';
    const reimported = await cli(['import', previousFile(JSON.stringify(doc))]);
    expect(reimported.code, reimported.stderr).toBe(0);
    expect((await list()).find((w: any) => w.id === 'ws_paced_copy').network).toEqual({ provider: 'sandbox', options: { activity: true, pace: 1440 } });
  }, 120_000);

  function previousFile(text: string): string {
    const file = path.join(dir, `hop-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, text);
    return file;
  }
}, 90_000); // 13 CLI runs in a test: a loaded machine takes seconds to start each
