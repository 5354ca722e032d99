import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSuppressionMatcher } from '../src/suppression/suppression.service.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { connectDb } from '../src/db/connect.js';

describeEachDialect('suppression list', (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = { WARMLINE_DB: dbArgOf(database.target) };
  });
  afterAll(() => database.drop());

  it('is managed from the CLI and matches companies by slug or id and emails by domain', { timeout: 120_000 }, async () => {
    const ws = JSON.parse((await runCli(['workspace', 'create', '--name', 'S', '--json'], { env })).stdout).id;
    const add = (kind: string, value: string) => runCli(['suppression', 'add', '--workspace', ws, '--kind', kind, '--value', value, '--json'], { env });
    expect(JSON.parse((await add('company', 'Globex')).stdout)).toEqual({ kind: 'company', value: 'globex' });
    expect((await add('company', '1001')).code).toBe(0);
    expect(JSON.parse((await add('domain', '@Rival.test')).stdout)).toEqual({ kind: 'domain', value: 'rival.test' });
    expect((await add('domain', 'rival.test')).code).toBe(0); // adding twice keeps one entry

    const bad = await add('domain', 'not a domain');
    expect([bad.code, bad.stderr.trim()]).toEqual([1, 'warmline: "not a domain" is not an email domain']);
    const list = JSON.parse((await runCli(['suppression', 'list', '--workspace', ws, '--json'], { env })).stdout);
    expect(list.map((e: any) => `${e.kind}:${e.value}`)).toEqual(['company:1001', 'company:globex', 'domain:rival.test']);

    const handle = connectDb(database.target);
    try {
      const suppressed = await loadSuppressionMatcher(handle.db, ws);
      expect(suppressed({ companySlug: 'GLOBEX' })).toBe(true);
      expect(suppressed({ companyId: 1001 })).toBe(true);
      expect(suppressed({ email: 'bo@rival.test' })).toBe(true);
      expect(suppressed({ email: 'bo@sub.rival.test', companyId: 7, companySlug: 'initech' })).toBe(false);
      expect(suppressed({})).toBe(false);
      expect((await loadSuppressionMatcher(handle.db, 'ws_other'))({ companySlug: 'globex' })).toBe(false);
    } finally {
      await handle.close();
    }

    const removed = await runCli(['suppression', 'remove', '--workspace', ws, '--kind', 'company', '--value', 'globex'], { env });
    expect(removed.code).toBe(0);
    const missing = await runCli(['suppression', 'remove', '--workspace', ws, '--kind', 'company', '--value', 'globex'], { env });
    expect(missing.code).toBe(1);
    expect(JSON.parse((await runCli(['suppression', 'list', '--workspace', ws, '--json'], { env })).stdout)).toHaveLength(2);
  });
});
