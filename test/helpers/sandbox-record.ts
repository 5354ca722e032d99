// What the network itself received (sandbox_invitations, sandbox_messages), checked against the
// outreach guarantees: each invitation and follow-up at most once, every cap held. Senders are
// in UTC, so a calendar day is a UTC day.
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { sandboxDb } from '../../src/network/sandbox/sandbox.table.js';
import type { OutreachLimits } from '../../src/outreach/limits.js';

const DAY = 86_400_000;

export interface SandboxRecord {
  invitations: { team_member_id: string; contact_urn: string; sent_at: number; accept_at: number | null; withdrawn_at: number | null }[];
  messages: { team_member_id: string; contact_urn: string; sent_at: number }[];
  /** The most invitations one sender sent in one day. */
  busiestDay: number;
}

export async function expectSandboxRecordWithin(productDb: Db, workspaceId: string, limits: OutreachLimits): Promise<SandboxRecord> {
  const db = sandboxDb(productDb);
  const invitations = (await db.selectFrom('sandbox_invitations').select(['team_member_id', 'contact_urn', 'sent_at', 'accept_at', 'withdrawn_at']).where('workspace_id', '=', workspaceId).orderBy('sent_at').execute())
    .map((i) => ({ ...i, sent_at: Number(i.sent_at), accept_at: nullableNumber(i.accept_at), withdrawn_at: nullableNumber(i.withdrawn_at) }));
  const messages = (await db.selectFrom('sandbox_messages').select(['team_member_id', 'contact_urn', 'sent_at']).where('workspace_id', '=', workspaceId).orderBy('sent_at').execute())
    .map((m) => ({ ...m, sent_at: Number(m.sent_at) }));

  const duplicates = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);
  expect(duplicates(invitations.map((i) => `${i.team_member_id}|${i.contact_urn}`)), 'a sender invited someone twice').toEqual([]);
  expect(duplicates(invitations.map((i) => i.contact_urn)), 'someone was invited twice').toEqual([]);
  expect(duplicates(messages.map((m) => m.contact_urn)), 'someone got two follow-ups').toEqual([]);

  let busiestDay = 0;
  const senders = new Set([...invitations, ...messages].map((x) => x.team_member_id));
  for (const sender of senders) {
    const sent = invitations.filter((i) => i.team_member_id === sender).map((i) => i.sent_at);
    const perDay = countPerDay(sent);
    busiestDay = Math.max(busiestDay, ...perDay.values());
    expect(Math.max(...perDay.values()), `daily invitations of ${sender}`).toBeLessThanOrEqual(limits.dailyInvitations);
    for (const at of sent) expect(sent.filter((t) => t > at - 7 * DAY && t <= at).length, `weekly invitations of ${sender}`).toBeLessThanOrEqual(limits.weeklyInvitations);
    const messaged = countPerDay(messages.filter((m) => m.team_member_id === sender).map((m) => m.sent_at));
    expect(Math.max(0, ...messaged.values()), `daily messages of ${sender}`).toBeLessThanOrEqual(limits.dailyMessages);
  }
  return { invitations, messages, busiestDay };
}

const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

function countPerDay(times: number[]): Map<number, number> {
  const days = new Map<number, number>();
  for (const t of times) days.set(Math.floor(t / DAY), (days.get(Math.floor(t / DAY)) ?? 0) + 1);
  return days;
}
