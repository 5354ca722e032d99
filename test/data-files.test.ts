// The data directory holds every workspace's personal data, the TLS key and the server secret:
// only the service's own user may read any of it, whatever the umask.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { loadTlsMaterial } from '../src/http/tls.js';
import { tempDir } from './helpers/temp-dirs.js';

let root: string;
beforeAll(() => {
  root = tempDir('files');
});

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

it('creates the data directory 0700 and the database, its WAL and shared-memory files 0600', async () => {
  const previous = process.umask(0o022);
  try {
    const dataDir = path.join(root, 'nested', 'data');
    const config = loadConfig({ dataDir, demo: false, logLevel: 'silent' }, {});
    const ctx = await createContext(config, { logger: createLogger('silent') });
    try {
      ctx.secret();
      await loadTlsMaterial(config);
      const db = path.join(dataDir, 'warmline.db');
      expect({
        dataDir: modeOf(dataDir),
        parent: modeOf(path.dirname(dataDir)),
        db: modeOf(db),
        wal: modeOf(`${db}-wal`),
        shm: modeOf(`${db}-shm`),
        secret: modeOf(path.join(dataDir, 'secret.key')),
        tlsDir: modeOf(path.join(dataDir, 'tls')),
        tlsKey: modeOf(path.join(dataDir, 'tls', 'key.pem')),
      }).toEqual({ dataDir: '700', parent: '700', db: '600', wal: '600', shm: '600', secret: '600', tlsDir: '700', tlsKey: '600' });
    } finally {
      await ctx.close();
    }
  } finally {
    process.umask(previous);
  }
});
