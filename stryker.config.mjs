// Mutation testing of the rules whose bugs cost users most (docs/mutation.md). Slow, so not in
// CI: `npm run mutation` (set WARMLINE_TEST_REDIS_URL to cover the Redis window store too). One
// process at a time (the machine is shared); each mutant runs only the tests that cover it
// (perTest coverage) from vitest.mutation.config.ts.
import { readFileSync } from 'node:fs';

// Parts of files are named by their text, not by line numbers: written numbers drifted as the
// files grew and mutated other code without a word. A missing anchor stops the run.
const linesOf = (file) => readFileSync(file, 'utf8').split('\n');
const range = (file, from, to, what) => {
  if (from < 0 || to < 0) throw new Error(`stryker.config.mjs: ${what} not found in ${file}`);
  return `${file}:${from + 1}-${to + 1}`;
};

/** A top-level function, from its signature to its closing brace at the start of a line. */
function wholeFunction(file, name) {
  const lines = linesOf(file);
  const from = lines.findIndex((line) => line.includes(`function ${name}(`));
  return range(file, from, lines.findIndex((line, i) => i > from && line === '}'), `function ${name}`);
}

/** The lines from the first one containing `first` to the next one containing `last`. */
function span(file, first, last) {
  const lines = linesOf(file);
  const from = lines.findIndex((line) => line.includes(first));
  return range(file, from, lines.findIndex((line, i) => i >= from && line.includes(last)), `"${first}" … "${last}"`);
}

// Two groups, reported apart in docs/mutation.md: the rules with unit tests (minutes) and the
// files tested over HTTPS and in one process (most of an hour on the shared machine).
// WARMLINE_MUTATE=unit or =https runs one of them; unset runs both.
const groups = {
  unit: [
    'src/outreach/working-hours.ts',
    'src/outreach/spacing.ts',
    'src/outreach/limits.ts',
    'src/shared/cursor.ts',
    'src/db/keyset.ts',
    'src/http/sliding-window-store.ts',
    'src/ingestion/scoring.ts',
  ],
  https: [
    'src/http/auth.ts',
    'src/auth/api-keys.service.ts',
    'src/http/rate-limit.ts',
    'src/connections/outbound.ts',
    // Credits: the balance, the ledger sum and grants (the rest of these files is workspace and
    // member CRUD); spending a credit is in the enrichment engine's store step, and paused leads
    // come back when their workspace is funded again.
    wholeFunction('src/workspace/workspace.service.ts', 'getCreditBalance'),
    wholeFunction('src/workspace/workspace.service.ts', 'grantCredits'),
    wholeFunction('src/workspace/workspace.repository.ts', 'sumLedger'),
    span('src/enrichment/enrichment.engine.ts', 'const funded =', 'const funded ='),
    span('src/enrichment/enrichment.engine.ts', 'const { balance } = await sumLedger', "insertInto('credit_ledger')"),
  ],
};
const group = process.env.WARMLINE_MUTATE || undefined;
if (group !== undefined && !(group in groups)) throw new Error(`WARMLINE_MUTATE must be one of ${Object.keys(groups).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: group ? groups[group] : [...groups.unit, ...groups.https],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: '.stryker-tmp',
  timeoutMS: 20_000,
};
