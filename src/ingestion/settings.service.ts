// Operator settings of ingestion per workspace: ICP rules, target accounts, enrichment policy.
// They apply to leads created or refreshed from then on (a lead's flags are recomputed whenever
// new engagement refreshes its profile).
import fs from 'node:fs';
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { requireWorkspace } from '../workspace/workspace.service.js';
import { ENRICHMENT_POLICIES, type EnrichmentPolicy } from './fold-rules.js';
import { IcpRulesError, parseIcpRules, type IcpRules } from './icp.js';

async function saveSettings(db: Db, workspaceId: string, now: number, values: { icp_rules?: string | null; enrichment_policy?: string }) {
  await db
    .insertInto('ingestion_settings')
    .values({ workspace_id: workspaceId, icp_rules: values.icp_rules ?? null, enrichment_policy: values.enrichment_policy ?? 'all', updated_at: now })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

/** Reads, validates and stores a workspace's ICP rules from a JSON file; errors name the file and the path in it. */
export async function setIcpRulesFromFile(db: Db, clock: Clock, workspaceId: string, file: string): Promise<IcpRules> {
  await requireWorkspace(db, workspaceId);
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
  try {
    return await setIcpRules(db, clock, workspaceId, doc);
  } catch (err) {
    if (err instanceof IcpRulesError) throw new UsageError(`${file}: ${err.message}`);
    throw err;
  }
}

/** Validates and stores a workspace's ICP rules (an IcpRulesError, and nothing stored, when they are invalid). */
export async function setIcpRules(db: Db, clock: Clock, workspaceId: string, doc: unknown): Promise<IcpRules> {
  const rules = parseIcpRules(doc);
  await saveSettings(db, workspaceId, clock.now(), { icp_rules: JSON.stringify(rules) });
  return rules;
}

export async function getIngestionSettings(db: Db, workspaceId: string) {
  await requireWorkspace(db, workspaceId);
  const row = await db.selectFrom('ingestion_settings').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
  return { icp_rules: row?.icp_rules ? (JSON.parse(row.icp_rules) as IcpRules) : null, enrichment_policy: (row?.enrichment_policy ?? 'all') as EnrichmentPolicy };
}

export async function setEnrichmentPolicy(db: Db, clock: Clock, workspaceId: string, policy: string) {
  await requireWorkspace(db, workspaceId);
  if (!(ENRICHMENT_POLICIES as readonly string[]).includes(policy)) throw new UsageError(`policy must be one of ${ENRICHMENT_POLICIES.join(', ')}`);
  await saveSettings(db, workspaceId, clock.now(), { enrichment_policy: policy });
  return { enrichment_policy: policy };
}

const accountValue = (raw: string) => {
  const value = raw.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]*$/.test(value)) throw new UsageError(`"${raw}" is not a company slug or numeric id`);
  return value;
};

export async function addTargetAccount(db: Db, clock: Clock, workspaceId: string, raw: string) {
  await requireWorkspace(db, workspaceId);
  const value = accountValue(raw);
  await db.insertInto('target_accounts').values({ workspace_id: workspaceId, value, created_at: clock.now() }).onConflict((oc) => oc.doNothing()).execute();
  return { value };
}

export async function removeTargetAccount(db: Db, workspaceId: string, raw: string) {
  const value = accountValue(raw);
  const result = await db.deleteFrom('target_accounts').where('workspace_id', '=', workspaceId).where('value', '=', value).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new UsageError(`${value} is not a target account of ${workspaceId}`);
  return { value };
}

export async function listTargetAccounts(db: Db, workspaceId: string) {
  await requireWorkspace(db, workspaceId);
  const rows = await db.selectFrom('target_accounts').select('value').where('workspace_id', '=', workspaceId).orderBy('value').execute();
  return rows.map((r) => r.value);
}
