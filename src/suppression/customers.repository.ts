// The workspace's customers as its CRM says (pulled by the CRM sync, docs/crm.md): campaigns
// never invite them. Kept apart from the operator's company and domain entries: a customer is
// one person, matched by email or network username.
import type { DbOrTx } from '../db/database.js';
import type { CrmCustomersTable } from '../db/schema/crm.table.js';

export async function addCustomers(db: DbOrTx, rows: CrmCustomersTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('crm_customers')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['workspace_id', 'crm_id']).doUpdateSet((eb) => ({ email: eb.ref('excluded.email'), username: eb.ref('excluded.username') })))
      .execute();
  }
}

export function listCustomers(db: DbOrTx, workspaceId: string) {
  return db.selectFrom('crm_customers').select(['email', 'username']).where('workspace_id', '=', workspaceId).execute();
}
