// The fake's accounts list (GET /api/v1/accounts): what a token can see, the call `network bind`
// checks credentials with. In a file of its own so the fake's main routes stay untouched.
import type { FakeAccount } from './fake-unipile.js';
import type { ValidatorName } from './sdk-validators.js';

export function accountsRoute(key: string, url: URL, accounts: Map<string, FakeAccount>): { shape: ValidatorName; body: unknown } | null {
  if (key !== 'GET accounts') return null;
  const all = [...accounts.values()];
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const start = url.searchParams.get('cursor') ? Number(Buffer.from(url.searchParams.get('cursor')!, 'base64').toString()) : 0;
  const cursor = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64') : null;
  const items = all.slice(start, start + limit).map((a) => ({
    object: 'Account', type: 'LINKEDIN', id: a.id, name: `${a.owner.firstName} ${a.owner.lastName}`, created_at: '2025-06-01T09:00:00.000Z',
    connection_params: { im: { id: a.owner.providerId, username: `${a.owner.firstName} ${a.owner.lastName}`, premiumContractId: null } },
    sources: [{ id: `${a.id}_MESSAGING`, status: a.status === 'OK' ? 'OK' : 'ERROR' }], groups: [],
  }));
  return { shape: 'accountList', body: { object: 'AccountList', items, cursor } };
}
