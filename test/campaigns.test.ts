import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { describeEachDialect } from './helpers/dialects.js';
import { addCampaign } from './helpers/networking-fixtures.js';
import { startServer, type TestServer } from './helpers/server.js';
import { USERNAME_PATTERN } from '../src/shared/handles.js';

const LIST = '/v2/networking/campaigns';
const NOT_FOUND = { detail: 'Campaign not found' };
const CAMPAIGN_KEYS = ['id', 'name', 'status', 'creator', 'participants', 'description', 'contacts', 'contacts_total'];
const USER_KEYS = [
  'id', 'email', 'first_name', 'last_name', 'is_active_seat', 'integration_status', 'network_username',
  'profile_views_count', 'followers_count', 'last_network_update', 'profile_picture',
];

describeEachDialect('networking campaigns', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(Date.parse('2025-05-01T08:00:00Z'));
  beforeAll(async () => {
    server = await startServer(dialect, { clock });
  });
  afterAll(() => server.close());

  async function workspaceWithCampaign(status = 'ACTIVE') {
    const ws = await server.newWorkspace(undefined, { members: [{ email: 'carla@acme.test', first_name: 'Carla' }, { email: 'bo@acme.test', connected: true }] });
    const [creator, helper] = ws.members;
    const { id } = await addCampaign(server, ws.id, { name: 'Q3 founders', creatorId: creator, participantIds: [helper], description: 'Founders in DACH', status });
    return { ws, creator, helper, id };
  }

  it('shows a campaign with its creator and participants as workspace users and its contacts', async () => {
    const { ws, creator, helper, id } = await workspaceWithCampaign();
    const put = await ws.client.put(`${LIST}/${id}`, {
      json: { profiles: [{ username: 'jane-doe', network_urn: 'ACoJane', first_name: 'Jane', last_name: 'Doe', email: 'j@x.test', crm_id: 'crm-1' }, { username: 'max' }] },
    });
    expect([put.status, put.text]).toEqual([200, '{}']);
    const res = await ws.client.get(`${LIST}/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(CAMPAIGN_KEYS);
    expect(res.body).toMatchObject({ id, name: 'Q3 founders', status: 'ACTIVE', description: 'Founders in DACH' });
    expect(Object.keys(res.body.creator)).toEqual(USER_KEYS);
    expect(res.body.creator).toMatchObject({ id: creator, email: 'carla@acme.test', first_name: 'Carla', integration_status: 'NOT_CONNECTED', is_active_seat: true });
    expect(res.body.participants).toEqual([expect.objectContaining({ id: helper, email: 'bo@acme.test', integration_status: 'CONNECTED' })]);
    const users = (await ws.client.get('/v2/workspace/users')).body;
    expect(res.body.creator).toEqual(users.find((u: any) => u.id === creator));
    const contacts = [...res.body.contacts].sort((a: any, b: any) => a.network_handle.localeCompare(b.network_handle));
    const progress = { status: 'QUEUED', status_reason: null, sender_id: null, invited_at: null, connected_at: null, finished_at: null };
    expect(contacts).toEqual([
      { id: expect.any(String), first_name: 'Jane', last_name: 'Doe', network_urn: 'ACoJane', network_handle: 'jane-doe', ...progress },
      { id: expect.any(String), first_name: null, last_name: null, network_urn: null, network_handle: 'max', ...progress },
    ]);
  });

  it('enrols idempotently by case-insensitive username, updating optional fields given again', async () => {
    const { ws, id } = await workspaceWithCampaign();
    await ws.client.put(`${LIST}/${id}`, { json: { profiles: [{ username: 'Jane-Doe', first_name: 'Jane', network_urn: 'ACoJ1' }] } });
    const again = await ws.client.put(`${LIST}/${id}`, {
      json: { profiles: [{ username: 'jane-doe', last_name: 'Doe', first_name: null }, { username: 'JANE-DOE', network_urn: 'ACoJ2' }, { username: 'ola' }] },
    });
    expect(again.status).toBe(200);
    const { contacts } = (await ws.client.get(`${LIST}/${id}`)).body;
    expect(contacts).toHaveLength(2);
    const jane = contacts.find((c: any) => c.network_handle.toLowerCase() === 'jane-doe');
    expect(jane).toMatchObject({ network_handle: 'Jane-Doe', first_name: 'Jane', last_name: 'Doe', network_urn: 'ACoJ2' });
    const stored = await server.ctx.database.db.selectFrom('campaign_contacts').selectAll().where('campaign_id', '=', id).where('username_key', '=', 'jane-doe').execute();
    expect(stored).toHaveLength(1);
  });

  it('reopens a COMPLETED campaign, refuses an ARCHIVED one, 404s unknown and foreign campaigns', async () => {
    const completed = await workspaceWithCampaign('COMPLETED');
    expect((await completed.ws.client.put(`${LIST}/${completed.id}`, { json: { profiles: [{ username: 'a' }] } })).status).toBe(200);
    expect((await completed.ws.client.get(`${LIST}/${completed.id}`)).body.status).toBe('ACTIVE');

    const archived = await workspaceWithCampaign('ARCHIVED');
    const refused = await archived.ws.client.put(`${LIST}/${archived.id}`, { json: { profiles: [{ username: 'a' }] } });
    expect([refused.status, refused.body]).toEqual([400, { detail: 'Campaign is archived' }]);
    expect((await archived.ws.client.get(`${LIST}/${archived.id}`)).body.contacts).toEqual([]);

    for (const path of [`${LIST}/cmp_unknown`, `${LIST}/${archived.id}`]) {
      const get = await completed.ws.client.get(path);
      expect([get.status, get.body]).toEqual([404, NOT_FOUND]);
      const put = await completed.ws.client.put(path, { json: { profiles: [{ username: 'a' }] } });
      expect([put.status, put.body]).toEqual([404, NOT_FOUND]);
    }
  });

  it('validates the enrolment body: 1 to 1000 profiles, username required and a handle (no spaces)', async () => {
    const { ws, id } = await workspaceWithCampaign();
    const empty = await ws.client.put(`${LIST}/${id}`, { json: { profiles: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ type: 'too_short', loc: ['body', 'profiles'] });
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ username: `u${i}` }));
    const big = await ws.client.put(`${LIST}/${id}`, { json: { profiles: tooMany } });
    expect(big.body.detail[0]).toMatchObject({ type: 'too_long', loc: ['body', 'profiles'], ctx: { max_length: 1000 } });
    const noName = await ws.client.put(`${LIST}/${id}`, { json: { profiles: [{ first_name: 'x' }] } });
    expect(noName.body.detail).toEqual([{ type: 'missing', loc: ['body', 'profiles', 0, 'username'], msg: 'Field required', input: { first_name: 'x' } }]);
    const spaced = await ws.client.put(`${LIST}/${id}`, { json: { profiles: [{ username: 'has space!' }] } });
    expect(spaced.status).toBe(422);
    expect(spaced.body.detail).toEqual([
      { type: 'string_pattern_mismatch', loc: ['body', 'profiles', 0, 'username'], msg: `String should match pattern '${USERNAME_PATTERN}'`, input: 'has space!', ctx: { pattern: USERNAME_PATTERN } },
    ]);
    expect((await ws.client.get(`${LIST}/${id}`)).body.contacts).toHaveLength(0);
    expect((await ws.client.put(`${LIST}/${id}`, { json: { profiles: [{ username: 'josé.garcía_2' }] } })).status).toBe(200);
    const thousand = await ws.client.put(`${LIST}/${id}`, { json: { profiles: tooMany.slice(0, 1000) } });
    expect(thousand.status).toBe(200);
    expect((await ws.client.get(`${LIST}/${id}`)).body.contacts).toHaveLength(1001);
  });

  it('lists newest first in pages with signed cursors; total counts every campaign of the workspace', async () => {
    const ws = await server.newWorkspace(undefined, { members: 1 });
    const creator = ws.members[0];
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      if (i % 3 !== 0) clock.advance(1000); // some share a created_at: the id breaks the tie
      ids.push((await addCampaign(server, ws.id, { name: `c${i}`, creatorId: creator, id: `cmp_${String(i).padStart(2, '0')}` })).id);
    }
    const other = await server.newWorkspace(undefined, { members: 1 });
    await addCampaign(server, other.id, { name: 'theirs', creatorId: other.members[0] });
    const rows = await server.ctx.database.db.selectFrom('campaigns').select(['id', 'created_at']).where('workspace_id', '=', ws.id).execute();
    const expected = rows.sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1)).map((r) => r.id);

    const all = await ws.client.get(LIST);
    expect(all.body).toMatchObject({ total: 7, has_more: false, cursor: null });
    expect(all.body.items.map((c: any) => c.id)).toEqual(expected);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await ws.client.get(`${LIST}?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(7);
      expect(res.body.has_more).toBe(res.body.cursor !== null);
      seen.push(...res.body.items.map((c: any) => c.id));
      cursor = res.body.cursor;
      pages++;
    } while (cursor);
    expect([pages, seen]).toEqual([3, expected]);

    const first = (await ws.client.get(`${LIST}?limit=2`)).body.cursor as string;
    const [payload, mac] = first.split('.');
    const forged = `${Buffer.from(JSON.stringify({ c: 0, i: 'zzz' })).toString('base64url')}.${mac}`;
    for (const bad of ['garbage', forged, `${payload}.${mac}x`, `${payload}`]) {
      const res = await ws.client.get(`${LIST}?cursor=${encodeURIComponent(bad)}`);
      expect([res.status, res.body]).toEqual([400, { detail: 'Invalid cursor' }]);
    }
    const foreign = await other.client.get(`${LIST}?cursor=${encodeURIComponent(first)}`);
    expect([foreign.status, foreign.body]).toEqual([400, { detail: 'Invalid cursor' }]);
    expect((await other.client.get(LIST)).body).toMatchObject({ total: 1, items: [expect.objectContaining({ name: 'theirs' })] });
    for (const limit of ['0', '51', 'x']) expect((await ws.client.get(`${LIST}?limit=${limit}`)).status).toBe(422);
  });

  it("lists the first 100 contacts of each campaign on a list page, with contacts_total; the campaign's own GET lists them all", async () => {
    const { ws, id } = await workspaceWithCampaign();
    const profiles = Array.from({ length: 150 }, (_, i) => ({ username: `person-${i}` }));
    expect((await ws.client.put(`${LIST}/${id}`, { json: { profiles } })).status).toBe(200);
    const one = (await ws.client.get(`${LIST}/${id}`)).body;
    expect([one.contacts.length, one.contacts_total]).toEqual([150, 150]);
    const [listed] = (await ws.client.get(LIST)).body.items;
    expect([listed.contacts.length, listed.contacts_total]).toEqual([100, 150]);
    expect(listed.contacts).toEqual(one.contacts.slice(0, 100));
  });

  it('documents the networking endpoints and the NetworkingCampaignList component in OpenAPI', async () => {
    const doc = (await server.client.get('/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/v2/networking/campaigns', '/v2/networking/campaigns/{campaign_id}', '/v2/networking/connections/check',
      '/v2/networking/connections/send', '/v2/networking/connections/direct-message',
    ]));
    expect(Object.keys(doc.paths['/v2/networking/campaigns/{campaign_id}'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(doc.components.schemas.NetworkingCampaignList.properties.items).toEqual({ type: 'array', items: { $ref: '#/components/schemas/NetworkingCampaignRead' } });
    expect(doc.paths['/v2/networking/connections/check'].patch.requestBody.content['application/json'].schema.required).toEqual(['team_member_id']);
  });
});
