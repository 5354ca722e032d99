// A workspace's ideal customer profile: which people its leads should be. Every criterion given
// must match (AND); within one criterion any listed value matches (OR). An empty rule set (or
// none) matches nobody, so is_icp_match stays false until the workspace says what it wants.
import { Type } from 'typebox';
import type { NetworkCompany } from '../network/provider.js';
import { firstSchemaProblem } from '../shared/schema-check.js';

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

export type IcpRuleName = keyof IcpRules;

/** One criterion of the rules against one person: what was wanted, what the person has, and whether it matched. */
export interface IcpCheck {
  rule: IcpRuleName;
  wanted: string;
  value: string | null;
  matched: boolean;
}

const sizeOf = (c: IcpPerson['company']) =>
  c === null || c.employees_num_min === null ? null : `${c.employees_num_min}-${c.employees_num_max ?? c.employees_num_min}`;

/** Each criterion the rules give, checked against the person (matchesIcp and the lead's "why" both read it). */
export function checkIcp(rules: IcpRules | null, person: IcpPerson): IcpCheck[] {
  if (!rules) return [];
  const checks: IcpCheck[] = [];
  if (rules.job_title_keywords?.length) {
    const title = (person.job_title ?? '').toLowerCase();
    checks.push({ rule: 'job_title_keywords', wanted: rules.job_title_keywords.join(', '), value: person.job_title, matched: lower(rules.job_title_keywords).some((k) => title.includes(k)) });
  }
  if (rules.seniorities?.length) {
    const seniority = seniorityOf(person.job_title);
    checks.push({ rule: 'seniorities', wanted: rules.seniorities.join(', '), value: seniority, matched: rules.seniorities.includes(seniority) });
  }
  if (rules.company_size) {
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = rules.company_size;
    const c = person.company;
    // A company's size is a range; it matches when the ranges overlap.
    const matched = c !== null && c.employees_num_min !== null && (c.employees_num_max ?? c.employees_num_min) >= min && c.employees_num_min <= max;
    checks.push({ rule: 'company_size', wanted: `${rules.company_size.min ?? 0}-${rules.company_size.max ?? 'any'}`, value: sizeOf(c), matched });
  }
  if (rules.industries?.length) {
    const wanted = lower(rules.industries);
    const industries = person.company?.industries ?? [];
    checks.push({ rule: 'industries', wanted: rules.industries.join(', '), value: industries.length ? industries.join(', ') : null, matched: lower(industries).some((i) => wanted.includes(i)) });
  }
  if (rules.countries?.length) {
    checks.push({ rule: 'countries', wanted: rules.countries.join(', '), value: person.country, matched: person.country !== null && lower(rules.countries).includes(person.country.toLowerCase()) });
  }
  return checks;
}

export function matchesIcp(rules: IcpRules | null, person: IcpPerson): boolean {
  const checks = checkIcp(rules, person);
  return checks.length > 0 && checks.every((c) => c.matched);
}

const NonEmptyStrings = Type.Array(Type.String({ pattern: '\\S', errorMessage: 'must be a non-empty string' }), { errorMessage: 'must be an array of strings' });
const KNOWN_RULES = ['job_title_keywords', 'seniorities', 'company_size', 'industries', 'countries'];
const Size = Type.Integer({ minimum: 0, errorMessage: 'must be a whole number of at least 0' });

/** The rules file, one schema: what a rule may hold, and every message an operator gets. */
export const IcpRulesSchema = Type.Object(
  {
    job_title_keywords: Type.Optional(NonEmptyStrings),
    seniorities: Type.Optional(
      Type.Array(Type.Union(SENIORITIES.map((s) => Type.Literal(s)), { errorMessage: `must be one of ${SENIORITIES.join(', ')}` }), { errorMessage: 'must be an array of strings' }),
    ),
    company_size: Type.Optional(
      Type.Object(
        { min: Type.Optional(Size), max: Type.Optional(Size) },
        { additionalProperties: false, errorMessage: 'must be an object with min and/or max', unknownMessage: 'unknown field (known: min, max)' },
      ),
    ),
    industries: Type.Optional(NonEmptyStrings),
    countries: Type.Optional(NonEmptyStrings),
  },
  { additionalProperties: false, errorMessage: 'must be an object', unknownMessage: `unknown rule (known: ${KNOWN_RULES.join(', ')})` },
);

/** Validates a parsed JSON document; the error names the offending path (e.g. `$.company_size.min`). */
export function parseIcpRules(doc: unknown): IcpRules {
  const problem = firstSchemaProblem(IcpRulesSchema, doc);
  if (problem) throw new IcpRulesError(problem.path, problem.message);
  const rules = doc as IcpRules;
  const size = rules.company_size;
  if (size?.min !== undefined && size.max !== undefined && size.min > size.max) throw new IcpRulesError('$.company_size', 'min must not exceed max');
  const trimmed = (values: string[] | undefined) => values?.map((v) => v.trim());
  const out: IcpRules = {};
  for (const key of ['job_title_keywords', 'industries', 'countries'] as const) if (rules[key] !== undefined) out[key] = trimmed(rules[key]);
  if (rules.seniorities !== undefined) out.seniorities = rules.seniorities;
  if (size !== undefined) out.company_size = { ...size };
  return out;
}

/** `path` names the offending place (`$.company_size.min`), so a form can show the message beside its field. */
export class IcpRulesError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`${path}: ${reason}`);
  }
}
