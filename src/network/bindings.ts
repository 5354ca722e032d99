// What a workspace is bound to, in the operator's and the snapshot's terms. A workspace without a
// binding is bound to `none`: no engine touches it and its data changes only through the API and
// the CLI.
export type BindingService = 'network' | 'enrichment' | 'crm';

export const NONE = 'none';

export interface Binding {
  provider: string;
  /** The sandbox's: {activity, pace}; a real provider's own settings. Never secrets. */
  options: { activity?: boolean; pace?: number } & Record<string, unknown>;
}

/** A stored binding as a provider factory receives it. */
export interface StoredBinding extends Binding {
  workspaceId: string;
  /** Encrypted; only the provider decrypts it. */
  credentials: string | null;
}

export const UNBOUND: Binding = { provider: NONE, options: {} };

/**
 * A provider's own check of a binding that carries credentials (a real network's), made before
 * anything is stored: the form of what the operator gave, and one call that proves it. Answers
 * the options to store (never a secret) and the credential to seal; refuses with a UsageError.
 * The composition root hands the adapter's check to the operator's bind.
 */
export type BindingCheck<Input> = (input: Input) => Promise<{ options: Binding['options']; credential: string }>;
