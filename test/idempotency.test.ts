// Idempotency-Key on the writes (docs/operations.md "Retries"): a retried PATCH that adds a note
// adds it once and answers what the first answered; the same key with another body is refused;
// a bad key is a 422 naming the header; keys are per workspace, kept 24 hours and then expired by
// the worker; concurrent requests with one key act once. The console's writes take the header too.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspaceTransaction } from '../src/db/workspace-lock.js';
import { createWorker } from '../src/engine/worker-tasks.js';
import { ManualClock } from '../src/shared/clock.js';
import { DAY_MS } from '../src/shared/time.js';
import { consoleSession } from './helpers/console-session.js';
import { describeEachDialect } from './helpers/dialects.js';
import { insertLeads } from './helpers/leads-fixture.js';
import { startServer, type TestServer } from './helpers/server.js';

const NOW = Date.parse('2025-06-10T12:00:00Z');

describeEachDialect('Idempotency-Key', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    server = await startServer(dialect, { clock, flags: { webhooksAllowPrivate: true } });
  });
  afterAll(() => server.close());
  const db = () => server.ctx.database.db;

  async function workspaceWithLead() {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    await insertLeads(db(), ws.id, [{ id: 'lead-1', created_at: NOW - 1000 }]);
    return ws;
  }
  const notes = async (workspaceId: string) =>
    (await db().selectFrom('lead_notes').select('content').where('workspace_id', '=', workspaceId).execute()).map((n) => n.content);
  const addNote = (ws: { client: TestServer['client'] }, content: string, key?: string) =>
    ws.client.patch('/v2/leads/lead-1', { json: { note: { note_content: content } }, headers: key === undefined ? {} : { 'idempotency-key': key } });

  it('replays the first answer (status and body) to a retry with the same key and body, adding the note once', async () => {
    const ws = await workspaceWithLead();
    const first = await addNote(ws, 'called them', 'retry-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await addNote(ws, 'called them', 'retry-1');
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await notes(ws.id)).toEqual(['called them']);
    // Without a key, every call is a new act.
    await addNote(ws, 'called them');
    expect(await notes(ws.id)).toHaveLength(2);
  });

  it('refuses the same key with another body (422 naming the header) and changes nothing', async () => {
    const ws = await workspaceWithLead();
    await addNote(ws, 'first', 'k');
    const other = await addNote(ws, 'second', 'k');
    expect(other.status).toBe(422);
    expect(other.body.detail).toContain('Idempotency-Key');
    // Another path with the key is another request too.
    const elsewhere = await ws.client.put('/v2/networking/campaigns/cmp_none', { json: { leads: [] }, headers: { 'idempotency-key': 'k' } });
    expect(elsewhere.status).toBe(422);
    expect(await notes(ws.id)).toEqual(['first']);
  });

  it('replays a refusal too: a 4xx answer is the answer', async () => {
    const ws = await workspaceWithLead();
    const missing = () => ws.client.patch('/v2/leads/no-such-lead', { json: { note: { note_content: 'x' } }, headers: { 'idempotency-key': 'gone' } });
    const first = await missing();
    expect(first.status).toBe(400);
    const again = await missing();
    expect([again.status, again.text, again.headers['idempotent-replayed']]).toEqual([400, first.text, 'true']);
  });

  it('keeps keys per workspace: the same key in another workspace is its own', async () => {
    const a = await workspaceWithLead();
    const b = await workspaceWithLead();
    await addNote(a, 'a note', 'shared-key');
    const inB = await addNote(b, 'b note', 'shared-key');
    expect([inB.status, inB.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await notes(b.id)).toEqual(['b note']);
  });

  it('answers 422 in the validation shape for a key over 255 characters or with a control character, acting on nothing', async () => {
    const ws = await workspaceWithLead();
    const long = await addNote(ws, 'x', 'k'.repeat(256));
    expect(long.status, long.text).toBe(422);
    expect(long.body.detail[0], long.text).toMatchObject({ type: 'string_too_long', loc: ['header', 'idempotency-key'] });
    const tab = await addNote(ws, 'x', 'a\tb');
    expect(tab.status).toBe(422);
    expect(tab.body.detail[0]).toMatchObject({ type: 'string_pattern_mismatch', loc: ['header', 'idempotency-key'] });
    expect(await notes(ws.id)).toEqual([]);
    expect((await addNote(ws, 'x', 'k'.repeat(255))).status).toBe(200);
  });

  it('acts once when requests with one key arrive together: the others replay or answer 409', async () => {
    const ws = await workspaceWithLead();
    const answers = await Promise.all(Array.from({ length: 8 }, () => addNote(ws, 'at once', 'together')));
    expect(await notes(ws.id)).toEqual(['at once']);
    const acted = answers.filter((a) => a.status === 200 && a.headers['idempotent-replayed'] === undefined);
    expect(acted).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 409) expect([a.headers['retry-after'], a.body.detail]).toEqual(['1', 'A request with this Idempotency-Key is still in progress; retry it shortly']);
      else expect(a.text).toBe(acted[0]!.text);
    }
  });

  it('forgets an answer after 24 hours: the worker expires it and the key acts again', async () => {
    const ws = await workspaceWithLead();
    await addNote(ws, 'day one', 'daily');
    clock.advance(DAY_MS - 1);
    expect((await addNote(ws, 'day one', 'daily')).headers['idempotent-replayed']).toBe('true');
    clock.advance(2);
    await createWorker(server.ctx, ['delivery']).drain();
    const stored = await db().selectFrom('idempotency_keys').select('idempotency_key').where('workspace_id', '=', ws.id).execute();
    expect(stored).toEqual([]);
    expect((await addNote(ws, 'day one', 'daily')).headers['idempotent-replayed']).toBeUndefined();
    expect(await notes(ws.id)).toEqual(['day one', 'day one']);
  });

  it('replays a created webhook once, its signing secret sealed at rest', async () => {
    const ws = await server.newWorkspace();
    const create = () => ws.client.post('/v2/webhooks', { json: { url: 'https://127.0.0.1:9/hook', event_types: ['lead.created'] }, headers: { 'idempotency-key': 'hook-1' } });
    const first = await create();
    expect(first.status).toBe(201);
    const again = await create();
    expect([again.status, again.text]).toEqual([201, first.text]);
    expect((await ws.client.get('/v2/webhooks')).body.items).toHaveLength(1);
    const rows = await db().selectFrom('idempotency_keys').select('body').where('workspace_id', '=', ws.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).not.toContain(first.body.secret);
  });

  it("takes the header on the console's writes, keyed by the session's workspace", async () => {
    const ws = await workspaceWithLead();
    const session = await consoleSession(server, ws.id, ws.members[0]!);
    const patch = () => session.patch('/app/api/leads/lead-1', { note: { note_content: 'from the console' } }, { headers: { 'idempotency-key': 'c-1' } });
    const first = await patch();
    expect(first.status).toBe(200);
    const again = await patch();
    expect([again.status, again.text, again.headers['idempotent-replayed']]).toEqual([200, first.text, 'true']);
    expect(await notes(ws.id)).toEqual(['from the console']);
  });

  if (dialect === 'postgres') {
    it('answers 409 to a retry while the first request still holds the key, then replays once it is done', async () => {
      const ws = await workspaceWithLead();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // An ingestion fold holding the workspace: the first PATCH claims its key, then waits for it.
      const holder = workspaceTransaction(db(), ws.id, async () => {
        locked();
        await held;
      });
      await isLocked;
      const first = addNote(ws, 'slow', 'slow-key');
      while ((await db().selectFrom('idempotency_keys').select('idempotency_key').where('workspace_id', '=', ws.id).execute()).length === 0) await sql`select 1`.execute(db());
      const during = await addNote(ws, 'slow', 'slow-key');
      expect([during.status, during.headers['retry-after']]).toEqual([409, '1']);
      release();
      await holder;
      expect((await first).status).toBe(200);
      const after = await addNote(ws, 'slow', 'slow-key');
      expect([after.status, after.text]).toEqual([200, (await first).text]);
      expect(await notes(ws.id)).toEqual(['slow']);
    });
  }
});
