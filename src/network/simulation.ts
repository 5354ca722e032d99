// What binding a workspace to the simulated network (the sandbox) does besides storing the
// binding: the network takes in the workspace's own state (its CONNECTED members become linked
// accounts, its connections relations, its pending invitations its own), in the binding's
// transaction, so a refused adoption binds nothing. The operator's use-cases hold this interface;
// the composition root hands them the sandbox's world.
import type { Db, DbOrTx } from '../db/database.js';
import type { SimulatedAccounts } from './provider.js';

export interface MemberToAdopt {
  id: string;
  email: string;
  integrationStatus: string;
  urn: string | null;
  username: string | null;
}

export interface ConnectionToAdopt {
  teamMemberId: string;
  contactUrn: string;
  /** CONNECTED | PENDING */
  state: string;
  since: number | null;
}

export interface StateToAdopt {
  members: MemberToAdopt[];
  connections: ConnectionToAdopt[];
}

export interface SimulatedNetwork extends SimulatedAccounts {
  /** Refuses (a UsageError naming the member) a workspace whose CONNECTED members it could not link; reads and writes nothing. */
  checkAdoptable(members: MemberToAdopt[]): void;
  /** Brings the simulation's own tables up to date (idempotent). */
  ensureTables(db: Db): Promise<void>;
  /** Takes in a workspace's own state, in the caller's transaction. */
  adopt(tx: DbOrTx, workspaceId: string, state: StateToAdopt): Promise<void>;
}
