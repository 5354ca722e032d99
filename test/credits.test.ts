// Granting credits: whole numbers of at least one, into an existing workspace, each grant one
// ledger entry (its reason, or "grant"), and the balance the ledger's sum.
import { expect, it } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { UsageError } from '../src/shared/errors.js';
import { createWorkspace, getCreditBalance, grantCredits } from '../src/workspace/workspace.service.js';
import { describeEachDialect, migratedDbForSuite } from './helpers/dialects.js';

describeEachDialect('credit grants', (dialect) => {
  const clock = new ManualClock(Date.parse('2025-06-02T09:00:00Z'));
  const db = migratedDbForSuite(dialect);
  const ledger = (ws: string) => db().selectFrom('credit_ledger').select(['delta', 'reason', 'created_at']).where('workspace_id', '=', ws).orderBy('created_at').execute();

  it('adds whole numbers of at least one, one ledger entry each, and sums them', async () => {
    const { id } = await createWorkspace(db(), clock, 'Credits');
    expect(await getCreditBalance(db(), id)).toEqual({ current_balance: 0, last_updated: null });
    expect(await grantCredits(db(), clock, id, 1, null)).toEqual({ current_balance: 1, last_updated: '2025-06-02T09:00:00Z' });
    clock.advance(60_000);
    expect(await grantCredits(db(), clock, id, 40, 'trial')).toEqual({ current_balance: 41, last_updated: '2025-06-02T09:01:00Z' });
    expect((await ledger(id)).map((e) => [Number(e.delta), e.reason])).toEqual([[1, 'grant'], [40, 'trial']]);
    const ids = await db().selectFrom('credit_ledger').select('id').where('workspace_id', '=', id).execute();
    expect(ids.map((e) => e.id)).toEqual([expect.stringMatching(/^cr_[0-9a-z]{20}$/), expect.stringMatching(/^cr_[0-9a-z]{20}$/)]);
  });

  it('refuses zero, negative and fractional amounts and an unknown workspace, writing nothing', async () => {
    const { id } = await createWorkspace(db(), clock, 'Refused');
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 53]) {
      const error = await grantCredits(db(), clock, id, amount, null).then(() => null, (e: unknown) => e);
      expect(error, String(amount)).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe('amount must be a whole number of at least 1');
    }
    await expect(grantCredits(db(), clock, 'ws_missing', 5, null)).rejects.toThrow('no workspace with id ws_missing');
    expect(await ledger(id)).toEqual([]);
    expect(await ledger('ws_missing')).toEqual([]);
  });
});
