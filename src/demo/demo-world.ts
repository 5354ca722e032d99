// A believable demo workspace, built deterministically (seeded PRNG, dates relative to `now`).
// Every contact, post and lead is derived from its own index, so a world of a million leads is
// generated lazily and never held in memory.
//
// It is the same world the simulated network syncs into the workspace afterwards (docs/decisions.md,
// "Demo data"): people and companies come from the sandbox's own generator, emails from the sandbox
// vendor's, history texts and scores from ingestion's, so seeded and synced leads cannot contradict
// each other. One lead per person; its history is its engagement, oldest first.
import { sandboxFinding } from '../enrichment/enrichment.provider.js';
import { historyText } from '../ingestion/fold-rows.js';
import { scoreEvents, type EngagementKind } from '../ingestion/scoring.js';
import { COMPANY_COUNT, companyAt, profileFor } from '../network/sandbox/sandbox.content.js';
import { seededRandom } from '../shared/random.js';
import { DAY_MS, toIso } from '../shared/time.js';
import { Prng } from './prng.js';

export interface DemoOptions {
  now: number;
  leads?: number;
  workspaceId?: string;
  seed?: number;
  /** The simulated network's seed (WARMLINE_SANDBOX_SEED): the demo's people are its people. */
  networkSeed?: string;
}

const TAGS = ['webinar', 'hot', 'event-2025', 'partner', 'follow-up', 'enterprise', 'smb'];
const SOURCE: Record<EngagementKind, string> = { LIKE: 'POST_LIKE', COMMENT: 'POST_COMMENT', SHARE: 'POST_REPOST' };
const KINDS: EngagementKind[] = ['LIKE', 'LIKE', 'LIKE', 'COMMENT', 'SHARE'];
const TOPICS = ['Why warm outreach beats cold email', 'Our Q2 pipeline review, in numbers', 'Five things we learned from 1,000 demos', 'Hiring: SDRs in Berlin', 'How we score intent signals', 'A new integration is live'];
const MINUTE = 60_000;

const pad = (n: number, width = 7) => String(n).padStart(width, '0');
const hostOf = (url: string) => new URL(url).host;

