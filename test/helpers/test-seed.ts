// Randomised tests draw from one seed per test file: WARMLINE_TEST_SEED when set (to replay a
// failure), else a fresh one. The seed is printed, and fast-check is seeded with it too, so a
// failing run names the value that reproduces it.
import fc from 'fast-check';
import { Prng } from '../../src/demo/prng.js';

const fromEnv = process.env.WARMLINE_TEST_SEED;

function chooseSeed(): number {
  if (fromEnv === undefined || fromEnv === '') return (Math.random() * 2 ** 31) >>> 0;
  if (!/^\d+$/.test(fromEnv)) throw new Error(`WARMLINE_TEST_SEED must be a whole number, not ${JSON.stringify(fromEnv)}`);
  return Number(fromEnv) >>> 0;
}

/** Call once at the top of a randomised test file: its seed, a PRNG drawing from it, and fast-check set to it. */
export function useTestSeed(file: string): { seed: number; prng: Prng } {
  const seed = chooseSeed();
  console.info(`${file}: seed ${seed} (replay with WARMLINE_TEST_SEED=${seed})`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
  return { seed, prng: new Prng(seed) };
}
