// A fully specified snapshot document in canonical form (every field given, in the documented
// order, items sorted as export sorts them), so an export of it must equal it exactly.
import { Readable } from 'node:stream';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const BASE = Date.parse('2025-03-01T00:00:00Z');
const pad = (n: number) => String(n).padStart(6, '0');

export function snapshotFixture(leadCount: number, workspaceId = 'ws_fixture'): any {
  const members = ['tm_a', 'tm_b', 'tm_c'].map((id, i) => ({
    id, email: `${id}@acme.test`, first_name: `First${i}`, last_name: i === 2 ? null : `Last${i}`, is_active_seat: i !== 2,
    integration_status: ['CONNECTED', 'NOT_CONNECTED', 'DISCONNECTED'][i], network_username: `user-${i}`, network_urn: i === 0 ? 'ACoMemberA' : null,
    profile_views_count: 10 * i, followers_count: i === 1 ? null : 100 + i, last_network_update: i === 0 ? iso(BASE) : null,
    profile_picture: i === 0 ? 'https://img.test/a.png' : null, tracked_contacts: i === 0 ? ['urn000001', 'urn000002'] : [],
  }));
  const companies = [1001, 1002].map((id) => ({
    id, hash_id: `c${id}`, name: `Co ${id}`, slug: `co-${id}`, picture: null, employees_num_min: 11, employees_num_max: 50,
    headquarters: 'Berlin', location: null, followers: 7, state: null, country: 'DE', website_url: id === 1001 ? `https://co${id}.test` : null,
    phone_number: null, company_type: 'Private', founded_year: 2001, description: null, tagline: 'We sell', industries: ['Software'],
    specialties: [], funding: [], is_verified: id === 1001 ? true : null, network_url: null, created_at: iso(BASE - 86_400_000),
  }));
  const contacts = Array.from({ length: 20 }, (_, i) => ({
    urn: `urn${pad(i)}`, username: `person-${i}`, first_name: `P${i}`, last_name: `Q${i}`, headline: `Head ${i}`, job_title: 'VP',
    picture: null, followers_count: i, connections_count: i * 2, country: 'US', company_id: i % 3 === 0 ? null : 1001 + (i % 2),
    network_url: `https://network.test/in/person-${i}`,
  }));
  const posts = Array.from({ length: 4 }, (_, i) => ({
    id: `p_${pad(i)}`, activity_urn: `urn:li:activity:${i}`, type: 'SHARE', content: `post ${i}`, parent_content: null,
    author: i < 3 ? 'user-0' : 'person-1', post_url: `https://network.test/p/${i}`, image: null, parent_image: null,
    impressions_num: 100 * i, likes_num: i, comments_num: 0, shares_num: null, published_at: iso(BASE + i * 3_600_000),
    team_member_id: i < 3 ? 'tm_a' : null, author_urn: i < 3 ? null : 'urn000001',
  }));
  const statuses = ['NEW', 'QUALIFIED', 'DISQUALIFIED', 'DISCARDED'];
  const leads = Array.from({ length: leadCount }, (_, i) => {
    const c = contacts[i % contacts.length];
    const created = BASE + i * 60_000;
    return {
      id: `ld_${pad(i)}`, contact_urn: c.urn, first_name: c.first_name, last_name: i % 5 === 0 ? 'Override' : c.last_name,
      headline: c.headline, job_title: c.job_title, username: c.username, network_url: c.network_url, picture: c.picture,
      followers_count: c.followers_count, connections_count: c.connections_count, country: c.country,
      team_member_id: members[i % 2].id, source_post_id: i % 4 === 3 ? null : posts[i % 3].id, company_id: c.company_id,
      status: statuses[i % 4], tags: i % 3 === 0 ? ['webinar', 'hot'] : [], crm_id: i % 7 === 0 ? `crm${i}` : null, crm_contact_url: null,
      contact_email: i % 2 === 0 ? `p${i}@acme.test` : null, phone_number: null, enrichment_status: i % 2 === 0 ? 'ENRICHED' : null,
      source: 'POST_LIKE', source_content_url: i % 4 === 3 ? null : posts[i % 3].post_url, engagement_events_count: i % 9,
      engagement_score: i % 101, is_icp_match: i % 3 === 1, is_account_based: i % 10 === 0, created_at: iso(created),
      last_engagement_dt: iso(created + 3_600_000), feed_updated_at: i % 6 === 0 ? iso(created + 7_200_000) : null,
      history: Array.from({ length: i % 3 }, (_, k) => ({ id: `h_${pad(i)}_${k}`, description: `event ${k}`, recorded_at: iso(created + k * 1000) })),
      notes: i % 8 === 0 ? [{ id: `n_${pad(i)}`, content: 'a note', created_at: iso(created), updated_at: iso(created + 5000) }] : [],
    };
  });
  return {
    format: 'workspace-snapshot', version: 1,
    workspace: { id: workspaceId, name: 'Fixture', credits: [
      { delta: 500, reason: 'grant', created_at: iso(BASE - 5 * 86_400_000) },
      { delta: -3, reason: 'enrichment', created_at: iso(BASE) },
    ] },
    team_members: members, companies, contacts, posts, leads,
    connections: [
      { team_member_id: 'tm_a', contact_urn: 'urn000003', state: 'CONNECTED', since: iso(BASE) },
      { team_member_id: 'tm_a', contact_urn: 'urn000004', state: 'PENDING', since: null },
    ],
    campaigns: [{
      id: 'cmp_1', name: 'Q2 VPs', status: 'ACTIVE', description: null, creator_id: 'tm_a', participant_ids: ['tm_a', 'tm_b'],
      created_at: iso(BASE), contacts: [
        { id: 'cc_1', username: 'person-1', network_urn: 'urn000001', first_name: 'P1', last_name: 'Q1', email: null, crm_id: null, status: 'QUEUED' },
        { id: 'cc_2', username: 'person-2', network_urn: null, first_name: null, last_name: null, email: 'x@y.test', crm_id: 'c9', status: 'INVITED' },
      ],
    }],
  };
}

export const toStream = (doc: unknown): Readable => Readable.from([JSON.stringify(doc)]);