export function demoWorld(options: DemoOptions) {
  const { now } = options;
  const seed = options.seed ?? 20250301;
  const networkSeed = options.networkSeed ?? 'warmline-sandbox';
  const network = seededRandom(networkSeed);
  const leadCount = options.leads ?? 300;
  // One lead per person: the first leadCount people are leads; campaigns and connections reach into them.
  const contactCount = Math.max(leadCount, 100);
  const ago = (days: number, rng: Prng) => toIso(now - days * DAY_MS - rng.int(0, DAY_MS / MINUTE) * MINUTE);
  const rngFor = (kind: number, i: number) => new Prng(seed ^ Math.imul(kind, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b));

  // Both senders of the demo campaign are CONNECTED, so the worker syncs and sends for each.
  const members = [
    { id: 'tm_demo_ana', email: 'ana.lee@demo.test', first_name: 'Ana', last_name: 'Lee', integration_status: 'CONNECTED', network_username: 'ana-lee' },
    { id: 'tm_demo_bo', email: 'bo.chen@demo.test', first_name: 'Bo', last_name: 'Chen', integration_status: 'CONNECTED', network_username: 'bo-chen' },
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

  const companies = Array.from({ length: COMPANY_COUNT }, (_, i) => {
    const c = companyAt(network, i);
    return { id: c.id, hash_id: `c${c.id}`, name: c.name, slug: c.slug, website_url: c.website_url, employees_num_min: c.employees_num_min, employees_num_max: c.employees_num_max, country: c.country, industries: c.industries, created_at: ago(200 + (i % 500), rngFor(2, i)) };
  });

  const profile = (i: number) => profileFor(network, { urn: contactUrn(i) })!;
  function contact(i: number, p = profile(i)) {
    return {
      urn: p.urn, username: p.username, first_name: p.first_name, last_name: p.last_name, headline: p.headline, job_title: p.job_title,
      picture: p.picture, followers_count: p.followers_count, connections_count: p.connections_count, country: p.country, company_id: p.company!.id, network_url: p.network_url,
    };
  }

  const teamPosts = 40;
  const trackedPosts = 20;
  function post(i: number) {
    const rng = rngFor(4, i);
    const byMember = i < teamPosts;
    const member = byMember ? members[rng.chance(0.7) ? 0 : rng.int(1, 2)] : null;
    const id = `p_demo_${pad(i, 3)}`;
    return {
      id,
      activity_urn: `urn:li:activity:${7100000000 + i}`,
      type: rng.chance(0.8) ? 'SHARE' : 'REPOST',
      content: rng.pick(TOPICS),
      author: member ? member.network_username! : profile(i % trackedCount).username,
      // The URL ends with the post's id, as the network's do: a lead's source_content_url names its post_id.
      post_url: `https://network.test/posts/${id}`,
      impressions_num: rng.int(200, 20000),
      likes_num: rng.int(0, 300),
      comments_num: rng.int(0, 40),
      shares_num: rng.int(0, 15),
      published_at: ago(rng.int(3, 59), rng),
      team_member_id: member?.id ?? null,
      author_urn: byMember ? null : contactUrn(i % trackedCount),
    };
  }
  const posts = Array.from({ length: teamPosts + trackedPosts }, (_, i) => post(i));

  /** What the sandbox vendor finds for the person (the lead's email, if any). */
  const finding = (p: ReturnType<typeof profile>) =>
    sandboxFinding(networkSeed, { urn: p.urn, firstName: p.first_name, lastName: p.last_name, companyDomain: hostOf(p.company!.website_url!) });

  /** The person's engagement: 1–6 reactions, comments or reposts on distinct team posts, oldest first. */
  function engagement(i: number, rng: Prng) {
    const chosen = new Set<number>();
    const count = rng.int(1, 6);
    while (chosen.size < count) chosen.add(rng.int(0, teamPosts - 1));
    return [...chosen]
      .map((k) => {
        const p = posts[k]!;
        const published = Date.parse(p.published_at);
        const at = Math.min(now, published + MINUTE + rng.int(0, 3 * 24 * 60) * MINUTE);
        return { kind: rng.pick(KINDS), at, post: p };
      })
      .sort((a, b) => a.at - b.at || a.post.id.localeCompare(b.post.id));
  }

  function lead(i: number) {
    const rng = rngFor(5, i);
    const p = profile(i);
    const c = contact(i, p);
    const events = engagement(i, rng);
    const first = events[0]!;
    const found = finding(p);
    const history = events.map((e, k) => ({
      id: `h_demo_${pad(i)}_${k}`,
      description: historyText(e.kind, { id: e.post.id, content: e.post.content, url: e.post.post_url, teamMemberId: e.post.team_member_id! }),
      recorded_at: toIso(e.at),
    }));
    const status = rng.pick(['NEW', 'NEW', 'NEW', 'QUALIFIED', 'QUALIFIED', 'DISQUALIFIED', 'DISCARDED']);
    return {
      id: `ld_demo_${pad(i)}`,
      contact_urn: c.urn,
      team_member_id: first.post.team_member_id,
      source_post_id: first.post.id,
      company_id: c.company_id,
      status,
      tags: TAGS.filter(() => rng.chance(0.15)),
      crm_id: status === 'QUALIFIED' && rng.chance(0.5) ? `crm-${100000 + i}` : null,
      crm_contact_url: null,
      contact_email: found.email,
      phone_number: found.phone,
      enrichment_status: found.email ? 'ENRICHED' : 'NOT_FOUND',
      source: SOURCE[first.kind],
      engagement_events_count: events.length,
      engagement_score: scoreEvents(events, now),
      // The demo has no ICP rules nor target accounts, and the sync flags its leads by them.
      is_icp_match: false,
      is_account_based: false,
      created_at: toIso(first.at),
      last_engagement_dt: toIso(events[events.length - 1]!.at),
      feed_updated_at: null,
      history,
      notes: rng.chance(0.1) ? [{ id: `n_demo_${pad(i)}`, content: 'Asked for a follow-up after the webinar', created_at: toIso(Math.min(now, first.at + DAY_MS)), updated_at: toIso(Math.min(now, first.at + DAY_MS)) }] : [],
    };
  }

  /** One credit per email found, as the enrichment engine charges: the ledger agrees with the leads. */
  // Whether the vendor finds an email depends on the person's urn alone, so the count needs no profile.
  let emails = 0;
  for (let i = 0; i < leadCount; i++) if (sandboxFinding(networkSeed, { urn: contactUrn(i), firstName: null, lastName: null, companyDomain: null }).email !== null) emails++;

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
      const p = profile(from + k);
      return { id: `${id}_cc${k}`, username: p.username, network_urn: p.urn, first_name: p.first_name, last_name: p.last_name, email: finding(p).email, crm_id: null };
    }),
  });

  return {
    workspace: {
      id: options.workspaceId ?? 'ws_demo',
      name: 'Demo workspace',
      credits: [
        { delta: 500 + emails, reason: 'demo grant', created_at: toIso(now - 60 * DAY_MS) },
        ...(emails > 0 ? [{ delta: -emails, reason: `emails found for ${emails} demo leads (one credit each)`, created_at: toIso(now) }] : []),
      ],
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
