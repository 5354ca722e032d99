// What a Unipile provider keeps in the database (budgets, relations), on a fresh migrated SQLite
// file, for tests that build the provider by hand around a MemoryLedger and a directory of links.
import { connectDb } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { AccountBudget, type BudgetOptions } from '../../src/network/unipile/unipile.budget.js';
import type { SendLedger } from '../../src/network/unipile/unipile.ledger.js';
import type { AccountDirectory, UnipileStores } from '../../src/network/unipile/unipile.network.js';
import { DbRelations } from '../../src/network/unipile/unipile.relations.js';
import type { Clock } from '../../src/shared/clock.js';
import { createWorkspace } from '../../src/workspace/workspace.service.js';
import { createTestDatabase } from './dialects.js';

export async function unipileStores(workspaceId: string, clock: Clock, accounts: AccountDirectory, ledger: SendLedger, budget: Partial<BudgetOptions> = {}, random?: () => number) {
  const database = await createTestDatabase('sqlite');
  const handle = connectDb(database.target);
  await migrateToLatest(handle.db);
  await createWorkspace(handle.db, clock, workspaceId, workspaceId);
  const stores: UnipileStores = { accounts, ledger, budget: new AccountBudget(handle.db, workspaceId, clock, budget, random), relations: new DbRelations(handle.db, workspaceId) };
  return {
    stores,
    db: handle.db,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
