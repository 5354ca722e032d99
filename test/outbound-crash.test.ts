// Exactly-once under crashes: the real server is killed with SIGKILL at random moments during
// bursts of sends, 20 times, and restarted; clients retry what failed with the same
// Idempotency-Key. The sandbox's own tables then must show every invitation and message
// delivered once, and every request answered 200 delivered.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../src/auth/api-keys.service.js';
import { loadConfig } from '../src/config.js';
import { createContext, createLogger } from '../src/context.js';
import { sandboxWorldOf } from './contract/sandbox-world.js';
import { CLI, cliEnv } from './helpers/cli.js';
import { makeClient } from './helpers/client.js';
import { describeEachDialect } from './helpers/dialects.js';
import { serverDataDir } from './helpers/server.js';
import { useTestSeed } from './helpers/test-seed.js';
import { makeWorkspace } from './helpers/workspaces.js';

const ROUNDS = 20;
const BURST = 14;
// The sandbox answers this long after it has recorded a send, so kills land in the gap
// between "the network acted" and "the service recorded it as sent".
const LATENCY_MS = 60;
const { prng } = useTestSeed('outbound-crash');

interface Request {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** What must arrive at the sandbox exactly once once answered 200. */
  expect: { kind: 'invitation'; member: string; urn: string } | { kind: 'message'; text: string };
  ok: boolean;
  attempts: number;
}

describeEachDialect('exactly-once outbound actions across SIGKILL', (dialect) => {
  if (dialect !== 'sqlite') {
    it.skip('runs on SQLite only: the scenario is one server process on one file', () => {});
    return;
  }
  let dir = '';
  let dbFile = '';
  let key = '';
  let workspaceId = '';
  const members: string[] = [];
  const urns = Array.from({ length: 30 }, (_, i) => `ACoCrash${i}`);
  const connected = urns.slice(0, 8);

  beforeAll(async () => {
    dir = serverDataDir('crash');
    dbFile = path.join(dir, 'warmline.db');
    const ctx = await createContext(loadConfig({ dataDir: dir, db: dbFile, newDb: true, demo: false }, {}), { logger: createLogger('silent') });
    const { db } = ctx.database;
    const made = await makeWorkspace(ctx, { name: 'Crash', activity: false, enrichment: 'none', connected: true, members: [0, 1, 2, 3].map((m) => ({ email: `m${m}@acme.test` })) });
    workspaceId = made.id;
    members.push(...made.members);
    key = (await createApiKey(db, ctx.clock, workspaceId, 'crash')).key;
    for (const id of members) for (const urn of connected) await ctx.sandbox.addConnection({ workspaceId, teamMemberId: id }, urn);
    const now = ctx.clock.now();
    for (const urn of urns) {
      await db.insertInto('contacts').values({
        workspace_id: workspaceId, urn, username: null, first_name: null, last_name: null, headline: null, job_title: null, picture: null,
        followers_count: null, connections_count: null, country: null, company_id: null, network_url: null, created_at: now, updated_at: now,
      }).execute();
    }
    await ctx.close();
  });

  function startServer(): Promise<{ child: ChildProcess; url: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(
        CLI.command,
        [...CLI.args, 'serve', '--db', dbFile, '--data-dir', dir, '--port', '0', '--no-demo', '--json', '--rate-limit', '1000000', '--log-level', 'silent'],
        { cwd: CLI.cwd, env: { ...cliEnv(), WARMLINE_SANDBOX_LATENCY_MS: String(LATENCY_MS) }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      child.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve({ child, url: JSON.parse(line).url });
      });
      child.on('exit', (code) => reject(new Error(`server exited (${code}) before it listened: ${err}`)));
    });
  }

  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  let counter = 0;
  const random = (n: number) => prng.int(0, n - 1);
  function newRequest(): Request {
    const member = members[random(members.length)]!;
    if (prng.chance(0.5)) {
      const strangers = urns.slice(connected.length); // an invitation to a connection sends nothing
      const urn = strangers[random(strangers.length)]!;
      return { path: '/v2/networking/connections/send', body: { team_member_id: member, contact_urn: urn }, headers: {}, expect: { kind: 'invitation', member, urn }, ok: false, attempts: 0 };
    }
    const text = `message ${counter++}`;
    return {
      path: '/v2/networking/connections/direct-message',
      body: { team_member_id: member, contact_urn: connected[random(connected.length)]!, message: text },
      headers: { 'idempotency-key': `client-${text}` },
      expect: { kind: 'message', text },
      ok: false,
      attempts: 0,
    };
  }

  it('never delivers twice and delivers everything answered 200, over 20 kills', { timeout: 240_000 }, async () => {
    const all: Request[] = [];
    let kills = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const { child, url } = await startServer();
      const client = makeClient(url, key);
      // Clients retry what was not answered 200 (same body, same Idempotency-Key), plus new work.
      const outstanding = all.filter((r) => !r.ok);
      const fresh = round < ROUNDS ? Array.from({ length: BURST }, newRequest) : [];
      all.push(...fresh);
      const burst = Promise.all(
        [...outstanding, ...fresh].map(async (r) => {
          r.attempts++;
          try {
            const res = await client.post(r.path, { json: r.body, headers: r.headers });
            if (res.status === 200) r.ok = true;
            else if (res.status !== 503) throw new Error(`unexpected ${res.status} ${res.text}`);
          } catch (err) {
            if ((err as Error).message.startsWith('unexpected')) throw err;
          }
        }),
      );
      if (round < ROUNDS) {
        await new Promise((r) => setTimeout(r, 5 + random(250)));
        await killed(child);
        kills++;
        await burst;
      } else {
        await burst;
        await killed(child);
      }
    }
    expect(kills).toBe(ROUNDS);
    // The kills did land in the middle of requests: some needed retries.
    expect(all.filter((r) => r.attempts > 1).length).toBeGreaterThan(0);

    const ctx = await createContext(loadConfig({ dataDir: dir, db: dbFile, demo: false }, {}), { logger: createLogger('silent') });
    try {
      const { db } = ctx.database;
      const { invitations, messages } = await sandboxWorldOf(ctx.sandbox, db, ctx.clock).received(workspaceId);
      const pairs = invitations.map((i) => `${i.teamMemberId}|${i.contactUrn}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      const bodies = messages.map((m) => m.text);
      expect(new Set(bodies).size).toBe(bodies.length);
      expect(all.every((r) => r.ok)).toBe(true);
      for (const r of all) {
        if (r.expect.kind === 'invitation') expect(pairs).toContain(`${r.expect.member}|${r.expect.urn}`);
        else expect(bodies.filter((b) => b === (r.expect as { text: string }).text)).toHaveLength(1);
      }
      const wantedPairs = new Set(all.flatMap((r) => (r.expect.kind === 'invitation' ? [`${r.expect.member}|${r.expect.urn}`] : [])));
      expect(pairs.sort()).toEqual([...wantedPairs].sort());
      const actions = await db.selectFrom('network_actions').select(['status']).execute();
      expect(actions.filter((a) => a.status !== 'SENT')).toEqual([]);
      expect(messages.length + invitations.length).toBeGreaterThan(ROUNDS);
    } finally {
      await ctx.close();
    }
  });
});
