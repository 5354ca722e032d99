// A workspace's binding to real enrichment vendors: the chain (`hunter,dropcontact`, asked in
// that order), each vendor's API key sealed at rest (one sealed JSON object, opened only here,
// when the waterfall is built), and the re-ask period. The operator's words for each refusal.
import type { StoredBinding } from '../network/bindings.js';
import type { SecretBox } from '../shared/secret-box.js';
import { UsageError } from '../shared/errors.js';
import { WaterfallEnrichment, type WaterfallHooks } from './waterfall.js';
import type { VendorFactory } from './vendor.js';

/** The re-ask period when the operator names none. */
export const DEFAULT_REASK_DAYS = 90;
const MOST_REASK_DAYS = 3650;

export interface ChainInput {
  vendors: string[];
  /** One API key per vendor, in the chain's order. */
  keys: string[];
  reaskDays: number;
}

/**
 * The vendor names of `text` (comma-separated), or a one-line refusal: unknown, repeated or none.
 * `providers`: every name the operator may bind, for the refusal of an unknown one.
 */
export function parseChain(text: string, known: readonly string[], providers: readonly string[] = known): string[] {
  const names = text.split(',').map((n) => n.trim().toLowerCase());
  if (names.some((n) => n === '')) throw new UsageError(`"${text}" is not a list of vendors such as hunter,dropcontact`);
  for (const name of names) if (!known.includes(name)) throw new UsageError(`unknown enrichment provider "${name}" (one of ${providers.join(', ')})`);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated) throw new UsageError(`enrichment vendor "${repeated}" is named twice in the chain`);
  return names;
}

/** A re-ask period in whole days from 1, or a one-line refusal. */
export function parseReaskDays(text: string): number {
  const t = text.trim();
  if (!/^-?\d+$/.test(t) || Number(t) < 1) throw new UsageError(`--reask-days must be a whole number of days from 1 (got "${text}")`);
  if (Number(t) > MOST_REASK_DAYS) throw new UsageError(`--reask-days must be at most ${MOST_REASK_DAYS} (got "${text}")`);
  return Number(t);
}

/** The binding to store (options, never a key) and the keys to seal, as one JSON object by vendor. */
export function chainBinding(input: ChainInput): { provider: string; options: { reask_days: number }; credential: string } {
  if (input.keys.length !== input.vendors.length) {
    throw new UsageError(`give one --key-file per vendor, in the chain's order (${input.vendors.length} vendor(s), ${input.keys.length} key file(s))`);
  }
  const empty = input.keys.findIndex((k) => k.trim() === '');
  if (empty >= 0) throw new UsageError(`the key file of ${input.vendors[empty]} is empty`);
  const keys = Object.fromEntries(input.vendors.map((v, i) => [v, input.keys[i]!.trim()]));
  return { provider: input.vendors.join(','), options: { reask_days: input.reaskDays }, credential: JSON.stringify(keys) };
}

/**
 * The registry's builder of a chain of vendors: each vendor built from its own key, opened from
 * the sealed credentials.
 */
export function chainOf(vendors: Readonly<Record<string, VendorFactory>>, keyBox: () => SecretBox, hooks: (workspaceId: string) => WaterfallHooks) {
  return {
    parts: Object.keys(vendors),
    build: (names: string[], binding: StoredBinding) => {
      if (binding.credentials === null) throw new Error(`the enrichment binding of workspace ${binding.workspaceId} has no keys`);
      const keys = JSON.parse(keyBox().open(binding.credentials)) as Record<string, string>;
      const reaskDays = Number(binding.options.reask_days ?? DEFAULT_REASK_DAYS);
      return new WaterfallEnrichment(names.map((n) => vendors[n]!(keys[n] ?? '')), reaskDays, hooks(binding.workspaceId));
    },
  };
}
