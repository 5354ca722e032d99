// The simulated network as a NetworkWorld for the provider contract: its own levers (accounts,
// outside connections, injected failures) and a manual clock that lets invitations be answered.
import { connectDb } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { SandboxNetwork } from '../../src/network/sandbox/sandbox.network.js';
import { ManualClock } from '../../src/shared/clock.js';
import { createTestDatabase, type DialectName } from '../helpers/dialects.js';
import type { NetworkWorld } from './network-provider.contract.js';

const START = Date.UTC(2025, 2, 3, 9, 0, 0);

export async function sandboxWorld(dialect: DialectName): Promise<NetworkWorld> {
  const database = await createTestDatabase(dialect);
  const handle = connectDb(database.target);
  await migrateToLatest(handle.db);
  const clock = new ManualClock(START);
  const sandbox = new SandboxNetwork(handle.db, clock, { seed: 'contract' });
  const workspaceId = 'ws_contract';
  let members = 0;
  let contacts = 0;
  return {
    provider: sandbox,
    async connectedAccount() {
      const account = { workspaceId, teamMemberId: `tm_contract_${++members}` };
      await sandbox.connectAccount(account);
      return account;
    },
    async disconnect(account) {
      await sandbox.disconnectAccount(account);
    },
    // Whether someone accepts is fixed by the seed: take the next urn that answers as asked.
    async contact(account, { accepts }) {
      for (;;) {
        const urn = `ACocontract${++contacts}`;
        if (sandbox.accepts(account, urn) === accepts) return urn;
      }
    },
    unknownUrn: () => 'not-an-urn',
    async connectOutside(account, contactUrn) {
      await sandbox.addConnection(account, contactUrn);
    },
    async answerInvitations() {
      clock.advance(sandbox.options.acceptDelayMs);
    },
    failNextSend(kind) {
      sandbox.failNext(kind);
    },
    // The sandbox derives every account's posts and their engagement from the seed.
    async publishPostsWithEngagement() {},
    now: () => clock.now(),
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
