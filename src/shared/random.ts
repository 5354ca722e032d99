// Seeded randomness (architecture rule 3): a number fixed by a seed and the parts that name the
// draw, so runs are reproducible; never Math.random. Each user has its own seed.
import { createHash } from 'node:crypto';

export interface SeededRandom {
  /** A number in [0, 1) fixed by the seed and the parts. */
  fraction(...parts: string[]): number;
}

export function seededRandom(seed: string): SeededRandom {
  return {
    fraction: (...parts) => createHash('sha256').update([seed, ...parts].join('\u0000')).digest().readUInt32BE(0) / 2 ** 32,
  };
}
