// engagement_score, in one place (docs/ingestion.md "Scoring").
//
// Each event adds its kind's weight, halved every HALF_LIFE of age: the lead's "mass" is
//   mass(t) = Σ weight(kind) · 0.5^((t − at) / HALF_LIFE)
// and the score saturates it (diminishing returns with frequency):
//   score(t) = round(100 · (1 − e^(−mass(t) / SATURATION)))
// Exponential decay is memoryless, so a lead stores (engagement_mass, mass_at) and any later
// time only multiplies by one factor: folding a new event is O(1) per lead, and the periodic
// re-score is a single set-based UPDATE of engagement_score (rescoreSql, this formula in SQL).
import { sql, type RawBuilder } from 'kysely';
import { DAY_MS } from '../shared/time.js';

export type EngagementKind = 'LIKE' | 'COMMENT' | 'SHARE';

/** A comment costs the person the most effort, a repost spreads the post, a reaction is one click. */
export const KIND_WEIGHTS: Record<EngagementKind, number> = { COMMENT: 3, SHARE: 2, LIKE: 1 };
export const HALF_LIFE_MS = 14 * DAY_MS;
/** One fresh comment scores 53, two 78, five 98; one fresh reaction 22. */
export const SATURATION = 4;

/** The factor that ages a mass by `ageMs` (an event dated in the future counts as fresh). */
export function decayFactor(ageMs: number): number {
  return Math.pow(0.5, Math.max(0, ageMs) / HALF_LIFE_MS);
}

export function scoreOfMass(mass: number): number {
  return Math.round(100 * (1 - Math.exp(-Math.max(0, mass) / SATURATION)));
}

export interface ScoredEvent {
  kind: EngagementKind;
  at: number;
}

/** What one event adds to a mass at `now`: its kind's weight, aged. */
export function eventMass(event: ScoredEvent, now: number): number {
  return KIND_WEIGHTS[event.kind] * decayFactor(now - event.at);
}

/** The mass at `now` after adding `events` to a mass known at `massAt`. */
export function foldMass(mass: number, massAt: number, events: readonly ScoredEvent[], now: number): number {
  let total = mass * decayFactor(now - massAt);
  for (const e of events) total += eventMass(e, now);
  return total;
}

export interface ScoreExplanation<E extends ScoredEvent> {
  score: number;
  mass: number;
  events: (E & { weight: number; mass: number })[];
}

/** The score of `events` at `now` with each event's share of it: the lead drawer's "why". */
export function explainScore<E extends ScoredEvent>(events: readonly E[], now: number): ScoreExplanation<E> {
  const shares = events.map((e) => ({ ...e, weight: KIND_WEIGHTS[e.kind], mass: eventMass(e, now) }));
  const mass = foldMass(0, now, events, now);
  return { score: scoreOfMass(mass), mass, events: shares };
}

/** Score of a set of events at `now` (tests and the reference definition). */
export function scoreEvents(events: readonly ScoredEvent[], now: number): number {
  return scoreOfMass(foldMass(0, now, events, now));
}

/** The same formula in SQL over a lead's (engagement_mass, mass_at) at `now` (both dialects have pow and exp). */
export function rescoreSql(now: number): { score: RawBuilder<number> } {
  const aged = sql<number>`engagement_mass * pow(0.5, cast(${now} - mass_at as double precision) / ${HALF_LIFE_MS})`;
  return { score: sql<number>`round(100 * (1 - exp(-(${aged}) / ${SATURATION})))` };
}
