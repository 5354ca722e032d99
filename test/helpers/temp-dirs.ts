// Temporary directories for tests: each is removed after the test file that made it (the afterAll
// that test/helpers/per-file.ts registers on every file), and the run fails if one is left at its
// end. Files run in a worker one after another with their modules kept (vitest.config.ts
// `isolate: false`), so clean-up registered once in a helper module would only run for the first
// file that loaded it; the per-file setup runs for each file. The names carry the run's token, so
// the check reads only this run's directories, not another run's on the same machine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Set once by the global setup below, before Vitest starts its workers, which inherit it. */
const RUN = 'WARMLINE_TEST_RUN';
const prefixOf = (run: string) => `wl-test-${run}-`;

const made = new Set<string>();
const ofFile = new Map<string, string>();

/** A new empty directory under the system's temporary directory, removed after the calling test file. */
export function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefixOf(process.env[RUN] ?? 'direct')}${name}-`));
  made.add(dir);
  return dir;
}

/** The calling test file's directory `name`: made on first use, the same one for the rest of the file. */
export function fileTempDir(name: string): string {
  let dir = ofFile.get(name);
  if (dir === undefined) ofFile.set(name, (dir = tempDir(name)));
  return dir;
}

/** Removes one of them before its file ends, for a helper whose directory's user has ended (a closed server or database). */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

/** Removes every directory made since the last call (after a file: the processes using them have ended). */
export function removeTempDirs(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
  ofFile.clear();
}

/** Vitest global setup: gives the run its token, and at the end fails the run if a directory of it is left. */
export default function setup(): () => void {
  const run = randomBytes(4).toString('hex');
  process.env[RUN] = run;
  return () => {
    const left = fs.readdirSync(os.tmpdir()).filter((entry) => entry.startsWith(prefixOf(run)));
    if (left.length === 0) return;
    for (const entry of left) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    // Vitest reports an error thrown here but still exits 0, so the run's exit code is set as well.
    process.exitCode = 1;
    throw new Error(`the tests left ${left.length} temporary director${left.length === 1 ? 'y' : 'ies'} (${left.join(', ')}): a file made one with tempDir that its afterAll did not remove`);
  };
}
