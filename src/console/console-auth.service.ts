// The console's sign-in: invitations, passwords, sessions and lock-out. Every token is random
// (256 bits) and stored only as its SHA-256 hash, like API keys.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { findTeamMember } from '../workspace/workspace.repository.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MINUTE = 60_000;

export const CONSOLE_LIMITS = {
  inviteTtlMs: 72 * 60 * MINUTE,
  sessionIdleMs: 12 * 60 * MINUTE,
  sessionAbsoluteMs: 7 * 24 * 60 * MINUTE,
  /** Failures counted over this window; at the limit the account (or address) is locked until they age out. */
  failureWindowMs: 15 * MINUTE,
  accountFailures: 5,
  addressFailures: 20,
  minPasswordLength: 10,
};

export type Role = 'admin' | 'member';
export interface ConsoleSession { workspaceId: string; memberId: string; role: Role; email: string; csrfToken: string }

/** The CSRF token is derived from the session token: only the session's holder can know it, nothing more is stored. */
export const csrfTokenFor = (sessionToken: string) => sha256(`csrf:${sessionToken}`);

export async function createInvite(db: Db, clock: Clock, workspaceId: string, memberId: string, role: Role): Promise<{ token: string; expiresAt: number }> {
  const member = await findTeamMember(db, workspaceId, memberId);
  if (!member) throw new UsageError(`no team member ${memberId} in workspace ${workspaceId}`);
  const now = clock.now();
  const existing = await db.selectFrom('console_credentials').select('member_id').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).executeTakeFirst();
  if (existing) await db.updateTable('console_credentials').set({ role, email: member.email.toLowerCase(), updated_at: now }).where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).execute();
  else await db.insertInto('console_credentials').values({ workspace_id: workspaceId, member_id: memberId, email: member.email.toLowerCase(), role, password_hash: null, updated_at: now }).execute();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + CONSOLE_LIMITS.inviteTtlMs;
  await db.insertInto('console_invites').values({ token_hash: sha256(token), workspace_id: workspaceId, member_id: memberId, expires_at: expiresAt, used_at: null }).execute();
  return { token, expiresAt };
}

/** The page where an invited member sets a password; the token stays in the fragment, out of server logs. */
export const inviteLink = (baseUrl: string, token: string) => `${baseUrl.replace(/\/$/, '')}/app/#/invite/${token}`;

export type ConsoleFailure = 'invalid_link' | 'weak_password' | 'bad_credentials' | 'locked';
export class ConsoleAuthError extends Error {
  constructor(readonly reason: ConsoleFailure) {
    super(reason);
  }
}

/** Sets the password through a one-time link; the link is spent and every session of the member ends. */
export async function acceptInvite(db: Db, clock: Clock, token: string, password: string): Promise<void> {
  if (password.length < CONSOLE_LIMITS.minPasswordLength) throw new ConsoleAuthError('weak_password');
  const now = clock.now();
  const invite = await db.selectFrom('console_invites').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!invite || invite.used_at !== null || invite.expires_at <= now) throw new ConsoleAuthError('invalid_link');
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const spent = await trx.updateTable('console_invites').set({ used_at: now }).where('token_hash', '=', invite.token_hash).where('used_at', 'is', null).executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new ConsoleAuthError('invalid_link');
    await trx.updateTable('console_credentials').set({ password_hash: passwordHash, updated_at: now }).where('workspace_id', '=', invite.workspace_id).where('member_id', '=', invite.member_id).execute();
    await trx.deleteFrom('console_sessions').where('workspace_id', '=', invite.workspace_id).where('member_id', '=', invite.member_id).execute();
  });
}

