// What the network itself received (the world's record, not the service's), checked against the
// outreach guarantees: each invitation and follow-up at most once, every cap held. Senders are
// in UTC, so a calendar day is a UTC day.
import { expect } from 'vitest';
import type { OutreachLimits } from '../../src/outreach/limits.js';
import type { NetworkRecord, NetworkWorld } from '../contract/network-provider.contract.js';

const DAY = 86_400_000;

export interface CheckedRecord extends NetworkRecord {
  /** The most invitations one sender sent in one day. */
  busiestDay: number;
}

export async function expectNetworkRecordWithin(world: NetworkWorld, workspaceId: string, limits: OutreachLimits): Promise<CheckedRecord> {
  const { invitations, messages } = await world.received(workspaceId);

  const duplicates = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);
  expect(duplicates(invitations.map((i) => `${i.teamMemberId}|${i.contactUrn}`)), 'a sender invited someone twice').toEqual([]);
  expect(duplicates(invitations.map((i) => i.contactUrn)), 'someone was invited twice').toEqual([]);
  expect(duplicates(messages.map((m) => m.contactUrn)), 'someone got two follow-ups').toEqual([]);

  let busiestDay = 0;
  const senders = new Set([...invitations, ...messages].map((x) => x.teamMemberId));
  for (const sender of senders) {
    const sent = invitations.filter((i) => i.teamMemberId === sender).map((i) => i.sentAt);
    const perDay = countPerDay(sent);
    busiestDay = Math.max(busiestDay, ...perDay.values());
    expect(Math.max(...perDay.values()), `daily invitations of ${sender}`).toBeLessThanOrEqual(limits.dailyInvitations);
    for (const at of sent) expect(sent.filter((t) => t > at - 7 * DAY && t <= at).length, `weekly invitations of ${sender}`).toBeLessThanOrEqual(limits.weeklyInvitations);
    const messaged = countPerDay(messages.filter((m) => m.teamMemberId === sender).map((m) => m.sentAt));
    expect(Math.max(0, ...messaged.values()), `daily messages of ${sender}`).toBeLessThanOrEqual(limits.dailyMessages);
  }
  return { invitations, messages, busiestDay };
}

function countPerDay(times: number[]): Map<number, number> {
  const days = new Map<number, number>();
  for (const t of times) days.set(Math.floor(t / DAY), (days.get(Math.floor(t / DAY)) ?? 0) + 1);
  return days;
}
