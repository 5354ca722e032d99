// Streams a snapshot document: yields each top-level section value, and each item of the array
// sections one by one, so a document of a million leads never sits in memory as a whole.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import Assembler from 'stream-json/Assembler.js';
import Parser from 'stream-json/Parser.js';
import Batch from 'stream-json/utils/Batch.js';
import { SnapshotError } from './snapshot.errors.js';
import { ARRAY_SECTIONS } from './snapshot.validate.js';

export type SnapshotPart =
  | { kind: 'value'; section: string; value: unknown }
  | { kind: 'item'; section: string; index: number; value: unknown }
  | { kind: 'end'; section: string };

interface Token {
  name: string;
  value?: unknown;
}

export async function* readSnapshot(source: Readable): AsyncGenerator<SnapshotPart> {
  // Keys, strings and numbers arrive packed (one token each); tokens travel in batches to keep
  // the per-token stream overhead low.
  const tokens = pipeline(source, new Parser({ streamValues: false }), new Batch({ batchSize: 2000 }), () => {});
  let level = 0; // 0: before the document, 1: in the top-level object, 2: in an array section
  let section = '';
  let index = 0;
  let asm: Assembler | null = null;
  try {
    for await (const batch of tokens as AsyncIterable<Token[]>) {
      for (const token of batch) {
        if (asm) {
          asm.consume(token as any);
          if (!asm.done) continue;
          const value = asm.current;
          asm = null;
          yield level === 2 ? { kind: 'item', section, index: index++, value } : { kind: 'value', section, value };
          continue;
        }
        if (level === 0) {
          if (token.name !== 'startObject') throw new SnapshotError('$: must be an object');
          level = 1;
        } else if (level === 1) {
          if (token.name === 'endObject') level = 3;
          else if (token.name === 'keyValue') section = String(token.value);
          else if (ARRAY_SECTIONS.has(section)) {
            if (token.name !== 'startArray') throw new SnapshotError(`${section}: must be array`);
            level = 2;
            index = 0;
          } else asm = startValue(token);
          if (asm?.done) {
            yield { kind: 'value', section, value: asm.current };
            asm = null;
          }
        } else if (level === 2) {
          if (token.name === 'endArray') {
            level = 1;
            yield { kind: 'end', section };
            continue;
          }
          asm = startValue(token);
          if (asm.done) {
            yield { kind: 'item', section, index: index++, value: asm.current };
            asm = null;
          }
        }
      }
    }
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`$: not valid JSON (${(err as Error).message})`);
  }
  if (level !== 3) throw new SnapshotError('$: the document ends too early');
}

function startValue(token: Token): Assembler {
  const asm = new Assembler();
  asm.consume(token as any);
  return asm;
}
