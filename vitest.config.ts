import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { TEST_DIRS, TEST_SUFFIX } from './scripts/test-phases.js';

export default defineConfig({
  test: {
    // The CI phases list the same files (scripts/test-phases.ts).
    include: TEST_DIRS.map((dir) => `${dir}/**/*${TEST_SUFFIX}`),
    globalSetup: ['test/helpers/postgres-notice.ts', 'test/helpers/build-cli.ts', 'test/helpers/checkout-untouched.ts', 'test/helpers/temp-dirs.ts'],
    // Per test file: removes the temporary directories the file made (test/helpers/temp-dirs.ts).
    setupFiles: ['test/helpers/per-file.ts'],
    pool: 'forks',
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine, which
    // left a core idle while the many process tests (CLIs, servers, workers, kills) wait on their
    // children. Two workers there: the SQLite suite took 527 s instead of 889 s (2026-11-27).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Each worker keeps the modules it has loaded from one test file to the next instead of loading
    // src/ again per file: the SQLite suite took 338 s instead of 385 s, 7m20s of CPU instead of
    // 9m22s (module loading 11 s instead of 96 s; 2026-11-28). Why no file's state reaches the
    // next, and what a new file must undo: docs/testing.md, "How long it takes".
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A test in which no expect ran fails ("no test that asserts nothing"): a property of fast-check
    // states its check with expect, not as a returned boolean, which Vitest does not count.
    expect: { requireAssertions: true },
    reporters: ['default'],
  },
});
