// engagement_score properties (fast-check): bounded, monotone in events, kind order, decay,
// diminishing returns, and the stored-mass shortcut (fold, re-score) equal to the definition.
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDb } from '../src/db/connect.js';
import { createTestDatabase, enabledDialects } from './helpers/dialects.js';
import { useTestSeed } from './helpers/test-seed.js';
import { decayFactor, foldMass, HALF_LIFE_MS, KIND_WEIGHTS, rescoreSql, scoreEvents, scoreOfMass, type ScoredEvent } from '../src/ingestion/scoring.js';

const NOW = Date.parse('2025-06-01T00:00:00Z');
useTestSeed('scoring');
const kind = fc.constantFrom('LIKE', 'COMMENT', 'SHARE') as fc.Arbitrary<ScoredEvent['kind']>;
const ev = fc.record({ kind, at: fc.integer({ min: NOW - 200 * 86_400_000, max: NOW }) });
const events = fc.array(ev, { maxLength: 40 });

describe('engagement score', () => {
  it('stays within 0..100 and is 0 without events', () => {
    expect(scoreEvents([], NOW)).toBe(0);
    fc.assert(fc.property(events, (es) => {
      const s = scoreEvents(es, NOW);
      return Number.isInteger(s) && s >= 0 && s <= 100;
    }));
  });

  it('never drops when an event is added', () => {
    fc.assert(fc.property(events, ev, (es, e) => {
      expect(scoreEvents([...es, e], NOW)).toBeGreaterThanOrEqual(scoreEvents(es, NOW));
    }));
  });

  it('weighs a comment over a repost over a reaction', () => {
    expect(KIND_WEIGHTS.COMMENT).toBeGreaterThan(KIND_WEIGHTS.SHARE);
    expect(KIND_WEIGHTS.SHARE).toBeGreaterThan(KIND_WEIGHTS.LIKE);
    const one = (k: ScoredEvent['kind']) => scoreEvents([{ kind: k, at: NOW }], NOW);
    expect(one('COMMENT')).toBeGreaterThan(one('SHARE'));
    expect(one('SHARE')).toBeGreaterThan(one('LIKE'));
  });

  it('decays as time passes, halving the mass every half-life', () => {
    fc.assert(fc.property(events, fc.integer({ min: 1, max: 400 * 86_400_000 }), (es, later) => scoreEvents(es, NOW + later) <= scoreEvents(es, NOW)));
    const e = [{ kind: 'COMMENT' as const, at: NOW }];
    expect(foldMass(0, NOW, e, NOW + HALF_LIFE_MS)).toBeCloseTo(KIND_WEIGHTS.COMMENT / 2, 10);
  });

  it('has diminishing returns: each further fresh comment adds less', () => {
    const gains = [1, 2, 3, 4, 5, 6].map((n) => scoreEvents(Array(n).fill({ kind: 'COMMENT', at: NOW }), NOW) - scoreEvents(Array(n - 1).fill({ kind: 'COMMENT', at: NOW }), NOW));
    for (let i = 1; i < gains.length; i++) expect(gains[i]!).toBeLessThanOrEqual(gains[i - 1]!);
  });

  it('gives the same mass folded page by page (then aged) as computed at once', () => {
    fc.assert(fc.property(events, events, fc.integer({ min: 0, max: 30 * 86_400_000 }), (a, b, gap) => {
      const first = foldMass(0, NOW, a, NOW);
      const later = NOW + gap;
      const folded = foldMass(first, NOW, b, later);
      const direct = foldMass(0, later, [...a, ...b], later);
      return Math.abs(folded - direct) < 1e-9 * Math.max(1, direct) && scoreOfMass(folded) === scoreOfMass(direct);
    }));
    expect(decayFactor(-5)).toBe(1);
  });
});

// The periodic re-score runs the same formula in SQL: it must agree with the definition.
for (const dialect of enabledDialects()) {
  describe(`engagement score in SQL [${dialect}]`, () => {
    it('re-scores a stored (mass, mass_at) exactly as scoreOfMass of the aged mass', async () => {
      const database = await createTestDatabase(dialect);
      const handle = connectDb(database.target);
      try {
        await sql`create table masses (id integer primary key, engagement_mass double precision not null, mass_at bigint not null)`.execute(handle.db);
        const DAY = 86_400_000;
        const rows = [[0, 0], [1, 0], [3, 0], [3, 14 * DAY], [10, 3 * DAY], [0.5, 100 * DAY], [40, 28 * DAY], [2.2, 7 * DAY + 123]].map(([mass, age], id) => ({ id, mass: mass!, at: NOW - age! }));
        for (const r of rows) await sql`insert into masses (id, engagement_mass, mass_at) values (${r.id}, ${r.mass}, ${r.at})`.execute(handle.db);
        const { score } = rescoreSql(NOW);
        const got = (await sql<{ id: number; score: number }>`select id, ${score} as score from masses order by id`.execute(handle.db)).rows;
        expect(got.map((g) => Number(g.score))).toEqual(rows.map((r) => scoreOfMass(r.mass * decayFactor(NOW - r.at))));
        expect(new Set(got.map((g) => Number(g.score))).size).toBeGreaterThan(4);
      } finally {
        await handle.close();
        await database.drop();
      }
    });
  });
}
