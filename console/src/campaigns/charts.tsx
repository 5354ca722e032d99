// Small inline SVG charts: a few hundred bytes of code instead of a chart library (docs/console.md).
// Each chart has a text alternative (a title and a table or a label), so it is read, not only seen.
import type { CampaignStats } from './types';

const SERIES = [
  { key: 'invitations', label: 'Invitations', color: '#12355b' },
  { key: 'acceptances', label: 'Acceptances', color: '#2e8540' },
  { key: 'replies', label: 'Replies', color: '#f5a623' },
] as const;

/** Grouped bars per day for invitations, acceptances and replies; the same numbers in a table under a disclosure. */
export function DayBars({ days }: { days: CampaignStats['days'] }) {
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const slot = 30;
  const bar = 8;
  const height = 120;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${days.length * slot} ${height + 16}`} role="img" aria-labelledby="day-bars-title">
        <title id="day-bars-title">Invitations, acceptances and replies per day, last {days.length} days</title>
        {days.map((d, i) =>
          SERIES.map((s, j) => {
            const h = (d[s.key] / max) * height;
            return <rect x={i * slot + 3 + j * bar} y={height - h} width={bar - 1} height={h} fill={s.color}><title>{`${d.day} ${s.label}: ${d[s.key]}`}</title></rect>;
          }),
        )}
        {days.map((d, i) => (i % 2 === 0 ? <text x={i * slot + 2} y={height + 12} font-size="8">{d.day.slice(5)}</text> : null))}
      </svg>
      <figcaption class="legend">{SERIES.map((s) => <span><i style={{ background: s.color }} /> {s.label}</span>)}</figcaption>
      <details>
        <summary>Figures per day</summary>
        <table>
          <thead><tr><th scope="col">Day (UTC)</th>{SERIES.map((s) => <th scope="col">{s.label}</th>)}</tr></thead>
          <tbody>{days.map((d) => <tr><th scope="row">{d.day}</th>{SERIES.map((s) => <td>{d[s.key]}</td>)}</tr>)}</tbody>
        </table>
      </details>
    </figure>
  );
}

/** A used/limit bar; past 100 % it is shown full and flagged. */
export function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const share = limit === 0 ? 1 : Math.min(1, used / limit);
  return (
    <div class="meter">
      <span>{label}: {used} / {limit}</span>
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={`${label}: ${used} of ${limit}`}>
        <rect width="100" height="8" fill="#ddd" />
        <rect width={share * 100} height="8" fill={share >= 1 ? '#a00' : '#12355b'} />
      </svg>
    </div>
  );
}
