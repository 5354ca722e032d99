// Operator use-cases of a workspace's CRM (docs/crm.md): bind it (the credentials checked with
// one call by the CRM's own adapter, handed in by the composition root; the token sealed at
// rest), unbind it, and read its status: the binding (never the token), the last successful call
// and sync, the counts pushed and pulled, the queue, the errors by kind and the leads skipped or
// refused with their reasons. Nothing is stored when a check fails.
import type { Db } from '../db/database.js';
import { CRM_NAMES, crmOptions, describePushRule, type CrmBindingOptions, type CrmName } from '../crm/crm.options.js';
import { clearSync, findSyncState, listErrors, outboxCounts, recentRefusals, syncState, updateSyncState } from '../crm/crm.repository.js';
import { NONE, type Binding } from '../network/bindings.js';
import { deleteBinding, findBinding, saveBinding } from '../network/bindings.repository.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import type { SecretBox } from '../shared/secret-box.js';
import { toIso } from '../shared/time.js';
import { requireWorkspace } from '../workspace/workspace.service.js';

/** What the operator gives at bind; only the CRM's own check reads it. */
export interface CrmBindInput {
  token: string;
  apiUrl?: string;
  ca?: string | null;
  /** Pipedrive's. */
  companyDomain?: string;
  /** HubSpot's: the contact property holding the profile URL. */
  profileProperty?: string;
  push: CrmBindingOptions['push'];
}

/** A CRM's check of a bind: the options to store (never the token) and the token to seal; a UsageError when refused. */
export type CrmBindCheck = (crm: CrmName, input: CrmBindInput) => Promise<{ options: CrmBindingOptions; credential: string }>;

export interface CrmOperatorDeps {
  db: Db;
  clock: Clock;
  tokenBox: () => SecretBox;
  checkCrm: CrmBindCheck;
}

/** Refuses a CRM name this build does not know (`none` unbinds). */
export function requireCrm(name: string): CrmName | typeof NONE {
  if (name === NONE || (CRM_NAMES as readonly string[]).includes(name)) return name as CrmName | typeof NONE;
  throw new UsageError(`unknown CRM "${name}" (one of ${[NONE, ...CRM_NAMES].join(', ')})`);
}

/** Binds the workspace to the CRM; the binding as stored, without its token. A refused token (a new bind) no longer holds the pushes. */
export async function bindCrm(deps: CrmOperatorDeps, workspaceId: string, crm: CrmName, input: CrmBindInput): Promise<Binding> {
  await requireWorkspace(deps.db, workspaceId);
  const { options, credential } = await deps.checkCrm(crm, input);
  const sealed = deps.tokenBox().seal(credential);
  const binding = { provider: crm, options: { ...options } };
  await deps.db.transaction().execute(async (tx) => {
    const previous = await findBinding(tx, workspaceId, 'crm');
    // Another CRM (or another account's) queue and cursors mean nothing here: it starts afresh.
    if (previous && previous.provider !== crm) await clearSync(tx, workspaceId);
    await saveBinding(tx, workspaceId, 'crm', binding, deps.clock.now(), sealed);
    await syncState(tx, workspaceId);
    await updateSyncState(tx, workspaceId, { auth_error: null, blocked_until: 0 });
  });
  return binding;
}

/** Binds the workspace to no CRM: nothing is pushed or pulled any more; the leads keep their crm_id. */
export async function unbindCrm(deps: Pick<CrmOperatorDeps, 'db'>, workspaceId: string): Promise<Binding> {
  await requireWorkspace(deps.db, workspaceId);
  await deps.db.transaction().execute(async (tx) => {
    await deleteBinding(tx, workspaceId, 'crm');
    await clearSync(tx, workspaceId);
  });
  return { provider: NONE, options: {} };
}

export interface CrmStatus {
  workspace_id: string;
  crm: { provider: string; api_url: string | null; company_domain: string | null; push_rule: string | null };
  /** Why the CRM refuses the token (pushes wait for a new bind); null when it does not. */
  token_refused: string | null;
  last_success_at: string | null;
  last_sync_at: string | null;
  /** Until when the CRM asked to be left alone (429's Retry-After). */
  waiting_until: string | null;
  pushed: number;
  pulled: number;
  queue: Record<string, number>;
  errors: Record<string, { count: number; last_at: string; last_message: string | null }>;
  /** The latest leads skipped or refused, with their reasons. */
  refused: { lead_id: string; state: string; reason: string | null; at: string }[];
}

export async function crmStatus(db: Db, workspaceId: string, now: number): Promise<CrmStatus> {
  await requireWorkspace(db, workspaceId);
  const binding = await findBinding(db, workspaceId, 'crm');
  const options = binding ? crmOptions(JSON.parse(binding.options)) : null;
  const state = await findSyncState(db, workspaceId);
  const blocked = Number(state?.blocked_until ?? 0);
  const errors: CrmStatus['errors'] = {};
  for (const e of await listErrors(db, workspaceId)) errors[e.kind] = { count: Number(e.count), last_at: toIso(Number(e.last_at)), last_message: e.last_message };
  return {
    workspace_id: workspaceId,
    crm: {
      provider: binding?.provider ?? NONE,
      api_url: options?.api_url ?? null,
      company_domain: options?.company_domain ?? null,
      push_rule: options ? describePushRule(options.push) : null,
    },
    token_refused: state?.auth_error ?? null,
    last_success_at: toIso(state?.last_call_at == null ? null : Number(state.last_call_at)),
    last_sync_at: toIso(state?.last_sync_at == null ? null : Number(state.last_sync_at)),
    waiting_until: blocked > now ? toIso(blocked) : null,
    pushed: Number(state?.pushed ?? 0),
    pulled: Number(state?.pulled ?? 0),
    queue: Object.fromEntries((await outboxCounts(db, workspaceId)).map((r) => [r.state.toLowerCase(), Number(r.n)])),
    errors,
    refused: (await recentRefusals(db, workspaceId, 20)).map((r) => ({ lead_id: r.lead_id, state: r.state, reason: r.reason, at: toIso(Number(r.updated_at)) })),
  };
}

export function describeCrmStatus(s: CrmStatus): string {
  const lines = [`workspace ${s.workspace_id}: CRM ${s.crm.provider}${s.crm.api_url ? ` at ${s.crm.api_url}` : ''}`];
  if (s.crm.push_rule) lines.push(`  pushes leads with ${s.crm.push_rule}`);
  if (s.token_refused) lines.push(`  TOKEN REFUSED: ${s.token_refused} (pushes wait: bind again with a valid token)`);
  if (s.waiting_until) lines.push(`  the CRM asked to wait until ${s.waiting_until}`);
  lines.push(`  last successful call: ${s.last_success_at ?? 'none yet'}`, `  last sync: ${s.last_sync_at ?? 'none yet'}`, `  pushed: ${s.pushed}, pulled: ${s.pulled}`);
  const queue = Object.entries(s.queue);
  lines.push(queue.length === 0 ? '  queue: empty' : `  queue: ${queue.map(([k, n]) => `${n} ${k}`).join(', ')}`);
  const kinds = Object.entries(s.errors);
  lines.push(kinds.length === 0 ? '  errors: none' : '  errors by kind:');
  for (const [kind, e] of kinds) lines.push(`    ${kind}: ${e.count} (last ${e.last_at}${e.last_message ? `: ${e.last_message}` : ''})`);
  for (const r of s.refused) lines.push(`  lead ${r.lead_id} ${r.state.toLowerCase()}: ${r.reason ?? ''}`);
  return lines.join('\n');
}
