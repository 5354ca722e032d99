// The typed client (clients/typescript) against a real server: iterators over every paged list,
// typed errors, 429 back-off under a tiny rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs, WarmlineError, WarmlineRateLimitError, WarmlineValidationError } from '@warmline/client';
import { ManualClock } from '../src/shared/clock.js';
import { addTeamMember } from '../src/workspace/workspace.service.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertLeads, insertPosts, type LeadSeed, type PostSeed } from './helpers/leads-fixture.js';
import { addCampaign } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { typedClient } from './helpers/typed-client.js';

const NOW = Date.parse('2025-06-10T15:00:00Z');
const H = 3_600_000;

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describeEachDialect('typed client', (dialect) => {
  let server: TestServer;
  let key: string;
  const leads: LeadSeed[] = [];
  const posts: PostSeed[] = [];
  const campaignIds: string[] = [];

  beforeAll(async () => {
    server = await startServer(dialect, { clock: new ManualClock(NOW), flags: { rateLimit: 100_000 } });
    const ws = await server.newWorkspace();
    key = ws.key;
    const db = server.ctx.database.db;
    for (let i = 0; i < 131; i++) leads.push({ id: `ld_${String(i).padStart(3, '0')}`, created_at: NOW - i * H, status: i % 3 === 0 ? 'QUALIFIED' : 'NEW' });
    await insertLeads(db, ws.id, leads);
    const member = (await addTeamMember(db, server.ctx.clock, ws.id, { email: 'ana@acme.test' })).id;
    for (let i = 0; i < 23; i++) posts.push({ id: `po_${String(i).padStart(3, '0')}`, published_at: NOW - i * H, team_member_id: member });
    await insertPosts(db, ws.id, posts);
    for (let i = 0; i < 12; i++) campaignIds.push((await addCampaign(server, ws.id, { name: `Campaign ${i}`, creatorId: member })).id);
  });
  afterAll(() => server.close());

  it('walks every page of the leads, one request per page, filters kept', async () => {
    const { client, sent } = typedClient(server.url, key);
    const all = await collect(client.leads.list({ limit: 7 }));
    expect(all.map((l) => l.id)).toEqual(leads.map((l) => l.id));
    expect(sent).toHaveLength(Math.ceil(131 / 7));
    expect(sent[1]).toMatch(/^GET \/v2\/leads\?limit=7&cursor=/);
    const qualified = await collect(client.leads.list({ status: 'QUALIFIED', limit: 10 }));
    expect(qualified.map((l) => l.id)).toEqual(leads.filter((l) => l.status === 'QUALIFIED').map((l) => l.id));
  });

  it('stops fetching when the caller stops iterating', async () => {
    const { client, sent } = typedClient(server.url, key);
    const firsts: string[] = [];
    for await (const lead of client.leads.list({ limit: 5 })) {
      firsts.push(lead.id);
      if (firsts.length === 6) break;
    }
    expect(firsts).toEqual(leads.slice(0, 6).map((l) => l.id));
    expect(sent).toHaveLength(2);
  });

  it('walks the team feed, the tracked contacts feed and the campaigns', async () => {
    const { client } = typedClient(server.url, key);
    expect((await collect(client.content.teamFeed({ limit: 4 }))).map((p) => p.id)).toEqual(posts.map((p) => p.id));
    expect(await collect(client.content.trackedContactsFeed({ limit: 4 }))).toEqual([]);
    const campaigns = await collect(client.campaigns.list({ limit: 5 }));
    expect(campaigns.map((c) => c.id).sort()).toEqual([...campaignIds].sort());
  });

  it('reads and updates through typed methods', async () => {
    const { client } = typedClient(server.url, key);
    const lead = await client.leads.update('ld_001', { tags: ['client'] });
    expect(lead.tags).toEqual(['client']);
    expect((await client.leads.get('ld_001')).tags).toEqual(['client']);
    expect((await client.leads.page({ limit: 2 })).total).toBe(131);
    expect(await client.health()).toEqual({});
  });

  it('throws typed errors carrying the detail, the status and the request id', async () => {
    const { client } = typedClient(server.url, key);
    const missing = await client.leads.get('no-such-lead').catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(WarmlineError);
    expect(missing).toMatchObject({ status: 400, detail: 'Lead record not found' });
    expect((missing as WarmlineError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    const invalid = await client.leads.page({ limit: 51 }).catch((err: unknown) => err);
    expect(invalid).toBeInstanceOf(WarmlineValidationError);
    expect((invalid as WarmlineValidationError).detail[0]).toMatchObject({ type: 'less_than_equal', loc: ['query', 'limit'] });
    const unknownCampaign = await client.campaigns.get('cmp_nothing').catch((err: unknown) => err);
    expect(unknownCampaign).toMatchObject({ status: 404, detail: 'Campaign not found' });
    const stranger = typedClient(server.url, 'wl_not-a-key').client;
    await expect(stranger.workspace.users()).rejects.toMatchObject({ status: 401, detail: expect.any(String) });
  });
});

describeEachDialect('typed client under a tiny rate limit', (dialect) => {
  const LIMIT = 3;
  let server: TestServer;
  let clock: ManualClock;
  let key: string;

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    server = await startServer(dialect, { clock, flags: { rateLimit: LIMIT } });
    key = (await server.newWorkspace()).key;
  });
  afterAll(() => server.close());

  it('waits what Retry-After asks, then succeeds', async () => {
    // The test's sleep moves the server's clock instead of waiting: the window ages out for real.
    const waits: number[] = [];
    const { client, sent } = typedClient(server.url, key, { random: () => 0.5, sleep: async (ms) => void (waits.push(ms), clock.advance(ms)) });
    for (let i = 0; i < LIMIT + 2; i++) await client.workspace.credits();
    expect(sent).toHaveLength(LIMIT + 3);
    // The window is a rolling minute from the first request: Retry-After 60 s, once.
    expect(waits).toEqual([60_000]);
  });

  it('gives up after maxRetries with a WarmlineRateLimitError', async () => {
    clock.advance(60_000);
    const waits: number[] = [];
    const { client, sent } = typedClient(server.url, key, { maxRetries: 2, random: () => 0, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < LIMIT; i++) await client.workspace.credits();
    const err = await client.workspace.credits().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WarmlineRateLimitError);
    expect(err).toMatchObject({ status: 429, detail: `Rate limit exceeded: ${LIMIT} requests per minute`, attempts: 3, retryAfterMs: 60_000 });
    expect(waits).toEqual([60_000, 60_000]);
    expect(sent).toHaveLength(LIMIT + 3);
  });

  it('does not wait longer than maxDelayMs: a longer Retry-After is thrown at once', async () => {
    const waits: number[] = [];
    const { client, sent } = typedClient(server.url, key, { maxDelayMs: 5_000, sleep: async (ms) => void waits.push(ms) });
    await expect(client.workspace.users()).rejects.toMatchObject({ status: 429, attempts: 1 });
    expect(waits).toEqual([]);
    expect(sent).toHaveLength(1);
  });
});

describe('the back-off of retryDelayMs', () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 60_000 };

  it('doubles per retry with equal jitter (half fixed, half random), capped', () => {
    const at = (random: number) => [0, 1, 2, 3, 10].map((retry) => retryDelayMs(retry, null, { ...policy, random: () => random }));
    expect(at(0)).toEqual([250, 500, 1_000, 2_000, 30_000]);
    expect(at(0.5)).toEqual([375, 750, 1_500, 3_000, 45_000]);
    expect(at(0.999_999)).toEqual([500, 1_000, 2_000, 4_000, 60_000]);
  });

  it('never retries sooner than Retry-After asks, and not at all beyond maxDelayMs', () => {
    expect(retryDelayMs(0, 3_000, { ...policy, random: () => 0 })).toBe(3_000);
    expect(retryDelayMs(4, 3_000, { ...policy, random: () => 0 })).toBe(4_000);
    expect(retryDelayMs(0, 60_001, { ...policy, random: () => 0 })).toBeNull();
  });
});
