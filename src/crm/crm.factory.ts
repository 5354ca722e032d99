// What every CRM adapter's factory is given by the composition root: the store (the gate's rate
// window), the clock, the token box (opened on first use) and the time limit of a call.
import type { Db } from '../db/database.js';
import type { StoredBinding } from '../network/bindings.js';
import type { Clock } from '../shared/clock.js';
import type { SecretBox } from '../shared/secret-box.js';
import { DbGate, type CallWindow } from './crm.gate.js';

export interface CrmFactoryDeps {
  db: Db;
  clock: Clock;
  tokenBox: () => SecretBox;
  timeoutMs: number;
}

/** The binding's token, opened, and the workspace's gate over `window`. */
export function openBinding(deps: CrmFactoryDeps, binding: StoredBinding, window: CallWindow) {
  if (!binding.credentials) throw new Error(`workspace ${binding.workspaceId} is bound to ${binding.provider} without a token: bind it again`);
  return { token: deps.tokenBox().open(binding.credentials), gate: new DbGate(deps.db, binding.workspaceId, deps.clock, window) };
}
