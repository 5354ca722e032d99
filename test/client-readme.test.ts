// The README's client example, pasted as a user would: run by Node against a live server (its
// certificate trusted through NODE_EXTRA_CA_CERTS), and typechecked as TypeScript.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnce } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const ROOT = path.resolve(import.meta.dirname, '..');

function readmeExample(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const match = /<!-- client-example -->\n```js\n([\s\S]*?)```/.exec(readme);
  if (!match) throw new Error('README.md has no client example');
  return match[1];
}

describeOnce('the README client example', (dialect) => {
  let server: TestServer;
  let key: string;
  let dir: string;
  beforeAll(async () => {
    // In the repository, as the README says, so '@warmline/client' resolves (.scratch is ignored by
    // git): not tempDir's, under the system's temporary directory, where it would not.
    dir = fs.mkdtempSync(path.join(ROOT, '.scratch-readme-'));
    server = await startServer(dialect);
    const ws = await server.newWorkspace();
    key = ws.key;
    const now = server.ctx.clock.now();
    await insertLeads(server.ctx.database.db, ws.id, [
      { id: 'ld_q1', created_at: now - 1_000, status: 'QUALIFIED', first_name: 'Ada', last_name: 'Lovelace' },
      { id: 'ld_n1', created_at: now - 2_000, status: 'NEW', first_name: 'Bob', last_name: 'New' },
      { id: 'ld_q2', created_at: now - 3_000, status: 'QUALIFIED', first_name: 'Grace', last_name: 'Hopper' },
    ]);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it('runs as pasted and prints the qualified leads, then the typed error', async () => {
    const file = path.join(dir, 'example.mjs');
    fs.writeFileSync(file, readmeExample());
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      env: { ...process.env, WARMLINE_URL: server.url, WARMLINE_API_KEY: key, NODE_EXTRA_CA_CERTS: path.join(server.config.dataDir, 'tls', 'cert.pem') },
    });
    expect(stdout).toBe('ld_q1 Ada Lovelace\nld_q2 Grace Hopper\n400 Lead record not found\n');
  });

  it('typechecks as TypeScript', () => {
    const file = path.join(dir, 'example.ts');
    fs.writeFileSync(file, readmeExample());
    const program = ts.createProgram([file], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'], lib: ['lib.es2023.d.ts'], skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});
