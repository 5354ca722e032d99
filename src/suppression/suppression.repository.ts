import type { DbOrTx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { SuppressionKind, SuppressionsTable } from '../db/schema/suppression.table.js';

export function insertSuppression(db: DbOrTx, row: SuppressionsTable) {
  return db.insertInto('suppressions').values(row).onConflict((oc) => oc.columns(['workspace_id', 'kind', 'value']).doNothing()).execute();
}

export async function deleteSuppression(db: DbOrTx, workspaceId: string, kind: SuppressionKind, value: string): Promise<boolean> {
  const result = await db
    .deleteFrom('suppressions')
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const listSuppressionsQuery = prepared((db, p: { workspaceId: string }) =>
  db.selectFrom('suppressions').selectAll().where('workspace_id', '=', p.workspaceId).orderBy('kind').orderBy('value'),
);

/** Prepared: the outreach engine loads the list for every contact it considers. */
export async function listSuppressions(db: DbOrTx, workspaceId: string) {
  return (await listSuppressionsQuery(db, { workspaceId })).rows;
}

/** Many entries in few statements (a CSV upload): 500 rows a statement, well under either database's bound-parameter limit. */
export async function insertSuppressions(db: DbOrTx, rows: SuppressionsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto('suppressions').values(rows.slice(i, i + 500)).onConflict((oc) => oc.columns(['workspace_id', 'kind', 'value']).doNothing()).execute();
  }
}
