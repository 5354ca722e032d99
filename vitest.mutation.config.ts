// The tests StrykerJS runs against each mutant (npm run mutation): the in-process tests of the
// rules under mutation, unit tests first and the HTTPS suites that cover auth, API keys, the rate
// limit, the outbound log and credits. No CLI build and no PostgreSQL: a mutant's run must take
// seconds, and tests in other processes (the CLI's, the crash tests) are invisible to it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/outreach/working-hours.test.ts',
      'src/outreach/spacing.test.ts',
      'src/shared/cursor.test.ts',
      'src/db/keyset.test.ts',
      'src/http/sliding-window-store.test.ts',
      'test/scoring.test.ts',
      'test/outreach-limits.test.ts',
      'test/auth-rate-limit.test.ts',
      'test/api-keys.test.ts',
      'test/workspace.test.ts',
      'test/credits.test.ts',
      'test/connections.test.ts',
      'test/outbound-log.test.ts',
      'test/worker.test.ts',
      'test/enrichment.test.ts',
    ],
    pool: 'forks',
    testTimeout: 30_000,
  },
});
