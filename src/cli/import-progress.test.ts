import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressDisplay } from './import-progress.js';

function sink(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  stream.isTTY = isTTY;
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text.replace(/ \(\d+\.\d s\)/g, '') };
}

describe('import progress', () => {
  it('outside a terminal: a plain line each time a section passes a multiple of N rows, and one per phase', async () => {
    const out = sink(false);
    const display = await progressDisplay(Readable.from([]), 100, { stream: out.stream, json: false, every: 1000 });
    for (const rows of [500, 1000, 1500, 2600, 2700]) display.onProgress({ phase: 'rows', section: 'leads', rows });
    display.onProgress({ phase: 'rows', section: 'lead_notes', rows: 999 });
    display.onProgress({ phase: 'indexes', section: 'leads' });
    display.onProgress({ phase: 'counters' });
    display.stop();
    expect(out.text().split('\n')).toEqual(['import: 1000 leads', 'import: 2600 leads', 'import: building the leads indexes', 'import: counting leads', '']);
  });

  it('says nothing with --json', async () => {
    const out = sink(false);
    const display = await progressDisplay(Readable.from([]), 100, { stream: out.stream, json: true, every: 1 });
    display.onProgress({ phase: 'rows', section: 'leads', rows: 5 });
    display.onProgress({ phase: 'counters' });
    expect(out.text()).toBe('');
  });

  it('on a terminal: a bar with the bytes read and what is being done', async () => {
    const out = sink(true);
    const source = new PassThrough();
    const display = await progressDisplay(source, 2 * 1048576, { stream: out.stream, json: false });
    source.write(Buffer.alloc(1048576));
    display.onProgress({ phase: 'rows', section: 'leads', rows: 500 });
    display.onProgress({ phase: 'indexes', section: 'leads' });
    display.stop();
    expect(out.text()).toContain('importing [');
    expect(out.text()).toMatch(/50% \| 1\.0 of 2\.0 MB \| (500 leads|building the leads indexes)/);
  });
});
