import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { demoSnapshotStream } from '../src/demo/demo-snapshot.js';

it('the demo snapshot is deterministic for a given clock and follows it', async () => {
  const now = Date.parse('2026-02-01T12:00:00Z');
  const a = await text(demoSnapshotStream({ now }));
  expect(await text(demoSnapshotStream({ now }))).toBe(a);
  const later = await text(demoSnapshotStream({ now: now + 86_400_000 }));
  expect(later).not.toBe(a);
  const doc = JSON.parse(a);
  expect(doc.leads).toHaveLength(300);
  expect(Math.max(...doc.leads.map((l: any) => Date.parse(l.created_at)))).toBeLessThanOrEqual(now);
});
