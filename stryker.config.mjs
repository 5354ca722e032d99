// Mutation testing of the rules whose bugs cost users most (docs/mutation.md). Slow, so not in
// CI: `npm run mutation` (set WARMLINE_TEST_REDIS_URL to cover the Redis window store too). One
// process at a time (the machine is shared); each mutant runs only the tests that cover it
// (perTest coverage) from vitest.mutation.config.ts.
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
    'src/shared/cursor.ts',
    'src/db/keyset.ts',
    'src/http/sliding-window-store.ts',
    'src/ingestion/scoring.ts',
    'src/http/auth.ts',
    'src/auth/api-keys.service.ts',
    'src/http/rate-limit.ts',
    'src/connections/outbound.ts',
    // Credits: the balance, the ledger sum and grants (the rest of these files is workspace and
    // member CRUD); spending a credit is in the enrichment engine's store step.
    'src/workspace/workspace.service.ts:44-47',
    'src/workspace/workspace.service.ts:100-105',
    'src/workspace/workspace.repository.ts:59-66',
    'src/enrichment/enrichment.engine.ts:28-31',
    'src/enrichment/enrichment.engine.ts:78-83',
  ],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: '.stryker-tmp',
  timeoutMS: 20_000,
};
