import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSnapshot, type SnapshotPart } from './snapshot.reader.js';

const doc = {
  format: 'workspace-snapshot',
  version: 1,
  workspace: { id: 'ws_x', name: 'Tricky "quotes" \\ and ] } [ {', credits: [{ delta: -5, created_at: '2025-01-01T00:00:00Z' }] },
  team_members: [],
  leads: [
    { id: 'ld_1', tags: ['a,b', 'ü€😀', '\\'], first_name: 'Zoë \\"q\\"', engagement_score: 1.5e2, is_icp_match: true, crm_id: null },
    { id: 'ld_2', history: [{ description: '}]},{"', recorded_at: null }] },
  ],
  campaigns: [{ id: 'c', contacts: [[], {}, 'x'] }],
};

async function parts(text: string, chunk: number): Promise<SnapshotPart[]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  const out: SnapshotPart[] = [];
  for await (const part of readSnapshot(Readable.from(chunks))) out.push(part);
  return out;
}

const failure = (text: string, chunk = 1 << 20) => parts(text, chunk).then(() => 'no error', (err: Error) => err.message);

describe('readSnapshot', () => {
  it('yields the sections and each array item, whatever the chunk boundaries (inside strings, escapes, UTF-8 characters)', async () => {
    const expected: SnapshotPart[] = [
      { kind: 'value', section: 'format', value: doc.format },
      { kind: 'value', section: 'version', value: 1 },
      { kind: 'value', section: 'workspace', value: doc.workspace },
      { kind: 'end', section: 'team_members' },
      { kind: 'item', section: 'leads', index: 0, value: doc.leads[0] },
      { kind: 'item', section: 'leads', index: 1, value: doc.leads[1] },
      { kind: 'end', section: 'leads' },
      { kind: 'item', section: 'campaigns', index: 0, value: doc.campaigns[0] },
      { kind: 'end', section: 'campaigns' },
    ];
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2), ` \n${JSON.stringify(doc, null, '\t')}\r\n`]) {
      for (const chunk of [1, 2, 3, 7, 64, 1 << 20]) expect(await parts(text, chunk), `chunk ${chunk}`).toEqual(expected);
    }
    expect(await parts('{}', 1)).toEqual([]);
  });

  it('names the item or the place a document breaks', async () => {
    const text = JSON.stringify({ format: 'workspace-snapshot', leads: [{ id: 'a' }, { id: 'b' }] });
    expect(await failure(text.replace('{"id":"b"}', '{"id":b}'))).toMatch(/^leads\[1\]: not valid JSON/);
    expect(await failure(text.replace('},{', '} {'))).toBe('$: not valid JSON (found "{" where , or ] after leads[0] was expected)');
    expect(await failure(text.replace('"leads":', '"leads"'))).toBe('$: not valid JSON (found "[" where : was expected)');
    expect(await failure(text.replace('"leads":[', '"leads":{'))).toBe('leads: must be array');
    expect(await failure(`${text} x`)).toBe('$: not valid JSON (found "x" where nothing after the document was expected)');
    // Half a surrogate pair, in a string or a key, anywhere in the item; a whole pair as escapes is text.
    expect(await failure(text.replace('"id":"b"', '"id":"b\\udc00"'))).toBe('leads[1].id: not valid Unicode (a \\u escape of half a surrogate pair, which no text can hold)');
    expect(await failure(text.replace('"id":"b"', '"id":"b","x":[{"\\ud800":1}]'))).toMatch(/^leads\[1\]\.x\[0\]\.\ud800: not valid Unicode/);
    expect(await failure(text.replace('"id":"b"', '"id":"b\\ud83d\\ude00"'))).toBe('no error');
    expect(await failure('[]')).toBe('$: must be an object');
    for (const cut of [1, 20, text.length - 12, text.length - 1]) expect(await failure(text.slice(0, cut), 5)).toBe('$: the document ends too early');
    expect(await failure('{"version": 1')).toBe('$: the document ends too early');
  });
});
