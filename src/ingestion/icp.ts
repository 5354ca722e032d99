// A workspace's ideal customer profile: which people its leads should be. Every criterion given
// must match (AND); within one criterion any listed value matches (OR). An empty rule set (or
// none) matches nobody, so is_icp_match stays false until the workspace says what it wants.
import type { NetworkCompany } from '../network/provider.js';

export const SENIORITIES = ['c_level', 'vp', 'head', 'director', 'manager', 'individual'] as const;
export type Seniority = (typeof SENIORITIES)[number];

export interface IcpRules {
  job_title_keywords?: string[];
  seniorities?: Seniority[];
  company_size?: { min?: number; max?: number };
  industries?: string[];
  countries?: string[];
}

export interface IcpPerson {
  job_title: string | null;
  country: string | null;
  company: Pick<NetworkCompany, 'employees_num_min' | 'employees_num_max' | 'industries'> | null;
}

const SENIORITY_WORDS: [Seniority, RegExp][] = [
  ['c_level', /\b(chief|ceo|cto|cfo|coo|cro|cmo|founder|co-founder|owner|president)\b/i],
  ['vp', /\b(vp|vice president)\b/i],
  ['head', /\bhead of\b/i],
  ['director', /\bdirector\b/i],
  ['manager', /\b(manager|lead)\b/i],
];

export function seniorityOf(title: string | null): Seniority {
  return SENIORITY_WORDS.find(([, re]) => re.test(title ?? ''))?.[0] ?? 'individual';
}

const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());

export function matchesIcp(rules: IcpRules | null, person: IcpPerson): boolean {
  if (!rules) return false;
  const checks: boolean[] = [];
  if (rules.job_title_keywords?.length) {
    const title = (person.job_title ?? '').toLowerCase();
    checks.push(lower(rules.job_title_keywords).some((k) => title.includes(k)));
  }
  if (rules.seniorities?.length) checks.push(rules.seniorities.includes(seniorityOf(person.job_title)));
  if (rules.company_size) {
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = rules.company_size;
    const c = person.company;
    // A company's size is a range; it matches when the ranges overlap.
    checks.push(c !== null && c.employees_num_min !== null && (c.employees_num_max ?? c.employees_num_min) >= min && c.employees_num_min <= max);
  }
  if (rules.industries?.length) {
    const wanted = lower(rules.industries);
    checks.push(lower(person.company?.industries ?? []).some((i) => wanted.includes(i)));
  }
  if (rules.countries?.length) checks.push(person.country !== null && lower(rules.countries).includes(person.country.toLowerCase()));
  return checks.length > 0 && checks.every(Boolean);
}

/** Validates a parsed JSON document; the error names the offending path (e.g. `$.company_size.min`). */
export function parseIcpRules(doc: unknown): IcpRules {
  const fail = (path: string, what: string): never => {
    throw new IcpRulesError(`${path}: ${what}`);
  };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) fail('$', 'must be an object');
  const o = doc as Record<string, unknown>;
  const known = ['job_title_keywords', 'seniorities', 'company_size', 'industries', 'countries'];
  for (const key of Object.keys(o)) if (!known.includes(key)) fail(`$.${key}`, `unknown rule (known: ${known.join(', ')})`);
  const strings = (key: string, allowed?: readonly string[]) => {
    const v = o[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) return fail(`$.${key}`, 'must be an array of strings');
    return v.map((item, i) => {
      if (typeof item !== 'string' || item.trim() === '') return fail(`$.${key}[${i}]`, 'must be a non-empty string');
      if (allowed && !allowed.includes(item)) return fail(`$.${key}[${i}]`, `must be one of ${allowed.join(', ')}`);
      return item.trim();
    });
  };
  const rules: IcpRules = {};
  const set = <K extends keyof IcpRules>(key: K, value: IcpRules[K] | undefined) => {
    if (value !== undefined) rules[key] = value;
  };
  set('job_title_keywords', strings('job_title_keywords'));
  set('seniorities', strings('seniorities', SENIORITIES) as Seniority[] | undefined);
  set('industries', strings('industries'));
  set('countries', strings('countries'));
  if (o.company_size !== undefined) {
    const size = o.company_size as Record<string, unknown>;
    if (typeof size !== 'object' || size === null || Array.isArray(size)) fail('$.company_size', 'must be an object with min and/or max');
    const range: { min?: number; max?: number } = {};
    for (const key of Object.keys(size)) {
      const v = size[key];
      if (key !== 'min' && key !== 'max') fail(`$.company_size.${key}`, 'unknown field (known: min, max)');
      if (!Number.isSafeInteger(v) || (v as number) < 0) fail(`$.company_size.${key}`, 'must be a whole number of at least 0');
      range[key as 'min' | 'max'] = v as number;
    }
    if (range.min !== undefined && range.max !== undefined && range.min > range.max) fail('$.company_size', 'min must not exceed max');
    rules.company_size = range;
  }
  return rules;
}

export class IcpRulesError extends Error {}
