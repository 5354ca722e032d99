// A believable demo workspace, built deterministically (seeded PRNG, dates relative to `now`).
// Every contact, post and lead is derived from its own index, so a world of a million leads is
// generated lazily and never held in memory.
import { DAY_MS, toIso } from '../shared/time.js';
import { Prng } from './prng.js';

export interface DemoOptions {
  now: number;
  leads?: number;
  workspaceId?: string;
  seed?: number;
}

const FIRST = ['Ana', 'Bo', 'Carla', 'Dev', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemal', 'Lena', 'Mateo', 'Nora', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Viktor', 'Wen', 'Yara', 'Zoe'];
const LAST = ['Lee', 'Chen', 'Garcia', 'Patel', 'Yilmaz', 'Okafor', 'Berg', 'Tanaka', 'Silva', 'Weber', 'Aydin', 'Novak', 'Rossi', 'Khan', 'Haddad', 'Iyer', 'Murphy', 'Costa', 'Larsen', 'Aziz'];
const TITLES = ['VP Sales', 'Head of Growth', 'Sales Director', 'CTO', 'Founder', 'Account Executive', 'RevOps Lead', 'Marketing Manager', 'SDR Manager', 'COO'];
const COMPANY_NAMES = ['Globex', 'Initech', 'Umbrella Labs', 'Hooli', 'Vandelay', 'Stark Analytics', 'Wayne Logistics', 'Acme Cloud', 'Soylent Foods', 'Tyrell Data', 'Cyberdyne', 'Wonka Retail', 'Gringotts Pay', 'Oscorp Bio', 'Aperture HR', 'Monarch Travel', 'Duff Media', 'Pied Piper', 'Massive Dynamic', 'Nakatomi Trading'];
const INDUSTRIES = ['Software', 'Financial Services', 'Logistics', 'Retail', 'Healthcare', 'Media', 'Manufacturing'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'CA', 'IN'];
const TAGS = ['webinar', 'hot', 'event-2025', 'partner', 'follow-up', 'enterprise', 'smb'];
const SOURCES = ['POST_LIKE', 'POST_COMMENT', 'PROFILE_VIEW', 'FOLLOW', 'POST_REPOST'];
const HISTORY = ['Liked a post', 'Commented on a post', 'Viewed your profile', 'Followed you', 'Reposted a post'];
const TOPICS = ['Why warm outreach beats cold email', 'Our Q2 pipeline review, in numbers', 'Five things we learned from 1,000 demos', 'Hiring: SDRs in Berlin', 'How we score intent signals', 'A new integration is live'];

