// The CI phases' file selection (scripts/test-phases.ts) cannot drop a test silently: the
// PostgreSQL phase's scan is checked on small made-up trees and on this one, the variables only that
// phase sets are read where the scan sees them, and the Node lines' list names files that exist.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_LINE_FILES, postgresTestFiles, testFiles } from '../scripts/test-phases.js';

const root = path.resolve(import.meta.dirname, '..');
const DIALECTS = `export function enabledDialects() {}\nexport function describeEachDialect() {}\nexport function describeOnce() {}\nexport function postgresServerUrl() {}\n`;

/** The files of postgresTestFiles() among `tree`'s test files (dialects.ts is always there). */
function scanOf(tree: Record<string, string>): Promise<string[]> {
  const files = { 'test/helpers/dialects.ts': DIALECTS, ...tree };
  const read = (file: string) => {
    const text = files[file as keyof typeof files];
    if (text === undefined) throw new Error(`ENOENT ${file}`);
    return text;
  };
  return postgresTestFiles(read, Object.keys(files).filter((file) => file.endsWith('.test.ts')));
}

/** Every TypeScript module of test/, relative to the repository. */
function testModules(dir = 'test'): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const file = `${dir}/${e.name}`;
    if (e.isDirectory()) return testModules(file);
    return e.name.endsWith('.ts') ? [file] : [];
  });
}
const source = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the PostgreSQL phase', () => {
  it('takes a file that loops over the dialects, however it imports the loop', async () => {
    expect(
      await scanOf({
        'test/each.test.ts': `import { describeEachDialect } from './helpers/dialects.js';`,
        'test/loop.test.ts': `import {\n  type DialectName,\n  enabledDialects as dialects,\n} from './helpers/dialects.js';`,
        'test/url.test.ts': `import { postgresServerUrl } from './helpers/dialects.js';`,
        'test/all.test.ts': `import * as d from './helpers/dialects.js';`,
        'test/helped.test.ts': `import { loop } from './helpers/loop.js';`,
        'test/helpers/loop.ts': `import { other } from './other.js';\nexport { enabledDialects as loop } from './dialects.js';`,
        'test/helpers/other.ts': `import { x } from './loop.js';`,
        'test/reexported.test.ts': `import { y } from './helpers/everything.js';`,
        'test/helpers/everything.ts': `export * from './dialects.js';`,
      }),
    ).toEqual(['test/each.test.ts', 'test/loop.test.ts', 'test/url.test.ts', 'test/all.test.ts', 'test/helped.test.ts', 'test/reexported.test.ts']);
  });

  it('leaves out a file that only runs on the dialect it names, or once', async () => {
    expect(
      await scanOf({
        'test/once.test.ts': `import { describeOnce, type DialectName } from './helpers/dialects.js';`,
        'test/typed.test.ts': `import type { enabledDialects } from './helpers/dialects.js';`,
        'test/sqlite.test.ts': `import { startServer } from './helpers/server.js';\nconst s = startServer('sqlite');`,
        'test/helpers/server.ts': `import { createTestDatabase, dbArgOf } from './dialects.js';`,
        'test/unit.test.ts': `import { x } from '../src/x.js';\nimport fs from 'node:fs';`,
        // Words in comments and strings are no import.
        'test/said.test.ts': `// enabledDialects() from './helpers/dialects.js'\nconst s = "describeEachDialect";`,
      }),
    ).toEqual([]);
  });

  it('on this tree: the dialect loops are in, the SQLite-only and once-only files out', async () => {
    const files = await postgresTestFiles();
    expect(files).toEqual(expect.arrayContaining(['test/leads-list.test.ts', 'test/leads-bucket-plan.test.ts', 'test/cli-errors.test.ts', 'test/metrics.test.ts']));
    for (const out of ['test/console-e2e.test.ts', 'test/fresh-clone.test.ts', 'test/faults.test.ts', 'test/openapi.test.ts', 'src/shared/time.test.ts']) expect(files).not.toContain(out);
    expect(files.every((file) => testFiles().includes(file))).toBe(true);
  });

  it('is told which dialects a run tests only through dialects.ts', () => {
    // postgres-notice.ts only prints that PostgreSQL was skipped.
    const readers = testModules().filter((file) => /WARMLINE_TEST_(PG_URL|DIALECTS)/.test(source(file)));
    expect(readers.sort()).toEqual(['test/helpers/dialects.ts', 'test/helpers/postgres-notice.ts']);
    // A dynamic import would hide the names the scan reads.
    expect(testModules().filter((file) => /import\(\s*['"][^'"]*dialects/.test(source(file)))).toEqual([]);
  });

  it('runs every file that reads WARMLINE_TEST_REDIS_URL (CI sets it for that phase only)', async () => {
    const readers = testModules().filter((file) => file.endsWith('.test.ts') && /process\.env(\.|\[['"])WARMLINE_TEST_REDIS_URL/.test(source(file)));
    expect(readers.length).toBeGreaterThan(0);
    expect(await postgresTestFiles()).toEqual(expect.arrayContaining(readers));
  });
});

describe('the Node 22 and 24 phases', () => {
  it('name test files that exist (a renamed file would drop out of the list unnoticed)', () => {
    const all = testFiles();
    for (const entry of NODE_LINE_FILES) {
      const named = all.filter((file) => file.startsWith(entry));
      expect(named, entry).not.toEqual([]);
      // Vitest takes each as a part of a path: it must not pick up another file as well.
      expect(all.filter((file) => file.includes(entry)), entry).toEqual(named);
    }
  });
});
