// Randomised tests draw from one seed per test file. By default it is fixed, so the suite runs
// the same cases every time (the property runs were sized for it); WARMLINE_TEST_SEED=<n>
// replays another seed, WARMLINE_TEST_SEED=random explores a fresh one. The seed is printed,
// and fast-check is seeded with it too, so a failing run names the value that reproduces it.
import fc from 'fast-check';
import { Prng } from '../../src/demo/prng.js';

const DEFAULT_SEED = 20250602;
const fromEnv = process.env.WARMLINE_TEST_SEED;

function chooseSeed(): number {
  if (fromEnv === undefined || fromEnv === '') return DEFAULT_SEED;
  if (fromEnv === 'random') return (Math.random() * 2 ** 31) >>> 0;
  if (!/^\d+$/.test(fromEnv)) throw new Error(`WARMLINE_TEST_SEED must be a whole number or "random", not ${JSON.stringify(fromEnv)}`);
  return Number(fromEnv) >>> 0;
}

/** Call once at the top of a randomised test file: its seed, a PRNG drawing from it, and fast-check set to it. */
export function useTestSeed(file: string): { seed: number; prng: Prng } {
  const seed = chooseSeed();
  console.info(`${file}: seed ${seed} (replay with WARMLINE_TEST_SEED=${seed})`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
  return { seed, prng: new Prng(seed) };
}
