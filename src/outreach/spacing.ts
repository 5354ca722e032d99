// Spacing between a sender's actions, drawn from the engine's own seeded random source (by the
// sender and its action count), so runs are reproducible.
import type { SeededRandom } from '../shared/random.js';
import type { OutreachLimits } from './limits.js';

export function spacingMs(random: SeededRandom, workspaceId: string, memberId: string, actions: number, limits: OutreachLimits): number {
  const span = limits.maxSpacingSeconds - limits.minSpacingSeconds;
  return Math.round((limits.minSpacingSeconds + random.fraction(workspaceId, memberId, String(actions)) * span) * 1000);
}
