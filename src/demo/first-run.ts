// A fresh installation gets a usable workspace full of believable data and a key, so
// `npm start` is enough to try the API.
import { createApiKey } from '../auth/api-keys.service.js';
import type { AppContext } from '../context.js';
import { importWorkspace } from '../workspace/import.operator.js';
import { listWorkspaces } from '../workspace/workspace.repository.js';
import { demoSnapshotStream } from './demo-snapshot.js';

export interface FirstRunResult {
  workspaceId: string;
  apiKey: string;
}

/**
 * Imports the demo workspace when the database has no workspace yet, bound to the simulated
 * network with activity and to the simulated enrichment vendor (the only workspace that is unless
 * an operator binds another), and creates its first key. The sandbox adopts the demo's members
 * and connections, so the worker syncs its engagement at once and new leads, scores and feeds
 * appear within the first minute.
 */
export async function prepareFirstRun(ctx: AppContext): Promise<FirstRunResult | null> {
  const db = ctx.database.db;
  if ((await listWorkspaces(db)).length > 0) return null;
  const deps = { db, clock: ctx.clock, networks: ctx.networks, enrichments: ctx.enrichments, sandbox: ctx.sandbox, dialect: ctx.database.dialect };
  const { workspaceId } = await importWorkspace(deps, demoSnapshotStream({ now: ctx.clock.now() }), {
    network: { provider: 'sandbox', options: { activity: true } },
    enrichment: { provider: 'sandbox', options: {} },
  });
  const { key } = await createApiKey(db, ctx.clock, workspaceId, 'demo key (first run)');
  return { workspaceId, apiKey: key };
}
