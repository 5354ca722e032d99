import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from './connect.js';
import { precompiled, reboundCopies } from './precompiled.js';

describe('precompiled', () => {
  const handle = connectDb({ dialect: 'sqlite', file: ':memory:' });
  afterAll(() => handle.close());
  const run = (expr: ReturnType<ReturnType<typeof precompiled>>) => sql<{ v: unknown }>`select ${expr} as v`.execute(handle.db).then((r) => r.rows[0]!.v);

  it('builds once and binds each value again', async () => {
    let builds = 0;
    const greet = precompiled((_db, name) => (builds++, sql`'hello, ' || ${name} || ${sql.lit('!')}`));
    expect(await run(greet(handle.db, 'Ana'))).toBe('hello, Ana!');
    expect(await run(greet(handle.db, "O'Brien"))).toBe("hello, O'Brien!");
    expect(builds).toBe(1);
  });

  it('refuses an expression that binds more or fewer than one value', () => {
    expect(() => precompiled((_db, v) => sql`${v} + ${2}`)(handle.db, 1)).toThrow(/exactly one value/);
    expect(() => precompiled(() => sql`1`)(handle.db, 1)).toThrow(/exactly one value/);
    // The placeholder's text inside a literal would be taken for it: refused, never split there.
    expect(() => precompiled((_db, v) => sql`${v} || ${sql.lit('?')}`)(handle.db, 'a')).toThrow(/exactly one value/);
  });

  it('rebinds a compiled query\'s marker to each copy\'s value, the other values as they were', async () => {
    const MARK = 'the marker';
    const query = handle.db.selectNoFrom([sql<number>`${MARK} * 10`.as('a'), sql<string>`${'x'} || ${sql.lit('y')}`.as('b')]);
    const copyOf = reboundCopies(handle.db, query, MARK);
    const union = sql<{ a: number; b: string }>`${sql.join([copyOf(1), copyOf(2), copyOf(3)], sql` union all `)}`;
    expect((await union.execute(handle.db)).rows).toEqual([{ a: 10, b: 'xy' }, { a: 20, b: 'xy' }, { a: 30, b: 'xy' }]);
  });

  it('refuses a query whose marker is not bound exactly once, or with a placeholder\'s text elsewhere', () => {
    const MARK = 'the marker';
    expect(() => reboundCopies(handle.db, handle.db.selectNoFrom(sql`${1}`.as('a')), MARK)).toThrow(/exactly once/);
    expect(() => reboundCopies(handle.db, handle.db.selectNoFrom(sql`${MARK} || ${MARK}`.as('a')), MARK)).toThrow(/exactly once/);
    expect(() => reboundCopies(handle.db, handle.db.selectNoFrom(sql`${MARK} || ${sql.lit('?')}`.as('a')), MARK)).toThrow(/exactly once/);
  });
});
