// A CRM binding's options as stored (exported with snapshots: never the token), and the push rule
// they carry: which leads become CRM contacts.
import type { Binding } from '../network/bindings.js';

export const CRM_NAMES = ['hubspot', 'pipedrive'] as const;
export type CrmName = (typeof CRM_NAMES)[number];

/** QUALIFIED: a lead of status QUALIFIED (the default); ICP: an ICP match with a score of at least min_score. */
export type PushRule = { rule: 'qualified' } | { rule: 'icp'; min_score: number };

export interface CrmBindingOptions {
  /** The CRM's API root (its public one, a private deployment, a test's fake). */
  api_url: string;
  /** PEM certificates to trust besides the system's. */
  ca?: string;
  /** Pipedrive: the company's own subdomain (acme for acme.pipedrive.com), for the contacts' links. */
  company_domain?: string;
  push: PushRule;
}

export const DEFAULT_PUSH: PushRule = { rule: 'qualified' };

/** The options of a stored binding, the push rule defaulted. */
export function crmOptions(options: Binding['options']): CrmBindingOptions {
  const o = options as Partial<CrmBindingOptions>;
  return { ...o, api_url: String(o.api_url), push: o.push ?? DEFAULT_PUSH };
}

export function matchesPushRule(rule: PushRule, lead: { status: string; is_icp_match: number; engagement_score: number | null }): boolean {
  if (lead.status === 'DISCARDED' || lead.status === 'DISQUALIFIED') return false;
  if (rule.rule === 'qualified') return lead.status === 'QUALIFIED';
  return Number(lead.is_icp_match) === 1 && Number(lead.engagement_score ?? 0) >= rule.min_score;
}

export const describePushRule = (rule: PushRule) => (rule.rule === 'qualified' ? 'status QUALIFIED' : `ICP match with score >= ${rule.min_score}`);
