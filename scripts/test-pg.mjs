// Runs the suite on PostgreSQL only: `npm run test:pg` (WARMLINE_TEST_PG_URL, default the local server).
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  WARMLINE_TEST_PG_URL: process.env.WARMLINE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  WARMLINE_TEST_DIALECTS: 'postgres',
};
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
