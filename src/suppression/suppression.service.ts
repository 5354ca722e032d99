// The suppression list: people at these companies or with emails at these domains are never
// turned into leads by ingestion and never invited by campaigns. The do-not-process list (people
// erased on request, `person forget`) is checked with it: kept as digests of the person's network
// id and email, so it names no one yet is recognised by every engine.
import type { Db, DbOrTx } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { toIso } from '../shared/time.js';
import { requireWorkspace } from '../workspace/workspace.service.js';
import { createHash } from 'node:crypto';
import * as repo from './suppression.repository.js';
import { listDoNotProcess } from './do-not-process.repository.js';
import { listCustomers } from './customers.repository.js';
import { SUPPRESSION_KINDS, type SuppressionKind } from '../db/schema/suppression.table.js';

/** What is known of a person when deciding whether they are suppressed. */
export interface PersonFacts {
  companyId?: number | null;
  companySlug?: string | null;
  email?: string | null;
  /** The person's network id. */
  urn?: string | null;
}

/** The do-not-process entries of a person: a digest of each identifier known (network id, email). */
export function personDigests(person: { urn?: string | null; email?: string | null }): string[] {
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');
  return [...(person.urn ? [digest(`urn:${person.urn}`)] : []), ...(person.email ? [digest(`email:${person.email.trim().toLowerCase()}`)] : [])];
}

/** Whether a person is on the workspace's do-not-process list (erased on request). */
export async function loadForgotten(db: DbOrTx, workspaceId: string): Promise<(person: { urn?: string | null; email?: string | null }) => boolean> {
  const digests = new Set(await listDoNotProcess(db, workspaceId));
  return (person) => digests.size > 0 && personDigests(person).some((d) => digests.has(d));
}

export function normalize(kind: string, raw: string): { kind: SuppressionKind; value: string } {
  if (!(SUPPRESSION_KINDS as readonly string[]).includes(kind)) throw new UsageError(`kind must be one of ${SUPPRESSION_KINDS.join(', ')}`);
  const value = raw.trim().toLowerCase().replace(/^@/, '');
  if (kind === 'domain' && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(value)) throw new UsageError(`"${raw}" is not an email domain`);
  if (value === '') throw new UsageError('a value is required');
  return { kind: kind as SuppressionKind, value };
}

export async function addSuppression(db: Db, clock: Clock, workspaceId: string, kind: string, raw: string) {
  await requireWorkspace(db, workspaceId);
  const entry = normalize(kind, raw);
  await repo.insertSuppression(db, { workspace_id: workspaceId, ...entry, created_at: clock.now() });
  return entry;
}

export async function removeSuppression(db: Db, workspaceId: string, kind: string, raw: string) {
  const entry = normalize(kind, raw);
  if (!(await repo.deleteSuppression(db, workspaceId, entry.kind, entry.value))) {
    throw new UsageError(`${entry.kind} ${entry.value} is not on the suppression list of ${workspaceId}`);
  }
  return entry;
}

export async function listSuppressionEntries(db: Db, workspaceId: string) {
  const rows = await repo.listSuppressions(db, workspaceId);
  return rows.map((r) => ({ kind: r.kind, value: r.value, created_at: toIso(r.created_at) }));
}

/** Loads the list once and answers for many people (ingestion and campaigns check in bulk). */
export async function loadSuppressionMatcher(db: DbOrTx, workspaceId: string): Promise<(person: PersonFacts) => boolean> {
  const [rows, forgotten] = await Promise.all([repo.listSuppressions(db, workspaceId), loadForgotten(db, workspaceId)]);
  const companies = new Set(rows.filter((r) => r.kind === 'company').map((r) => r.value));
  const domains = new Set(rows.filter((r) => r.kind === 'domain').map((r) => r.value));
  return (person) => {
    if (forgotten(person)) return true;
    if (person.companyId != null && companies.has(String(person.companyId))) return true;
    if (person.companySlug && companies.has(person.companySlug.toLowerCase())) return true;
    const domain = person.email?.split('@')[1]?.toLowerCase();
    return domain !== undefined && domains.has(domain);
  };
}

/**
 * The workspace's customers as its CRM says (docs/crm.md): campaigns never invite them. Matched by
 * email or network username, case aside. Apart from the list above: a customer engaging with a
 * post still becomes a lead, and the sales team sees it.
 */
export async function loadCustomerMatcher(db: DbOrTx, workspaceId: string): Promise<(person: { email?: string | null; username?: string | null }) => boolean> {
  const rows = await listCustomers(db, workspaceId);
  const emails = new Set(rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])));
  const usernames = new Set(rows.flatMap((r) => (r.username ? [r.username.toLowerCase()] : [])));
  return (person) => (person.email != null && emails.has(person.email.toLowerCase())) || (person.username != null && usernames.has(person.username.toLowerCase()));
}