const pad = (n: number, width = 7) => String(n).padStart(width, '0');
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function demoWorld(options: DemoOptions) {
  const { now } = options;
  const seed = options.seed ?? 20250301;
  const leadCount = options.leads ?? 300;
  const contactCount = Math.max(150, Math.ceil(leadCount / 2));
  const ago = (days: number, rng: Prng) => toIso(now - days * DAY_MS - rng.int(0, DAY_MS / 60_000) * 60_000);
  const rngFor = (kind: number, i: number) => new Prng(seed ^ Math.imul(kind, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b));

  const members = [
    { id: 'tm_demo_ana', email: 'ana.lee@demo.test', first_name: 'Ana', last_name: 'Lee', integration_status: 'CONNECTED', network_username: 'ana-lee' },
    { id: 'tm_demo_bo', email: 'bo.chen@demo.test', first_name: 'Bo', last_name: 'Chen', integration_status: 'NOT_CONNECTED', network_username: 'bo-chen' },
    { id: 'tm_demo_carla', email: 'carla.garcia@demo.test', first_name: 'Carla', last_name: 'Garcia', integration_status: 'DISCONNECTED', network_username: 'carla-garcia' },
    { id: 'tm_demo_dev', email: 'dev.patel@demo.test', first_name: 'Dev', last_name: 'Patel', integration_status: 'NOT_CONNECTED', network_username: null },
  ];
  const contactUrn = (i: number) => `ACoDEMO${pad(i)}`;
  const trackedCount = 5;

  const teamMembers = members.map((m, i) => {
    const rng = rngFor(1, i);
    return {
      ...m,
      is_active_seat: i < 3,
      profile_views_count: m.network_username ? rng.int(20, 400) : null,
      followers_count: m.network_username ? rng.int(100, 3000) : null,
      last_network_update: m.integration_status === 'CONNECTED' ? ago(0, rng) : null,
      profile_picture: null,
      tracked_contacts: i === 0 ? Array.from({ length: trackedCount }, (_, k) => contactUrn(k)) : [],
    };
  });

  const companies = COMPANY_NAMES.map((name, i) => {
    const rng = rngFor(2, i);
    const min = rng.pick([11, 51, 201, 1001]);
    return {
      id: 1001 + i,
      hash_id: `c${1001 + i}`,
      name,
      slug: slugOf(name),
      website_url: `https://${slugOf(name)}.test`,
      employees_num_min: min,
      employees_num_max: min * 4 - 5,
      country: rng.pick(COUNTRIES),
      industries: [rng.pick(INDUSTRIES)],
      created_at: ago(rng.int(200, 700), rng),
    };
  });

  function contact(i: number) {
    const rng = rngFor(3, i);
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const company = companies[i % companies.length];
    const title = rng.pick(TITLES);
    return {
      urn: contactUrn(i),
      username: `${slugOf(first)}-${slugOf(last)}-${i}`,
      first_name: first,
      last_name: last,
      headline: `${title} at ${company.name}`,
      job_title: title,
      picture: null,
      followers_count: rng.int(50, 5000),
      connections_count: rng.int(100, 500),
      country: rng.pick(COUNTRIES),
      company_id: company.id,
      network_url: `https://network.test/in/${slugOf(first)}-${slugOf(last)}-${i}`,
    };
  }

  const teamPosts = 40;
  const trackedPosts = 20;
  function post(i: number) {
    const rng = rngFor(4, i);
    const byMember = i < teamPosts;
    const member = byMember ? members[rng.chance(0.7) ? 0 : rng.int(1, 2)] : null;
    const urn = byMember ? null : contactUrn(i % trackedCount);
    return {
      id: `p_demo_${pad(i, 3)}`,
      activity_urn: `urn:li:activity:${7100000000 + i}`,
      type: rng.chance(0.8) ? 'SHARE' : 'REPOST',
      content: rng.pick(TOPICS),
      author: member ? member.network_username! : contact(i % trackedCount).username,
      post_url: `https://network.test/p/demo-${i}`,
      impressions_num: rng.int(200, 20000),
      likes_num: rng.int(0, 300),
      comments_num: rng.int(0, 40),
      shares_num: rng.int(0, 15),
      published_at: ago(rng.int(0, 59), rng),
      team_member_id: member?.id ?? null,
      author_urn: urn,
    };
  }
  const posts = Array.from({ length: teamPosts + trackedPosts }, (_, i) => post(i));

  function lead(i: number) {
    const rng = rngFor(5, i);
    const contactIndex = rng.int(0, contactCount - 1);
    const c = contact(contactIndex);
    const source = rng.pick(SOURCES);
    const fromPost = source.startsWith('POST') ? posts[rng.int(0, teamPosts - 1)] : null;
    const days = rng.int(0, 59);
    const created = now - days * DAY_MS - rng.int(0, 1439) * 60_000;
    const hasEmail = rng.chance(0.55);
    const events = rng.int(1, 12);
    const history = Array.from({ length: rng.int(1, 3) }, (_, k) => ({
      id: `h_demo_${pad(i)}_${k}`,
      description: rng.pick(HISTORY),
      recorded_at: toIso(Math.min(now, created + k * rng.int(1, 48) * 3_600_000)),
    }));
    const status = rng.pick(['NEW', 'NEW', 'NEW', 'QUALIFIED', 'QUALIFIED', 'DISQUALIFIED', 'DISCARDED']);
    return {
      id: `ld_demo_${pad(i)}`,
      contact_urn: c.urn,
      team_member_id: fromPost?.team_member_id ?? rng.pick(members.slice(0, 3)).id,
      source_post_id: fromPost?.id ?? null,
      company_id: c.company_id,
      status,
      tags: TAGS.filter(() => rng.chance(0.15)),
      crm_id: status === 'QUALIFIED' && rng.chance(0.5) ? `crm-${100000 + i}` : null,
      crm_contact_url: null,
      contact_email: hasEmail ? `${slugOf(c.first_name)}.${slugOf(c.last_name)}${i}@${companies[contactIndex % companies.length].slug}.test` : null,
      enrichment_status: hasEmail ? 'ENRICHED' : rng.pick(['NOT_FOUND', 'PENDING', null]),
      source,
      engagement_events_count: events,
      engagement_score: Math.min(100, events * 7 + rng.int(0, 20)),
      is_icp_match: rng.chance(0.35),
      is_account_based: rng.chance(0.1),
      created_at: toIso(created),
      last_engagement_dt: history[history.length - 1].recorded_at,
      feed_updated_at: null,
      history,
      notes: rng.chance(0.1) ? [{ id: `n_demo_${pad(i)}`, content: 'Asked for a follow-up after the webinar', created_at: toIso(created + DAY_MS), updated_at: toIso(created + DAY_MS) }] : [],
    };
  }

  const connections = Array.from({ length: 25 }, (_, i) => {
    const rng = rngFor(6, i);
    const state = i < 18 ? 'CONNECTED' : 'PENDING';
    return { team_member_id: members[0].id, contact_urn: contactUrn(10 + i), state, since: state === 'CONNECTED' ? ago(rng.int(5, 300), rng) : null };
  });

  const campaign = (id: string, name: string, status: string, from: number, count: number, daysAgo: number) => ({
    id,
    name,
    status,
    description: null,
    creator_id: members[0].id,
    participant_ids: [members[0].id, members[1].id],
    created_at: ago(daysAgo, rngFor(7, from)),
    contacts: Array.from({ length: count }, (_, k) => {
      const c = contact(from + k);
      return { id: `${id}_cc${k}`, username: c.username, network_urn: c.urn, first_name: c.first_name, last_name: c.last_name, email: null, crm_id: null };
    }),
  });

  return {
    workspace: {
      id: options.workspaceId ?? 'ws_demo',
      name: 'Demo workspace',
      credits: [{ delta: 500, reason: 'demo grant', created_at: toIso(now - 60 * DAY_MS) }],
    },
    team_members: teamMembers,
    companies,
    contacts: { count: contactCount, at: contact },
    posts,
    leads: { count: leadCount, at: lead },
    connections,
    campaigns: [campaign('cmp_demo_q2', 'Q2 VPs of Sales', 'ACTIVE', 40, 8, 20), campaign('cmp_demo_webinar', 'Webinar follow-up', 'DRAFT', 60, 5, 3)],
  };
}

