// Why a lead has its engagement score and its ICP flag, computed by the code that sets them
// (explainScore beside foldMass in scoring.ts, checkIcp beside matchesIcp in icp.ts), so the
// explanation cannot drift from the rules.
import type { Db } from '../db/database.js';
import { parseJsonArray } from '../db/rows.js';
import { checkIcp, type IcpCheck } from '../ingestion/icp.js';
import { explainScore, HALF_LIFE_MS, SATURATION, type EngagementKind } from '../ingestion/scoring.js';
import { getIngestionSettings } from '../ingestion/settings.service.js';
import type { Clock } from '../shared/clock.js';
import { DomainError } from '../shared/errors.js';
import { DAY_MS, toIso } from '../shared/time.js';
import * as repo from './leads.repository.js';

export interface LeadWhy {
  lead_id: string;
  engagement_score: number | null;
  score_now: number;
  scored_from: 'events' | 'snapshot';
  events_count: number;
  half_life_days: number;
  saturation: number;
  events: { id: string; post_id: string; kind: EngagementKind; at: string; weight: number; mass: number }[];
  icp: { is_icp_match: boolean; set_by: 'rules' | 'member'; checks: IcpCheck[] };
  is_account_based: boolean;
}

export async function explainLead(db: Db, clock: Clock, workspaceId: string, leadId: string): Promise<LeadWhy> {
  const lead = await repo.findLead(db, workspaceId, leadId);
  if (!lead) throw new DomainError('lead_not_found');
  const [events, companies, settings] = await Promise.all([
    repo.findLeadEvents(db, workspaceId, leadId),
    repo.findCompanies(db, workspaceId, lead.company_id === null ? [] : [Number(lead.company_id)]),
    getIngestionSettings(db, workspaceId),
  ]);
  const now = clock.now();
  const score = explainScore(events.map((e) => ({ ...e, kind: e.kind as EngagementKind, at: Number(e.at) })), now);
  // A lead restored from a snapshot (the demo's seeded leads among them) carries its score, its
  // event count and its history, not the events one by one (docs/snapshot-format.md), and holds no
  // mass for the re-score to age: its score is the stored one until it engages again.
  const fromSnapshot = events.length === 0 && lead.engagement_mass === null && lead.engagement_score !== null;
  const company = companies[0];
  const checks = checkIcp(settings.icp_rules, {
    job_title: lead.job_title,
    country: lead.country,
    company: company
      ? { employees_num_min: company.employees_num_min, employees_num_max: company.employees_num_max, industries: parseJsonArray(company.industries).map(String) }
      : null,
  });
  return {
    lead_id: lead.id,
    engagement_score: lead.engagement_score === null ? null : Number(lead.engagement_score),
    score_now: fromSnapshot ? Number(lead.engagement_score) : score.score,
    scored_from: fromSnapshot ? 'snapshot' : 'events',
    events_count: fromSnapshot ? Number(lead.engagement_events_count ?? 0) : events.length,
    half_life_days: HALF_LIFE_MS / DAY_MS,
    saturation: SATURATION,
    events: score.events.map((e) => ({ id: e.id, post_id: e.post_id, kind: e.kind, at: toIso(e.at), weight: e.weight, mass: Math.round(e.mass * 1000) / 1000 })),
    icp: { is_icp_match: Number(lead.is_icp_match) === 1, set_by: Number(lead.icp_manual) === 1 ? 'member' : 'rules', checks },
    is_account_based: Number(lead.is_account_based) === 1,
  };
}
