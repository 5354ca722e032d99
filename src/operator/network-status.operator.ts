// `warmline network status <workspace>`: what an operator needs to tell that a workspace's
// network works: the binding (never its token), each member's account and state, the last
// successful call, the last webhook, and the failures by kind (from network_call_outcomes).
import type { Db } from '../db/database.js';
import { lastDeliveryAt } from '../inbound/inbox.repository.js';
import { findBinding } from '../network/bindings.repository.js';
import { NONE } from '../network/bindings.js';
import { budgetUseOn, callOutcomes, linkedAccounts, type BudgetUse } from '../network/member-accounts.repository.js';
import { toIso } from '../shared/time.js';
import { listTeamMembers } from '../workspace/workspace.repository.js';
import { requireWorkspace } from '../workspace/workspace.service.js';

export interface NetworkStatus {
  workspace_id: string;
  network: { provider: string; dsn: string | null; pacing: Record<string, unknown> | null };
  members: { id: string; email: string; integration_status: string; account_id: string | null; network_urn: string | null }[];
  last_success_at: string | null;
  /** The latest delivery of the provider's webhooks kept in the inbox; null when none is. */
  last_webhook_at: string | null;
  errors: Record<string, { calls: number; last_at: string; last_message: string | null }>;
  /** Each account's use of each budget today (UTC), refusals included. */
  budgets: BudgetUse[];
}

/** `now`: the day whose budget use is shown (UTC). */
export async function networkStatus(db: Db, workspaceId: string, now: number): Promise<NetworkStatus> {
  await requireWorkspace(db, workspaceId);
  const binding = await findBinding(db, workspaceId, 'network');
  const options = binding ? (JSON.parse(binding.options) as { dsn?: string; pacing?: Record<string, unknown> }) : {};
  const links = new Map((await linkedAccounts(db, workspaceId)).map((l) => [l.team_member_id, l.account_id]));
  const members = (await listTeamMembers(db, workspaceId)).map((m) => ({
    id: m.id,
    email: m.email,
    integration_status: m.integration_status,
    account_id: links.get(m.id) ?? null,
    network_urn: m.network_urn ?? null,
  }));
  const outcomes = await callOutcomes(db, workspaceId);
  const lastWebhook = await lastDeliveryAt(db, workspaceId);
  const ok = outcomes.find((o) => o.outcome === 'ok');
  const errors: NetworkStatus['errors'] = {};
  for (const o of outcomes) if (o.outcome !== 'ok') errors[o.outcome] = { calls: Number(o.calls), last_at: toIso(Number(o.last_at)), last_message: o.last_message };
  return {
    workspace_id: workspaceId,
    network: { provider: binding?.provider ?? NONE, dsn: options.dsn ?? null, pacing: options.pacing ?? null },
    members,
    last_success_at: ok ? toIso(Number(ok.last_at)) : null,
    last_webhook_at: lastWebhook === null ? null : toIso(lastWebhook),
    errors,
    budgets: await budgetUseOn(db, workspaceId, now),
  };
}

/** The status as an operator reads it. */
export function describeNetworkStatus(s: NetworkStatus): string {
  const lines = [
    `workspace ${s.workspace_id}: network ${s.network.provider}${s.network.dsn ? ` at ${s.network.dsn}` : ''}`,
    `  last successful call: ${s.last_success_at ?? 'none yet'}`,
    `  last webhook: ${s.last_webhook_at ?? 'none yet'}`,
  ];
  if (s.network.pacing) lines.push(`  pacing: ${JSON.stringify(s.network.pacing)}`);
  lines.push(`  members (${s.members.length}):`);
  for (const m of s.members) lines.push(`    ${m.id} ${m.email} ${m.integration_status}${m.account_id ? ` account ${m.account_id}` : ' (no account linked)'}`);
  lines.push(s.budgets.length === 0 ? '  budgets used today: none' : '  budgets used today (UTC):');
  for (const b of s.budgets) lines.push(`    account ${b.account_id}: ${b.lookups} look-ups, ${b.invitations} invitations, ${b.messages} messages, ${b.withdrawals} withdrawals, ${b.refused} refused`);
  const kinds = Object.entries(s.errors);
  lines.push(kinds.length === 0 ? '  errors: none' : '  errors by kind:');
  for (const [kind, e] of kinds) lines.push(`    ${kind}: ${e.calls} (last ${e.last_at}${e.last_message ? `: ${e.last_message}` : ''})`);
  return lines.join('\n');
}
