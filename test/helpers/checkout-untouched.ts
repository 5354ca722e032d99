// Vitest global setup: the suite must leave the checkout's ./data alone. It is the default data
// directory, where a developer's `npm start` keeps its secret and database; a spawned `warmline`
// not given a data directory of its own (helpers/cli.ts cliEnv) would write there. Checked when
// the run starts without one, as on a fresh clone in CI; a ./data already there is not judged.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): () => void {
  const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data');
  if (fs.existsSync(data)) return () => {};
  return () => {
    if (!fs.existsSync(data)) return;
    // Vitest reports an error thrown here but still exits 0, so the run's exit code is set as well.
    process.exitCode = 1;
    throw new Error(`the tests created ${data} (${fs.readdirSync(data).join(', ')}): a spawned warmline without a data directory of its own; give it cliEnv() (test/helpers/cli.ts)`);
  };
}
