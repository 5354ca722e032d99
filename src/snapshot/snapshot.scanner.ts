// Finds where one JSON value ends in a byte buffer, across chunks: only brackets and strings are
// followed (JSON.parse checks the rest once the value is whole). Bytes of multi-byte UTF-8
// characters are all >= 0x80, so they are never taken for a quote, a backslash or a bracket.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class ValueScanner {
  /** Where the value starts in the current buffer. */
  start = 0;
  private at = 0;
  private depth = 0;
  private inString = false;
  private scalar = false;

  /** Starts a value at `at` (its first byte, not a space). */
  begin(buf: Buffer, at: number): void {
    const c = buf[at]!;
    this.start = at;
    this.at = at + 1;
    this.scalar = c !== 0x7b && c !== 0x5b && c !== QUOTE;
    this.inString = c === QUOTE;
    this.depth = c === QUOTE ? 0 : 1;
  }

  /** The buffer lost its first `n` bytes (the value was carried over into a new one). */
  shift(n: number): void {
    this.start -= n;
    this.at -= n;
  }

  /** The index just past the value's end, or -1 when the buffer ends first (call again with more). */
  scan(buf: Buffer): number {
    const len = buf.length;
    let at = this.at;
    if (this.scalar) {
      // Numbers, true, false, null: up to the next delimiter.
      while (at < len) {
        const c = buf[at]!;
        if (c === 0x2c || c === 0x5d || c === 0x7d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) return at;
        at++;
      }
      this.at = at;
      return -1;
    }
    let depth = this.depth;
    for (;;) {
      if (this.inString) {
        // Strings are most of a document: jump from quote to quote natively.
        const quote = buf.indexOf(QUOTE, at);
        if (quote < 0) {
          this.at = len;
          this.depth = depth;
          return -1;
        }
        at = quote + 1;
        let backslashes = 0;
        for (let b = quote - 1; b >= this.start && buf[b] === BACKSLASH; b--) backslashes++;
        if (backslashes % 2 === 1) continue; // an escaped quote
        this.inString = false;
        if (depth === 0) return at;
        continue;
      }
      if (at >= len) {
        this.at = at;
        this.depth = depth;
        return -1;
      }
      const c = buf[at++]!;
      if (c === QUOTE) this.inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (--depth === 0) return at;
      }
    }
  }
}
