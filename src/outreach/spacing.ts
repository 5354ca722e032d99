// Seeded randomness for the engine: spacing between a sender's actions is drawn from a hash of
// the seed, the sender and its action count, so runs are reproducible (never Math.random).
import { createHash } from 'node:crypto';
import type { OutreachLimits } from './limits.js';

export function fraction(seed: string, ...parts: string[]): number {
  return createHash('sha256').update([seed, ...parts].join('\u0000')).digest().readUInt32BE(0) / 2 ** 32;
}

export function spacingMs(seed: string, workspaceId: string, memberId: string, actions: number, limits: OutreachLimits): number {
  const span = limits.maxSpacingSeconds - limits.minSpacingSeconds;
  return Math.round((limits.minSpacingSeconds + fraction(seed, workspaceId, memberId, String(actions)) * span) * 1000);
}
