// What `warmline import` shows while it works: on a terminal a bar (bytes read, rows written, the
// phase after the rows: building indexes, counting); in a pipe or a log a plain line per
// `every` rows of a section and one per phase; nothing with --json (the output is for programs).
import type { Readable } from 'node:stream';
import type { ImportProgress } from '../snapshot/snapshot.state.js';

export interface ProgressDisplay {
  onProgress(event: ImportProgress): void;
  stop(): void;
}

export interface ProgressTarget {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  json: boolean;
  /** A plain line per this many rows of a section (not on a terminal). */
  every?: number;
}

const NONE: ProgressDisplay = { onProgress: () => {}, stop: () => {} };

const describe = (event: ImportProgress): string =>
  event.phase === 'rows'
    ? `${event.rows} ${event.section.replace('_', ' ')}`
    : event.phase === 'bulk'
      ? `loading ${event.section.replace('_', ' ')} without indexes`
      : event.phase === 'indexes'
        ? `building the ${event.section.replace('_', ' ')} indexes`
        : 'counting leads';

export async function progressDisplay(source: Readable, size: number | null, target: ProgressTarget): Promise<ProgressDisplay> {
  if (target.json) return NONE;
  if (!target.stream.isTTY || size === null) return plainLines(target.stream, target.every ?? 100_000);
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream: target.stream, format: 'importing [{bar}] {percentage}% | {read} of {size} MB | {what} | {duration_formatted}' },
    cliProgress.Presets.shades_classic,
  );
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  let read = 0;
  bar.start(size, 0, { read: mb(0), size: mb(size), what: '' });
  source.on('data', (chunk: Buffer) => bar.update((read += chunk.length), { read: mb(read) }));
  return { onProgress: (event) => bar.update(read, { what: describe(event) }), stop: () => bar.stop() };
}

function plainLines(stream: NodeJS.WritableStream, every: number): ProgressDisplay {
  const shown = new Map<string, number>();
  const started = performance.now();
  const line = (text: string) => stream.write(`import: ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  return {
    onProgress(event) {
      if (event.phase !== 'rows') return void line(describe(event));
      // Batches end at any count: a line each time a multiple of `every` is passed.
      const step = Math.floor(event.rows / every);
      if (step > (shown.get(event.section) ?? 0)) {
        shown.set(event.section, step);
        line(describe(event));
      }
    },
    stop: () => {},
  };
}
