// A fresh installation gets a usable workspace and a key, so `npm start` is enough to try the API.
import { createApiKey } from '../auth/api-keys.service.js';
import type { AppContext } from '../context.js';
import { listWorkspaces } from '../workspace/workspace.repository.js';
import { createWorkspace, grantCredits } from '../workspace/workspace.service.js';

export interface FirstRunResult {
  workspaceId: string;
  apiKey: string;
}

/** Creates the demo workspace and its first key when the database has no workspace yet. */
export async function prepareFirstRun(ctx: AppContext): Promise<FirstRunResult | null> {
  const db = ctx.database.db;
  if ((await listWorkspaces(db)).length > 0) return null;
  const { id } = await createWorkspace(db, ctx.clock, 'Demo workspace');
  await grantCredits(db, ctx.clock, id, 500, 'demo grant');
  const { key } = await createApiKey(db, ctx.clock, id, 'demo key (first run)');
  return { workspaceId: id, apiKey: key };
}
