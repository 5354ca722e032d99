import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from './connect.js';
import { precompiled } from './precompiled.js';

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
});
