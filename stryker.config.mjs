// Mutation testing of the rules whose bugs cost users most (docs/mutation.md). Slow, so not in
// CI: `npm run mutation`. One process at a time (the machine is shared); each mutant runs only
// the tests that cover it (perTest coverage) from vitest.mutation.config.ts.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: [
    'src/outreach/working-hours.ts',
    'src/outreach/spacing.ts',
    'src/outreach/limits.ts',
    'src/http/cursor.ts',
    'src/db/keyset.ts',
    'src/http/sliding-window-store.ts',
    'src/ingestion/scoring.ts',
  ],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: '.stryker-tmp',
  timeoutMS: 20_000,
};
