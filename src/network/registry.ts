// The one place that says which provider serves a workspace: built in the composition root from
// the provider factories, it answers from the workspace's stored binding. Providers are cached
// per workspace and rebuilt when the binding row changes, so a bind or unbind in another process
// (the CLI) takes effect at the next call here; nothing below asks the config.
import type { Db } from '../db/database.js';
import { NONE, type BindingService, type StoredBinding } from './bindings.js';
import { findBinding } from './bindings.repository.js';

/** A workspace's provider, or null when it is bound to none. */
export type ProviderFor<P> = (workspaceId: string) => Promise<P | null>;

export class BindingRegistry<P> {
  private readonly cache = new Map<string, { signature: string; provider: P }>();

  constructor(
    private readonly db: Db,
    readonly service: BindingService,
    /** A factory may be async: a real provider's SDK is loaded only by a process that meets a workspace bound to it. */
    private readonly factories: Readonly<Record<string, (binding: StoredBinding) => P | Promise<P>>>,
    /**
     * Providers made of several parts, bound as a comma-separated list of their names (an
     * enrichment waterfall, `hunter,dropcontact`), and how such a list is built.
     */
    private readonly composite: { parts: readonly string[]; build: (parts: string[], binding: StoredBinding) => P } = { parts: [], build: () => { throw new Error('no composite providers'); } },
  ) {}

  /** Names of the parts a composite provider is made of (empty when the service has none). */
  get parts(): readonly string[] {
    return this.composite.parts;
  }

  /** Whether `provider` is a list of parts (each known, none twice): a composite provider. */
  isComposite(provider: string): boolean {
    const names = provider.split(',');
    return names.every((n) => this.composite.parts.includes(n)) && new Set(names).size === names.length;
  }

  /** Provider names a workspace may be bound to, `none` first. */
  get providers(): string[] {
    return [NONE, ...Object.keys(this.factories)];
  }

  readonly resolve: ProviderFor<P> = async (workspaceId) => {
    const row = await findBinding(this.db, workspaceId, this.service);
    if (!row) {
      this.cache.delete(workspaceId);
      return null;
    }
    const signature = `${row.provider}\u0000${row.options}\u0000${row.updated_at}`;
    const cached = this.cache.get(workspaceId);
    if (cached?.signature === signature) return cached.provider;
    const factory = this.factories[row.provider] ?? (this.isComposite(row.provider) ? (b: StoredBinding) => this.composite.build(row.provider.split(','), b) : undefined);
    if (!factory) throw new Error(`workspace ${workspaceId} is bound to ${this.service} provider "${row.provider}", which this build does not have`);
    const provider = await factory({ workspaceId, provider: row.provider, options: JSON.parse(row.options), credentials: row.credentials });
    this.cache.set(workspaceId, { signature, provider });
    return provider;
  };
}