async function failures(db: Db, subject: string, since: number): Promise<number> {
  const row = await db.selectFrom('console_sign_in_failures').select((eb) => eb.fn.countAll<number>().as('n')).where('subject', '=', subject).where('failed_at', '>', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Email + password → a new session token. Locked accounts and addresses are refused before the password is checked. */
export async function signIn(db: Db, clock: Clock, email: string, password: string, address: string): Promise<{ token: string; session: ConsoleSession }> {
  const now = clock.now();
  const since = now - CONSOLE_LIMITS.failureWindowMs;
  const account = `account:${email.toLowerCase()}`;
  const from = `address:${address}`;
  if ((await failures(db, account, since)) >= CONSOLE_LIMITS.accountFailures || (await failures(db, from, since)) >= CONSOLE_LIMITS.addressFailures) throw new ConsoleAuthError('locked');
  // One email may be a member of several workspaces: the one whose password matches is signed in.
  const candidates = await db.selectFrom('console_credentials').selectAll().where('email', '=', email.toLowerCase()).where('password_hash', 'is not', null).orderBy('workspace_id').execute();
  let match = null;
  for (const c of candidates) if (await verifyPassword(password, c.password_hash!)) { match = c; break; }
  if (candidates.length === 0) await verifyPassword(password, DUMMY_HASH);
  if (!match) {
    await db.insertInto('console_sign_in_failures').values([{ subject: account, failed_at: now }, { subject: from, failed_at: now }]).execute();
    await db.deleteFrom('console_sign_in_failures').where('failed_at', '<=', since).execute();
    throw new ConsoleAuthError('bad_credentials');
  }
  await db.deleteFrom('console_sign_in_failures').where('subject', '=', account).execute();
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('console_sessions').values({ token_hash: sha256(token), workspace_id: match.workspace_id, member_id: match.member_id, created_at: now, last_seen_at: now }).execute();
  return { token, session: { workspaceId: match.workspace_id, memberId: match.member_id, role: match.role, email: match.email, csrfToken: csrfTokenFor(token) } };
}

/** The live session of a cookie's token (its idle clock restarted), or null when unknown or expired. */
export async function resumeSession(db: Db, clock: Clock, token: string): Promise<ConsoleSession | null> {
  const now = clock.now();
  const row = await db
    .selectFrom('console_sessions as s')
    .innerJoin('console_credentials as c', (j) => j.onRef('c.workspace_id', '=', 's.workspace_id').onRef('c.member_id', '=', 's.member_id'))
    .select(['s.token_hash', 's.workspace_id', 's.member_id', 's.created_at', 's.last_seen_at', 'c.role', 'c.email'])
    .where('s.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_seen_at + CONSOLE_LIMITS.sessionIdleMs <= now || row.created_at + CONSOLE_LIMITS.sessionAbsoluteMs <= now) {
    await db.deleteFrom('console_sessions').where('token_hash', '=', row.token_hash).execute();
    return null;
  }
  // Written at most once a minute: a page of requests does not make a page of writes.
  if (now - row.last_seen_at > MINUTE) await db.updateTable('console_sessions').set({ last_seen_at: now }).where('token_hash', '=', row.token_hash).execute();
  return { workspaceId: row.workspace_id, memberId: row.member_id, role: row.role, email: row.email, csrfToken: csrfTokenFor(token) };
}

/** Sign-out ends every session of the member, on every device. */
export async function signOutEverywhere(db: Db, session: ConsoleSession): Promise<void> {
  await db.deleteFrom('console_sessions').where('workspace_id', '=', session.workspaceId).where('member_id', '=', session.memberId).execute();
}

/** Who may use the console, member by member (a member without a link has no row). */
export async function consoleAccess(db: Db, workspaceId: string): Promise<Map<string, { role: Role; signed_up: boolean }>> {
  const rows = await db.selectFrom('console_credentials').select(['member_id', 'role', 'password_hash']).where('workspace_id', '=', workspaceId).execute();
  return new Map(rows.map((r) => [r.member_id, { role: r.role, signed_up: r.password_hash !== null }]));
}

/**
 * An admin's sign-in link for a member of their workspace, with the role it grants (changed at
 * once). An admin's own role is not theirs to change: a workspace cannot lose its last admin by a click.
 */
export async function inviteFromConsole(db: Db, clock: Clock, admin: ConsoleSession, memberId: string, role: Role) {
  if (memberId === admin.memberId && role !== admin.role) throw new UsageError('you cannot change your own role: another admin can');
  return createInvite(db, clock, admin.workspaceId, memberId, role);
}
