// Runs the PostgreSQL phase: `npm run test:pg [-- vitest arguments…]`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { postgresTestFiles } from './test-phases.js';
import { exitOnHelp } from './usage.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
exitOnHelp(`usage: npm run test:pg [-- vitest arguments…]

Runs \`npx vitest run\` on PostgreSQL only (WARMLINE_TEST_DIALECTS=postgres), each suite in a fresh
database of the server at WARMLINE_TEST_PG_URL (default ${DEFAULT_URL}).
Without arguments, only the test files that run something on PostgreSQL (scripts/test-phases.ts;
the others would repeat their SQLite run); with arguments, exactly what they select.`);

const env = {
  ...process.env,
  WARMLINE_TEST_PG_URL: process.env.WARMLINE_TEST_PG_URL ?? DEFAULT_URL,
  WARMLINE_TEST_DIALECTS: 'postgres',
};
const root = path.resolve(import.meta.dirname, '..');
const given = process.argv.slice(2);
// Absolute paths: Vitest takes a relative filter as a part of a path, an absolute one as the file.
const args = given.length > 0 ? given : (await postgresTestFiles()).map((file) => path.join(root, file));
if (given.length === 0) console.log(`test:pg: ${args.length} test files run something on PostgreSQL`);
const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env, cwd: root });
process.exit(result.status ?? 1);
