// A fresh installation gets a usable workspace full of believable data and a key, so
// `npm start` is enough to try the API.
import { createApiKey } from '../auth/api-keys.service.js';
import type { AppContext } from '../context.js';
import { importSnapshot } from '../snapshot/snapshot.import.js';
import { SandboxNetwork } from '../network/sandbox/sandbox.network.js';
import { listTeamMembers, listWorkspaces } from '../workspace/workspace.repository.js';
import { demoSnapshotStream } from './demo-snapshot.js';

export interface FirstRunResult {
  workspaceId: string;
  apiKey: string;
}

/** Imports the demo workspace and creates its first key when the database has no workspace yet. */
export async function prepareFirstRun(ctx: AppContext): Promise<FirstRunResult | null> {
  const db = ctx.database.db;
  if ((await listWorkspaces(db)).length > 0) return null;
  const { workspaceId } = await importSnapshot(db, ctx.clock, demoSnapshotStream({ now: ctx.clock.now() }), { dialect: ctx.database.dialect });
  // The demo's CONNECTED member is connected on the sandbox too, so the worker syncs its
  // engagement at once and new leads, scores and feeds appear within the first minute.
  if (ctx.network instanceof SandboxNetwork) {
    for (const m of await listTeamMembers(db, workspaceId)) {
      if (m.integration_status === 'CONNECTED') await ctx.network.connectAccount({ workspaceId, teamMemberId: m.id });
    }
  }
  const { key } = await createApiKey(db, ctx.clock, workspaceId, 'demo key (first run)');
  return { workspaceId, apiKey: key };
}
