// The workspace's outreach limits: defaults, partial changes, every range bound on both sides,
// the cross-field rules, and a refused change that leaves the stored limits as they were.
import { expect, it } from 'vitest';
import { DEFAULT_LIMITS, loadLimits, setLimits, type OutreachLimits } from '../src/outreach/limits.js';
import { ManualClock } from '../src/shared/clock.js';
import { UsageError } from '../src/shared/errors.js';
import { createWorkspace } from '../src/workspace/workspace.service.js';
import { describeEachDialect, migratedDbForSuite } from './helpers/dialects.js';

// Written out rather than read from the code under test.
const RANGES: [keyof OutreachLimits, number, number][] = [
  ['dailyInvitations', 0, 200],
  ['weeklyInvitations', 0, 1000],
  ['dailyMessages', 0, 500],
  ['workStartHour', 0, 23],
  ['workEndHour', 1, 24],
  ['workDays', 5, 7],
  ['minSpacingSeconds', 1, 86_400],
  ['maxSpacingSeconds', 1, 86_400],
  ['withdrawAfterDays', 1, 365],
  ['reinviteAfterDays', 0, 365],
];

describeEachDialect('outreach limits', (dialect) => {
  const clock = new ManualClock(Date.parse('2025-06-02T09:00:00Z'));
  const db = migratedDbForSuite(dialect);
  const refusal = async (ws: string, changes: Partial<OutreachLimits>) => {
    const error = await setLimits(db(), clock, ws, changes).then(() => null, (e: unknown) => e);
    expect(error, JSON.stringify(changes)).toBeInstanceOf(UsageError);
    return (error as Error).message;
  };

  it('starts from the safe defaults and keeps what is not changed', async () => {
    const { id } = await createWorkspace(db(), clock, 'Limits');
    expect(await loadLimits(db(), id)).toEqual({
      dailyInvitations: 20, weeklyInvitations: 100, dailyMessages: 30, workStartHour: 9, workEndHour: 18, workDays: 5,
      minSpacingSeconds: 120, maxSpacingSeconds: 360, withdrawAfterDays: 21, reinviteAfterDays: 21,
    });
    expect(await setLimits(db(), clock, id, { dailyInvitations: 5, weeklyInvitations: undefined })).toEqual({ ...DEFAULT_LIMITS, dailyInvitations: 5 });
    expect(await setLimits(db(), clock, id, { workEndHour: 17 })).toEqual({ ...DEFAULT_LIMITS, dailyInvitations: 5, workEndHour: 17 });
    expect(await loadLimits(db(), id)).toEqual({ ...DEFAULT_LIMITS, dailyInvitations: 5, workEndHour: 17 });
  });

  it('accepts each bound and refuses one past it, or a fraction, naming the range', async () => {
    const { id } = await createWorkspace(db(), clock, 'Bounds');
    // Bounds that the cross-field rules would refuse are checked with the other field moved aside.
    const room: Partial<Record<keyof OutreachLimits, Partial<OutreachLimits>>> = {
      workStartHour: { workEndHour: 24 }, workEndHour: { workStartHour: 0 }, minSpacingSeconds: { maxSpacingSeconds: 86_400 }, maxSpacingSeconds: { minSpacingSeconds: 1 },
    };
    for (const [name, min, max] of RANGES) {
      for (const ok of [min, max]) expect((await setLimits(db(), clock, id, { ...room[name], [name]: ok }))[name], `${name} ${ok}`).toBe(ok);
      for (const bad of [min - 1, max + 1, min + 0.5]) expect(await refusal(id, { ...room[name], [name]: bad })).toBe(`${name} must be a whole number from ${min} to ${max}`);
    }
  });

  it('refuses working hours that end before they start, and a minimum spacing above the maximum', async () => {
    const { id } = await createWorkspace(db(), clock, 'Cross');
    expect(await refusal(id, { workStartHour: 10, workEndHour: 10 })).toBe('working hours must start before they end');
    expect(await refusal(id, { workStartHour: 11, workEndHour: 10 })).toBe('working hours must start before they end');
    expect((await setLimits(db(), clock, id, { workStartHour: 10, workEndHour: 11 })).workEndHour).toBe(11);
    expect(await refusal(id, { minSpacingSeconds: 61, maxSpacingSeconds: 60 })).toBe('the minimum spacing must not exceed the maximum');
    expect((await setLimits(db(), clock, id, { minSpacingSeconds: 60, maxSpacingSeconds: 60 })).minSpacingSeconds).toBe(60);
  });

  it('changes nothing when it refuses, and refuses an unknown workspace', async () => {
    const { id } = await createWorkspace(db(), clock, 'Untouched');
    await setLimits(db(), clock, id, { dailyInvitations: 7 });
    const before = await db().selectFrom('outreach_limits').selectAll().where('workspace_id', '=', id).execute();
    await refusal(id, { dailyInvitations: 3, weeklyInvitations: -1 });
    expect(await db().selectFrom('outreach_limits').selectAll().where('workspace_id', '=', id).execute()).toEqual(before);
    expect(await refusal('ws_missing', { dailyInvitations: 3 })).toBe('no workspace with id ws_missing');
    expect(await db().selectFrom('outreach_limits').selectAll().where('workspace_id', '=', 'ws_missing').execute()).toEqual([]);
  });
});
