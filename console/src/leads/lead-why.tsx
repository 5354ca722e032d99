// Why a lead has its score and ICP flag: its engagement events with what each adds, and each ICP
// rule against the lead (GET /app/api/leads/{lead_id}/why, computed by the scoring code itself).
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type LeadWhy as Why } from '../api';

const RULES: Record<Why['icp']['checks'][number]['rule'], string> = {
  job_title_keywords: 'Job title keywords', seniorities: 'Seniority', company_size: 'Company size', industries: 'Industry', countries: 'Country',
};

export function LeadWhy({ id, version }: { id: string; version: unknown }) {
  const [why, setWhy] = useState<Why | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.GET('/app/api/leads/{lead_id}/why', { params: { path: { lead_id: id } } }).then(({ data, error }) => {
      setWhy(data ?? null);
      setError(data ? '' : describe(error));
    });
  }, [id, version]);
  if (error) return <p role="alert" class="error">{error}</p>;
  if (!why) return null;
  return (
    <section aria-labelledby="why-heading">
      <h3 id="why-heading">Why this score</h3>
      <p data-testid="score-now">
        Score now {why.score_now} of 100 from {why.events_count} engagement event{why.events_count === 1 ? '' : 's'}
        {why.scored_from === 'snapshot'
          ? ' (as imported: the events came as the history below, not one by one, so the score stays as imported until the lead engages again).'
          : ` (each weighs its kind, halved every ${why.half_life_days} days).`}
      </p>
      {why.events.length > 0 && (
        <table>
          <caption>Engagement events</caption>
          <thead><tr><th scope="col">When</th><th scope="col">Kind</th><th scope="col">Weight</th><th scope="col">Adds now</th></tr></thead>
          <tbody>
            {why.events.map((e) => (
              <tr key={e.id} data-event-id={e.id}><td>{e.at.slice(0, 10)}</td><td>{e.kind}</td><td>{e.weight}</td><td>{e.mass.toFixed(2)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Why {why.icp.is_icp_match ? '' : 'not '}an ICP match</h3>
      {why.icp.set_by === 'member' && <p>Set by a member; ICP rules no longer change it.</p>}
      {why.icp.checks.length === 0 ? (
        <p>The workspace has no ICP rules, so no lead matches.</p>
      ) : (
        <table>
          <caption>The ICP rules as they are now (every one must match; the flag was set when the lead last engaged)</caption>
          <thead><tr><th scope="col">Rule</th><th scope="col">Wanted</th><th scope="col">This lead</th><th scope="col">Match</th></tr></thead>
          <tbody>
            {why.icp.checks.map((c) => (
              <tr key={c.rule} data-rule={c.rule}><td>{RULES[c.rule]}</td><td>{c.wanted}</td><td>{c.value ?? 'unknown'}</td><td>{c.matched ? 'yes' : 'no'}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {why.is_account_based && <p>Works at a target account.</p>}
    </section>
  );
}
