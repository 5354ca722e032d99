// Vitest global setup: compiles the CLI and the typed client (clients/typescript) once per test
// run, so CLI and client tests run the current sources. The CLI's build is incremental
// (tsconfig.build.json): after npm ci's prepare, or the run before, it writes nothing in seconds.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  for (const project of ['tsconfig.build.json', 'clients/typescript']) {
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, project)], { stdio: 'inherit' });
  }
}
