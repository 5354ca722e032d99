// A fresh installation gets a usable workspace full of believable data and a key, so
// `npm start` is enough to try the API.
import { createApiKey } from '../auth/api-keys.service.js';
import type { AppContext } from '../context.js';
import { importSnapshot } from '../snapshot/snapshot.import.js';
import { listWorkspaces } from '../workspace/workspace.repository.js';
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
  const { key } = await createApiKey(db, ctx.clock, workspaceId, 'demo key (first run)');
  return { workspaceId, apiKey: key };
}
