// Safety limits per sender account, set per workspace (outreach_limits.settings JSON);
// anything not set takes the safe default.
import type { Db, DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { Clock } from '../shared/clock.js';
import { Type, type TInteger } from 'typebox';
import { InvalidSetting } from '../shared/errors.js';
import { firstSchemaProblem } from '../shared/schema-check.js';
import { requireWorkspace } from '../workspace/workspace.service.js';

export interface OutreachLimits {
  /** Invitations per calendar day in the sender's time zone. */
  dailyInvitations: number;
  /** Invitations per rolling 7 days. */
  weeklyInvitations: number;
  /** Messages per calendar day in the sender's time zone. */
  dailyMessages: number;
  /** Working hours, local to the sender, on working days: [start, end) in whole hours. */
  workStartHour: number;
  workEndHour: number;
  /** Working days a week, local to the sender: 5 Monday to Friday, 6 to Saturday, 7 every day. */
  workDays: number;
  /** Randomized spacing between two actions of one sender, in seconds. */
  minSpacingSeconds: number;
  maxSpacingSeconds: number;
  /** Pending invitations older than this are withdrawn. */
  withdrawAfterDays: number;
  /** A contact invited by any sender of the workspace within this time is not invited again. */
  reinviteAfterDays: number;
}

export const DEFAULT_LIMITS: OutreachLimits = {
  dailyInvitations: 20,
  weeklyInvitations: 100,
  dailyMessages: 30,
  workStartHour: 9,
  workEndHour: 18,
  workDays: 5,
  minSpacingSeconds: 120,
  maxSpacingSeconds: 360,
  withdrawAfterDays: 21,
  reinviteAfterDays: 21,
};

const RANGES: Record<keyof OutreachLimits, [number, number]> = {
  dailyInvitations: [0, 200],
  weeklyInvitations: [0, 1000],
  dailyMessages: [0, 500],
  workStartHour: [0, 23],
  workEndHour: [1, 24],
  workDays: [5, 7],
  minSpacingSeconds: [1, 86_400],
  maxSpacingSeconds: [1, 86_400],
  withdrawAfterDays: [1, 365],
  reinviteAfterDays: [0, 365],
};

/** The stored limits, one schema: each a whole number in its range, with the message an operator gets. */
const LimitsSchema = Type.Object(
  Object.fromEntries(
    (Object.entries(RANGES) as [keyof OutreachLimits, [number, number]][]).map(([name, [min, max]]) => [
      name,
      Type.Integer({ minimum: min, maximum: max, errorMessage: `${name} must be a whole number from ${min} to ${max}` }),
    ]),
  ) as Record<keyof OutreachLimits, TInteger>,
);

function validated(limits: OutreachLimits): OutreachLimits {
  const problem = firstSchemaProblem(LimitsSchema, limits);
  if (problem) throw new InvalidSetting(problem.path.replace(/^\$\.?/, ''), problem.message);
  if (limits.workStartHour >= limits.workEndHour) throw new InvalidSetting('workEndHour', 'working hours must start before they end');
  if (limits.minSpacingSeconds > limits.maxSpacingSeconds) throw new InvalidSetting('maxSpacingSeconds', 'the minimum spacing must not exceed the maximum');
  return limits;
}

const limitsQuery = prepared((db, p: { workspaceId: string }) => db.selectFrom('outreach_limits').select('settings').where('workspace_id', '=', p.workspaceId));

export async function loadLimits(db: DbOrTx, workspaceId: string): Promise<OutreachLimits> {
  const [row] = (await limitsQuery(db, { workspaceId })).rows;
  // Read back with the same check as written: a column edited by hand stops the engine with a message.
  return row ? validated({ ...DEFAULT_LIMITS, ...(JSON.parse(row.settings) as Partial<OutreachLimits>) }) : DEFAULT_LIMITS;
}

/** Changes some limits of a workspace; returns them all. */
export async function setLimits(db: Db, clock: Clock, workspaceId: string, changes: Partial<OutreachLimits>): Promise<OutreachLimits> {
  await requireWorkspace(db, workspaceId);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const limits = validated({ ...(await loadLimits(db, workspaceId)), ...defined });
  const settings = JSON.stringify(limits);
  await db
    .insertInto('outreach_limits')
    .values({ workspace_id: workspaceId, settings, updated_at: clock.now() })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ settings, updated_at: clock.now() }))
    .execute();
  return limits;
}
