// Streams a snapshot document: yields each top-level section value, and each item of the array
// sections one by one, so a document of a million leads never sits in memory as a whole.
// The bytes are split into top-level values and array items by a small scanner (brackets and
// strings only), and each piece is parsed by JSON.parse: a token-by-token parser (stream-json)
// spent 120 s on the 1.3 GB of a 1M-lead document, more than the whole import may take.
import type { Readable } from 'node:stream';
import { SnapshotError } from './snapshot.errors.js';
import { ValueScanner } from './snapshot.scanner.js';
import { ARRAY_SECTIONS } from './snapshot.validate.js';

export type SnapshotPart =
  | { kind: 'value'; section: string; value: unknown }
  | { kind: 'item'; section: string; index: number; value: unknown }
  | { kind: 'end'; section: string };

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

// Where the reader is in the document's outline.
type Expect =
  | 'document' // the opening {
  | 'key' // a section name, or } (only before the first one: `first`)
  | 'colon'
  | 'value' // a section's value ([ for an array section)
  | 'after-value' // , or }
  | 'item' // an array item, or ] (only before the first one: `first`)
  | 'after-item' // , or ]
  | 'done';

export async function* readSnapshot(source: Readable): AsyncGenerator<SnapshotPart> {
  const reader = new SnapshotSplitter();
  try {
    for await (const chunk of source) {
      for (const part of reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))) yield part;
    }
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`$: not valid JSON (${(err as Error).message})`);
  }
  reader.end();
}

class SnapshotSplitter {
  private buf: Buffer = Buffer.alloc(0);
  private expect: Expect = 'document';
  private first = true;
  private section = '';
  private index = 0;
  /** What the value being scanned is: a section name, a section's value or an array item. */
  private scanning: 'key' | 'value' | 'item' | null = null;
  private readonly scanner = new ValueScanner();

  push(chunk: Buffer): SnapshotPart[] {
    // Only the unfinished value (at most one item or section value) is carried over.
    const start = this.scanning ? this.scanner.start : this.buf.length;
    const rest = this.buf.subarray(start);
    this.buf = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
    if (this.scanning) this.scanner.shift(start);
    const parts: SnapshotPart[] = [];
    let at = 0;
    const buf = this.buf;
    while (at < buf.length) {
      if (this.scanning) {
        const end = this.scanner.scan(buf);
        if (end < 0) break;
        this.finish(buf, end, parts);
        at = end;
        continue;
      }
      const c = buf[at]!;
      if (isSpace(c)) {
        at++;
        continue;
      }
      this.structure(c, buf, at, parts);
      at++;
    }
    // Nothing unfinished: drop what was read.
    if (!this.scanning) this.buf = Buffer.alloc(0);
    return parts;
  }

  end(): void {
    if (this.expect !== 'done' || this.scanning) throw new SnapshotError('$: the document ends too early');
  }

  /** A byte between values: the document's braces, the sections' names and colons, the items' commas. */
  private structure(c: number, buf: Buffer, at: number, parts: SnapshotPart[]): void {
    switch (this.expect) {
      case 'document':
        if (c !== 0x7b) throw new SnapshotError('$: must be an object');
        this.expect = 'key';
        this.first = true;
        return;
      case 'key':
        if (c === 0x7d && this.first) return void (this.expect = 'done');
        if (c !== 0x22) throw this.unexpected(c, this.first ? 'a section name or }' : 'a section name');
        return this.begin('key', buf, at);
      case 'colon':
        if (c !== 0x3a) throw this.unexpected(c, ':');
        this.expect = 'value';
        return;
      case 'value':
        if (ARRAY_SECTIONS.has(this.section)) {
          if (c !== 0x5b) throw new SnapshotError(`${this.section}: must be array`);
          this.expect = 'item';
          this.first = true;
          this.index = 0;
          return;
        }
        return this.begin('value', buf, at);
      case 'after-value':
        if (c === 0x2c) {
          this.expect = 'key';
          this.first = false;
          return;
        }
        if (c === 0x7d) return void (this.expect = 'done');
        throw this.unexpected(c, ', or } after the section');
      case 'item':
        if (c === 0x5d && this.first) return this.endArray(parts);
        return this.begin('item', buf, at);
      case 'after-item':
        if (c === 0x2c) {
          this.expect = 'item';
          this.first = false;
          return;
        }
        if (c === 0x5d) return this.endArray(parts);
        throw this.unexpected(c, `, or ] after ${this.section}[${this.index - 1}]`);
      case 'done':
        throw this.unexpected(c, 'nothing after the document');
    }
  }

  private begin(what: 'key' | 'value' | 'item', buf: Buffer, at: number): void {
    this.scanning = what;
    this.scanner.begin(buf, at);
  }

  private endArray(parts: SnapshotPart[]): void {
    parts.push({ kind: 'end', section: this.section });
    this.expect = 'after-value';
  }

  private finish(buf: Buffer, end: number, parts: SnapshotPart[]): void {
    const what = this.scanning!;
    const path = what === 'item' ? `${this.section}[${this.index}]` : what === 'value' ? this.section : '$';
    let value: unknown;
    const text = buf.toString('utf8', this.scanner.start, end);
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new SnapshotError(`${path}: not valid JSON (${(err as Error).message})`);
    }
    // Half a surrogate pair comes only as a \u escape (UTF-8 has no bytes for one): text without one has none.
    const lone = text.includes('\\u') ? loneSurrogateAt(value, path) : undefined;
    if (lone) throw new SnapshotError(`${lone}: not valid Unicode (a \\u escape of half a surrogate pair, which no text can hold)`);
    this.scanning = null;
    if (what === 'key') {
      this.section = value as string;
      this.expect = 'colon';
    } else if (what === 'value') {
      parts.push({ kind: 'value', section: this.section, value });
      this.expect = 'after-value';
    } else {
      parts.push({ kind: 'item', section: this.section, index: this.index++, value });
      this.expect = 'after-item';
    }
  }

  private unexpected(c: number, wanted: string): SnapshotError {
    return new SnapshotError(`$: not valid JSON (found ${JSON.stringify(String.fromCharCode(c))} where ${wanted} was expected)`);
  }
}

/**
 * The path of the first key or string in `value` holding half a surrogate pair (String
 * isWellFormed, Node 20 and later). JSON.parse accepts one; SQLite would store bytes that are not
 * UTF-8 and PostgreSQL refuses the whole import, so the document is refused here, naming the place.
 */
function loneSurrogateAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = loneSurrogateAt(value[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = key.isWellFormed() ? loneSurrogateAt(child, `${path}.${key}`) : `${path}.${key}`;
      if (found) return found;
    }
  }
  return undefined;
}
