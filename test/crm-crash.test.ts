// kill -9 of a real worker between HubSpot making the contact and the service writing it down:
// the next worker finds the contact (the push was recorded SENDING before it went out) and makes
// no second one.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dbArgOf, describeEachDialect, type TestDatabase } from './helpers/dialects.js';
import { startFakeHubSpot, type FakeHubSpot } from './helpers/fake-crm/fake-hubspot.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { tempDir } from './helpers/temp-dirs.js';
import { ended, spawnWorker } from './helpers/worker-process.js';

const ENV = { WARMLINE_SECRET: 'crm-crash-secret', WARMLINE_WORKER_IDLE_MS: '50', WARMLINE_PROVIDER_TIMEOUT_MS: '20000' };

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachDialect('kill -9 of a worker mid-push to HubSpot', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let fake: FakeHubSpot;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fake = await startFakeHubSpot();
    const dir = tempDir('crm-crash');
    fs.writeFileSync(path.join(dir, 'ca.pem'), fake.ca);
    fs.writeFileSync(path.join(dir, 'token'), fake.token);
    const env = { WARMLINE_DB: dbArgOf(database.target), ...ENV };
    for (const args of [
      ['workspace', 'create', '--name', 'Crash', '--id', 'ws_crash'],
      ['crm', 'bind', 'ws_crash', 'hubspot', '--token-file', path.join(dir, 'token'), '--api-url', fake.url, '--ca-file', path.join(dir, 'ca.pem')],
    ]) {
      const res = await runCli(args, { env });
      expect(res.stderr).toBe('');
    }
    handle = connectDb(database.target);
    await insertLeads(handle.db, 'ws_crash', [{ id: 'ld_crash', created_at: Date.now(), contact_email: 'crash@acme.test', first_name: 'Cra', status: 'QUALIFIED' }]);
  });
  afterAll(async () => {
    await handle?.close();
    await fake?.close();
    await database?.drop();
  });

  it('makes exactly one contact', async () => {
    fake.delayed = { match: /^POST \/crm\/v3\/objects\/contacts$/, ms: 10_000 };
    const first = spawnWorker(dbArgOf(database.target), ENV, 'crm');
    await first.started;
    await until('HubSpot to make the contact', () => fake.liveContacts().length === 1);
    expect(await ended(first.child, 'SIGKILL')).toBeNull();
    const crmId = async () => (await handle.db.selectFrom('leads').select('crm_id').where('id', '=', 'ld_crash').executeTakeFirstOrThrow()).crm_id;
    expect(await crmId()).toBeNull();

    fake.delayed = null;
    const second = spawnWorker(dbArgOf(database.target), ENV, 'crm');
    await second.started;
    try {
      await until('the lead to get its crm_id', async () => (await crmId()) !== null);
    } finally {
      await ended(second.child, 'SIGTERM');
    }
    expect(fake.liveContacts()).toHaveLength(1);
    expect(await crmId()).toBe(fake.liveContacts()[0]!.id);
    expect(fake.count(/^POST \/crm\/v3\/objects\/contacts$/)).toBe(1);
    expect(fake.count(/^PATCH \/crm\/v3\/objects\/contacts\//)).toBe(1);
  });
}, 120_000);
