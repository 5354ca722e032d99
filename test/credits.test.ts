// Granting credits: whole numbers of at least one, into an existing workspace, each grant one
// ledger entry (its reason, or "grant"), and the balance the ledger's sum.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDb, type DbHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ManualClock } from '../src/shared/clock.js';
import { UsageError } from '../src/shared/errors.js';
import { createWorkspace, getCreditBalance, grantCredits } from '../src/workspace/workspace.service.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './helpers/dialects.js';

describeEachDialect('credit grants', (dialect) => {
  let database: TestDatabase;
  let handle: DbHandle;
  const clock = new ManualClock(Date.parse('2025-06-02T09:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = connectDb(database.target);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  const ledger = (ws: string) => handle.db.selectFrom('credit_ledger').select(['delta', 'reason', 'created_at']).where('workspace_id', '=', ws).orderBy('created_at').execute();

  it('adds whole numbers of at least one, one ledger entry each, and sums them', async () => {
    const { id } = await createWorkspace(handle.db, clock, 'Credits');
    expect(await getCreditBalance(handle.db, id)).toEqual({ current_balance: 0, last_updated: null });
    expect(await grantCredits(handle.db, clock, id, 1, null)).toEqual({ current_balance: 1, last_updated: '2025-06-02T09:00:00Z' });
    clock.advance(60_000);
    expect(await grantCredits(handle.db, clock, id, 40, 'trial')).toEqual({ current_balance: 41, last_updated: '2025-06-02T09:01:00Z' });
    expect((await ledger(id)).map((e) => [Number(e.delta), e.reason])).toEqual([[1, 'grant'], [40, 'trial']]);
  });

  it('refuses zero, negative and fractional amounts and an unknown workspace, writing nothing', async () => {
    const { id } = await createWorkspace(handle.db, clock, 'Refused');
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 53]) {
      const error = await grantCredits(handle.db, clock, id, amount, null).then(() => null, (e: unknown) => e);
      expect(error, String(amount)).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe('amount must be a whole number of at least 1');
    }
    await expect(grantCredits(handle.db, clock, 'ws_missing', 5, null)).rejects.toThrow('no workspace with id ws_missing');
    expect(await ledger(id)).toEqual([]);
    expect(await ledger('ws_missing')).toEqual([]);
  });
});
