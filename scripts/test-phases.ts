// Which test files each CI phase runs (docs/testing.md, "Which suites run where"). The SQLite phase
// (`npm test`) runs every file. The PostgreSQL phase (`npm run test:pg`) runs the files that test
// something on PostgreSQL, found here from their imports, not kept by hand. The Node 22 and 24
// phases (`npm run test:node`) run NODE_LINE_FILES, a list kept by hand for its reasons.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Where test files live, and how they are named: vitest.config.ts's `include` is made from these. */
export const TEST_DIRS = ['test', 'src'];
export const TEST_SUFFIX = '.test.ts';

/**
 * What a newer Node line can break that Node 20's full run cannot show, and the files that would
 * show it (docs/testing.md, "Which suites run where", says why each and why not the others). Each
 * entry is a Vitest filter: a part of a path, here a whole file's or a directory's.
 */
export const NODE_LINE_FILES = [
  // Every unit beside its source: ICU's time zones (working hours), the secret box's crypto, streams. Seconds.
  'src/',
  // The other SQLite driver build and the SQLite it bundles: JSON in the list, the planner, the bulk
  // load, the reading connection's worker thread, locks between processes, a read-only file and a full disk.
  'test/lead-kept-json.test.ts',
  'test/leads-rendering.test.ts',
  'test/leads-list.test.ts',
  'test/leads-plan.test.ts',
  'test/snapshot-bulk.test.ts',
  'test/sqlite-reader.test.ts',
  'test/sqlite-second-process.test.ts',
  'test/faults-sqlite.test.ts',
  // The server: HTTPS with its generated certificate, Node's HTTP parser on hostile requests, fetch
  // (the typed client), HTTPS out with a CA (Unipile), signatures (webhooks), the console's sessions.
  'test/auth-rate-limit.test.ts',
  'test/hostile-input.test.ts',
  'test/client.test.ts',
  'test/unipile-network.test.ts',
  'test/webhooks.test.ts',
  'test/client-webhooks.test.ts',
  'test/console-api.test.ts',
  // Processes: the CLI through bin/warmline.js (a member's invitation link), two worker processes,
  // npm start stopped by its PID (SIGTERM reaching the service), the data directory's file modes.
  'test/console-cli.test.ts',
  'test/worker.test.ts',
  'test/npm-start.test.ts',
  'test/data-files.test.ts',
];

/**
 * The names of test/helpers/dialects.ts through which a file learns that the run tests PostgreSQL:
 * only a file that imports one (itself, or through a module of test/ it imports) can run anything
 * there. The rest of dialects.ts (describeOnce, createTestDatabase, startServer's dialect) runs on
 * the dialect it is given, and only these can give it 'postgres'; test/test-phases.test.ts checks
 * that no other module reads which dialects a run tests.
 */
export const POSTGRES_SELECTORS = ['enabledDialects', 'describeEachDialect', 'postgresServerUrl'];
const DIALECTS = 'test/helpers/dialects.ts';

/** Every test file (what vitest.config.ts includes), relative to the repository, sorted. */
export function testFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(file);
      return entry.name.endsWith(TEST_SUFFIX) ? [file] : [];
    });
  return TEST_DIRS.flatMap(walk).sort();
}

/** The test files that run something on PostgreSQL, for the PostgreSQL phase: the others would only repeat their SQLite run. */
export async function postgresTestFiles(read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8'), files = testFiles()): Promise<string[]> {
  const { default: ts } = await import('typescript');
  const exists = (file: string) => {
    try {
      read(file);
      return true;
    } catch {
      return false;
    }
  };
  /** The relative modules a file imports or re-exports, with the names it takes from each ('*' for all of them). */
  const importsOf = (file: string): { target: string; names: string[] }[] => {
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest);
    return source.statements.flatMap((statement) => {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) return [];
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
      const target = path.posix.join(path.posix.dirname(file), specifier.text).replace(/\.js$/, '.ts');
      if (!exists(target)) return [];
      let names: string[];
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const bindings = clause?.isTypeOnly ? undefined : clause?.namedBindings;
        if (bindings === undefined) names = [];
        else if (ts.isNamespaceImport(bindings)) names = ['*'];
        else names = bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      } else {
        const clause = statement.isTypeOnly ? undefined : statement.exportClause;
        if (clause === undefined) names = statement.isTypeOnly ? [] : ['*'];
        else if (ts.isNamespaceExport(clause)) names = ['*'];
        else names = clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      }
      return [{ target, names }];
    });
  };
  /** Whether the file, or a module of test/ it reaches through its imports, takes a selector from dialects.ts. */
  const selects = (file: string, seen = new Set<string>()): boolean => {
    seen.add(file);
    return importsOf(file).some(({ target, names }) => {
      if (target === DIALECTS) return names.some((name) => name === '*' || POSTGRES_SELECTORS.includes(name));
      return target.startsWith('test/') && !seen.has(target) && selects(target, seen);
    });
  };
  return files.filter((file) => selects(file));
}
