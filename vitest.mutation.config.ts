// The tests StrykerJS runs against each mutant (npm run mutation): the fast, in-process tests of
// the rules under mutation. No CLI build and no PostgreSQL: a mutant's run must take seconds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/outreach/working-hours.test.ts',
      'src/outreach/spacing.test.ts',
      'src/http/cursor.test.ts',
      'src/db/keyset.test.ts',
      'src/http/sliding-window-store.test.ts',
      'test/scoring.test.ts',
      'test/outreach-limits.test.ts',
    ],
    pool: 'forks',
    testTimeout: 30_000,
  },
});
