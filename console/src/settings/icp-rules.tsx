// The ICP rules as a form: every criterion given must match, any listed value within one does.
// The service checks them; its message is shown beside the field it names, and nothing is saved.
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe } from '../api';

type Rules = components['schemas']['ConsoleIcpRules'];
const SENIORITIES = ['c_level', 'vp', 'head', 'director', 'manager', 'individual'] as const;
const list = (v: string[] | undefined) => (v ?? []).join(', ');

function readRules(form: HTMLFormElement): Record<string, unknown> {
  const f = new FormData(form);
  const words = (name: string) => String(f.get(name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const number = (name: string) => (String(f.get(name) ?? '').trim() === '' ? undefined : Number(f.get(name)));
  const rules: Record<string, unknown> = {};
  for (const name of ['job_title_keywords', 'industries', 'countries']) if (words(name).length) rules[name] = words(name);
  const seniorities = f.getAll('seniorities').map(String);
  if (seniorities.length) rules.seniorities = seniorities;
  const size = { min: number('min'), max: number('max') };
  if (size.min !== undefined || size.max !== undefined) rules.company_size = size;
  return rules;
}

/** `['body', 'icp_rules', 'company_size', 'min']` → `company_size.min`; `seniorities[0]` → `seniorities`. */
const fieldOf = (loc: (string | number)[]) => loc.slice(2).filter((p) => typeof p === 'string').join('.');

export function IcpRules() {
  const [rules, setRules] = useState<Rules | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  useEffect(() => void api.GET('/app/api/settings/icp').then(({ data }) => setRules(data?.icp_rules ?? null)), []);
  const save = async (e: Event) => {
    e.preventDefault();
    setStatus('');
    const { data, error } = await api.PUT('/app/api/settings/icp', { body: { icp_rules: readRules(e.target as HTMLFormElement) } });
    if (data) {
      setErrors({});
      setRules(data.icp_rules);
      return setStatus('ICP rules saved');
    }
    const detail = (error as { detail?: unknown } | undefined)?.detail;
    if (Array.isArray(detail)) setErrors(Object.fromEntries(detail.map((d: { loc: (string | number)[]; msg: string }) => [fieldOf(d.loc) || 'form', d.msg])));
    else setErrors({ form: describe(error) });
  };
  const field = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `icp-error-${name.replace('.', '-')}` : undefined,
  });
  const message = (name: string) => errors[name] && <span id={`icp-error-${name.replace('.', '-')}`} class="error" role="alert">{errors[name]}</span>;
  if (rules === undefined) return null;
  const r = rules ?? {};
  return (
    <section aria-labelledby="icp-title">
      <h2 id="icp-title">ICP rules</h2>
      <p>A lead matches when every criterion given matches (any value within one). They apply to leads created or refreshed from now on.{rules === null && ' No rules yet: no lead matches.'}</p>
      {/* Uncontrolled fields (default values): a refusal keeps what was typed; a save re-keys the form to the stored rules. */}
      <form onSubmit={save} noValidate key={JSON.stringify(rules)}>
        <label>Job title keywords (comma-separated) <input name="job_title_keywords" defaultValue={list(r.job_title_keywords)} {...field('job_title_keywords')} />{message('job_title_keywords')}</label>
        <fieldset {...field('seniorities')}>
          <legend>Seniorities</legend>
          <div class="row">{SENIORITIES.map((s) => <label class="check"><input type="checkbox" name="seniorities" value={s} defaultChecked={r.seniorities?.includes(s)} /> {s.replace('_', ' ')}</label>)}</div>
          {message('seniorities')}
        </fieldset>
        <div class="row">
          <label>Company size, at least <input type="number" name="min" defaultValue={r.company_size?.min} {...field('company_size.min')} />{message('company_size.min')}</label>
          <label>Company size, at most <input type="number" name="max" defaultValue={r.company_size?.max} {...field('company_size.max')} />{message('company_size.max')}</label>
        </div>
        {message('company_size')}
        <label>Industries (comma-separated) <input name="industries" defaultValue={list(r.industries)} {...field('industries')} />{message('industries')}</label>
        <label>Countries (comma-separated) <input name="countries" defaultValue={list(r.countries)} {...field('countries')} />{message('countries')}</label>
        {message('form')}
        <button type="submit">Save ICP rules</button>
        {status && <p role="status">{status}</p>}
      </form>
    </section>
  );
}
