// The simulated network as a NetworkWorld: its own levers (accounts, outside connections,
// injected failures), a manual clock that lets invitations be answered, and its tables read as
// the network's record. Engine tests read the network through this, never the tables
// (docs/testing.md, "The provider contract").
import type { Db } from '../../src/db/database.js';
import { connectDb } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { NetworkProvider } from '../../src/network/provider.js';
import { SandboxNetwork } from '../../src/network/sandbox/sandbox.network.js';
import { ensureSandboxSchema } from '../../src/network/sandbox/sandbox.schema.js';
import { sandboxDb } from '../../src/network/sandbox/sandbox.table.js';
import { ManualClock, type Clock } from '../../src/shared/clock.js';
import { createTestDatabase, type DialectName } from '../helpers/dialects.js';
import type { NetworkRecord, NetworkWorld } from './network-provider.contract.js';

const START = Date.UTC(2025, 2, 3, 9, 0, 0);
const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

/** The world of a sandbox the service already runs on (a test server's or a context's). */
export function sandboxWorldOf(provider: NetworkProvider, db: Db, clock: Clock, close: () => Promise<void> = async () => {}): NetworkWorld {
  if (!(provider instanceof SandboxNetwork)) throw new Error('tests expect the sandbox network');
  const sandbox = provider;
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
      if (!(clock instanceof ManualClock)) throw new Error('answering invitations moves the clock: give the sandbox a ManualClock');
      clock.advance(sandbox.options.acceptDelayMs);
    },
    failNextSend(kind) {
      sandbox.failNext(kind);
    },
    // The sandbox derives every account's posts and their engagement from the seed.
    async publishPostsWithEngagement() {},
    now: () => clock.now(),
    async received(workspace): Promise<NetworkRecord> {
      const invitations = await sandboxDb(db).selectFrom('sandbox_invitations').selectAll().where('workspace_id', '=', workspace).orderBy('sent_at').orderBy('ref').execute();
      const messages = await sandboxDb(db).selectFrom('sandbox_messages').selectAll().where('workspace_id', '=', workspace).orderBy('sent_at').orderBy('ref').execute();
      return {
        invitations: invitations.map((i) => ({
          ref: i.ref, teamMemberId: i.team_member_id, contactUrn: i.contact_urn, note: i.note, sentAt: Number(i.sent_at),
          acceptedAt: nullableNumber(i.accept_at), withdrawnAt: nullableNumber(i.withdrawn_at),
        })),
        messages: messages.map((m) => ({ ref: m.ref, teamMemberId: m.team_member_id, contactUrn: m.contact_urn, text: m.body, sentAt: Number(m.sent_at) })),
      };
    },
    close,
  };
}

/** A sandbox of its own on a fresh database (the contract suite). */
export async function sandboxWorld(dialect: DialectName): Promise<NetworkWorld> {
  const database = await createTestDatabase(dialect);
  const handle = connectDb(database.target);
  await migrateToLatest(handle.db);
  await ensureSandboxSchema(handle.db);
  const clock = new ManualClock(START);
  const sandbox = new SandboxNetwork(sandboxDb(handle.db), clock, { seed: 'contract' });
  return sandboxWorldOf(sandbox, handle.db, clock, async () => {
    await handle.close();
    await database.drop();
  });
}
