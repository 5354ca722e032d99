// An expression compiled once per engine and reused as SQL text around its one bound value.
// Kysely builds and compiles a query's whole tree on every run; for a large expression that is the
// same on every run but for one value (the lead list's rendering, some 200 nodes: 13 % of the
// server's CPU in a cold walk) the text is kept and only the value is bound again. reboundCopies
// does the same for a query repeated with one value changed (the date-range pages' bucket runs).
import { sql, type Compilable, type RawBuilder } from 'kysely';
import type { DbOrTx } from './database.js';
import { isPostgres } from './dialect.js';

const MARK = 'the one bound value';

/**
 * Compiled SQL cut at its placeholders: n + 1 pieces for n values, in order, or null when the text
 * holds a placeholder's characters anywhere else (a literal with `?` or `$1`, or `$10` read as `$1`),
 * where it could be cut in the wrong place.
 */
function cutAtPlaceholders(db: DbOrTx, text: string, values: number): string[] | null {
  if (!isPostgres(db)) {
    const pieces = text.split('?');
    return pieces.length === values + 1 ? pieces : null;
  }
  const numbers = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  return numbers.length === values && numbers.every((n, i) => n === i + 1) ? text.split(/\$\d+/) : null;
}

export function precompiled(build: (db: DbOrTx, value: RawBuilder<unknown>) => RawBuilder<unknown>): (db: DbOrTx, value: unknown) => RawBuilder<unknown> {
  const texts = new Map<boolean, [string, string]>();
  return (db, value) => {
    const engine = isPostgres(db);
    let around = texts.get(engine);
    if (!around) {
      const { sql: text, parameters } = build(db, sql`${MARK}`).compile(db);
      // One parameter in all, and its placeholder's text nowhere else.
      const pieces = parameters.length === 1 && parameters[0] === MARK ? cutAtPlaceholders(db, text, 1) : null;
      if (!pieces) throw new Error('precompiled: the expression must bind exactly one value');
      around = [pieces[0]!, pieces[1]!];
      texts.set(engine, around);
    }
    return sql`${sql.raw(around[0])}${value}${sql.raw(around[1])}`;
  };
}

/**
 * A query compiled once, as SQL text whose one `marker` value can be bound to another value for
 * each copy: `rebound(value)` is the same statement with `value` where `marker` was, every other
 * value bound as it was. Kysely builds and compiles a query per copy; the lead list's date-range
 * pages on SQLite are a union of one run per 16-day bucket (23 for a year), whose building and
 * compiling took ≈ 30 % of the event loop's CPU in a year-long cold walk (docs/leads-cold.md).
 */
export function reboundCopies(db: DbOrTx, query: Compilable, marker: unknown): (value: unknown) => RawBuilder<unknown> {
  const { sql: text, parameters } = query.compile();
  const pieces = cutAtPlaceholders(db, text, parameters.length);
  if (!pieces || parameters.filter((p) => p === marker).length !== 1) {
    throw new Error('reboundCopies: the query must bind its marker exactly once, and no placeholder text elsewhere');
  }
  return (value) => sql.join(pieces.flatMap((piece, i) => (i < parameters.length ? [sql.raw(piece), sql.val(parameters[i] === marker ? value : parameters[i])] : [sql.raw(piece)])), sql.raw(''));
}
