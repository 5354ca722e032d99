// `warmline enrichment bind` with real vendors and `enrichment status`, as an operator runs them:
// the keys read from files, sealed at rest, never printed, logged or exported (the snapshot
// carries the binding without them); bad input is one line, exit 1, nothing changed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDb } from '../src/db/connect.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { tempDir } from './helpers/temp-dirs.js';

const HUNTER_KEY = 'hk_live_5d1f0c9e7a';
const DROPCONTACT_KEY = 'dc_live_88b2e41f';

describeEachDialect('warmline enrichment bind <workspace> <vendors> --key-file', (dialect) => {
  let database: TestDatabase;
  let dir = '';
  const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { env: { WARMLINE_DB: dbArgOf(database.target), WARMLINE_LOG_LEVEL: 'debug', ...env } });
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text, { mode: 0o600 });
    return at;
  };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = tempDir('enrich-cli');
  });
  afterAll(() => database.drop());

  const stored = async () => {
    const handle = connectDb(database.target);
    try {
      return await handle.db.selectFrom('workspace_bindings').select(['provider', 'options', 'credentials', 'updated_at']).where('service', '=', 'enrichment').execute();
    } finally {
      await handle.close();
    }
  };

  it('binds a chain with sealed keys, shows it without them, and exports it without them', async () => {
    expect((await cli(['workspace', 'create', '--name', 'Keys', '--id', 'ws_keys'])).code).toBe(0);
    const hunterFile = file('hunter.key', `${HUNTER_KEY}\n`);
    const dropcontactFile = file('dropcontact.key', DROPCONTACT_KEY);
    const bound = await cli(['enrichment', 'bind', 'ws_keys', 'hunter,dropcontact', '--key-file', hunterFile, '--key-file', dropcontactFile, '--reask-days', '14', '--json']);
    expect(bound.code).toBe(0);
    expect(JSON.parse(bound.stdout)).toEqual({ workspace_id: 'ws_keys', enrichment: { provider: 'hunter,dropcontact', options: { reask_days: 14 } } });

    const human = await cli(['enrichment', 'status', 'ws_keys']);
    expect(human.stdout).toBe('workspace ws_keys is enriched by hunter → dropcontact (re-asked after 14 days)\n');
    const list = await cli(['workspace', 'list', '--json']);
    expect(JSON.parse(list.stdout)[0].enrichment).toEqual({ provider: 'hunter,dropcontact', options: { reask_days: 14 } });
    const snapshot = await cli(['export', '--workspace', 'ws_keys']);
    expect(snapshot.stdout).toContain('"enrichment":{"provider":"hunter,dropcontact"}');

    // The keys are nowhere a person or another program reads: output, logs (at debug), the snapshot, the database in clear.
    const rows = await stored();
    expect(rows).toHaveLength(1);
    for (const text of [bound.stdout, bound.stderr, human.stdout, human.stderr, list.stdout, snapshot.stdout, JSON.stringify(rows)]) {
      expect(text).not.toContain(HUNTER_KEY);
      expect(text).not.toContain(DROPCONTACT_KEY);
    }
    expect(rows[0]!.credentials).toMatch(/^v1\./);
  });

  it('refuses bad input with one line, exit 1, the binding unchanged', async () => {
    const before = await stored();
    const key = file('one.key', 'k');
    const empty = file('empty.key', '\n');
    for (const [args, message] of [
      [['ws_keys', 'clearbit', '--key-file', key], 'unknown enrichment provider "clearbit" (one of none, sandbox, hunter, dropcontact)'],
      [['ws_keys', 'hunter,hunter', '--key-file', key, '--key-file', key], 'enrichment vendor "hunter" is named twice in the chain'],
      [['ws_keys', 'hunter', '--key-file', path.join(dir, 'missing.key')], `--key-file: cannot read ${path.join(dir, 'missing.key')} (ENOENT)`],
      [['ws_keys', 'hunter'], "binding to hunter needs --key-file <file> once per vendor, in the chain's order"],
      [['ws_keys', 'hunter,dropcontact', '--key-file', key], "give one --key-file per vendor, in the chain's order (2 vendor(s), 1 key file(s))"],
      [['ws_keys', 'hunter', '--key-file', empty], 'the key file of hunter is empty'],
      [['ws_keys', 'hunter', '--key-file', key, '--reask-days', '0'], '--reask-days must be a whole number of days from 1 (got "0")'],
      [['ws_keys', 'hunter', '--key-file', key, '--reask-days', '-3'], '--reask-days must be a whole number of days from 1 (got "-3")'],
      [['ws_keys', 'sandbox', '--key-file', key], '--key-file is for real vendors only'],
      [['ws_nobody', 'hunter', '--key-file', key], 'no workspace with id ws_nobody'],
    ] as const) {
      const result = await cli(['enrichment', 'bind', ...args]);
      expect([result.code, result.stderr, result.stdout]).toEqual([1, `warmline: ${message}\n`, '']);
    }
    expect(await stored()).toEqual(before);
  });
}, 180_000);
