// Keyset paging against an oracle: walking a real SQLite table page by page, for every sort
// shape (one or two keys, each direction, a nullable leading key), must give exactly the rows
// of a JavaScript sort of the same data, nulls last, with no row twice and none missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CursorValue } from '../shared/cursor.js';
import { connectDb, type DbHandle } from './connect.js';
import { seekPage, type SortColumn, type SortSpec } from './keyset.js';

interface Row {
  id: string;
  score: number | null;
  at: number;
  grp: number;
}

// Ties on every key (score, at and grp repeat), nulls in the nullable one.
const ROWS: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: `r${String(i).padStart(2, '0')}`, score: i % 4 === 0 ? null : i % 5, at: 1000 + (i % 3), grp: i % 2 }));

function oracle(rows: Row[], columns: readonly SortColumn[]): string[] {
  const cmp = (a: Row, b: Row) => {
    for (const c of columns) {
      const x = a[c.column as keyof Row];
      const y = b[c.column as keyof Row];
      if (x === y) continue;
      if (x === null) return 1; // nulls last whatever the direction
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (c.dir === 'asc' ? 1 : -1);
    }
    return 0;
  };
  return [...rows].sort(cmp).map((r) => r.id);
}

describe('seekPage', () => {
  let dir: string;
  let handle: DbHandle;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmline-keyset-'));
    handle = connectDb({ dialect: 'sqlite', file: path.join(dir, 'k.db') });
    await sql`create table t (id text primary key, score integer, at integer not null, grp integer not null)`.execute(handle.db);
    for (const r of ROWS) await sql`insert into t (id, score, at, grp) values (${r.id}, ${r.score}, ${r.at}, ${r.grp})`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function walk(spec: SortSpec, pageSize: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let position: CursorValue[] | null = null;
    let pages = 0;
    for (;;) {
      const calls: number[] = [];
      const rows: Row[] = await seekPage<Row>(spec, position, pageSize, async (conditions, order, limit) => {
        calls.push(limit);
        const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
        const orderBy = sql.join(order.map((o) => sql`${sql.ref(o.column)} ${sql.raw(o.dir)}`));
        return (await sql<Row>`select id, score, at, grp from t ${where} order by ${orderBy} limit ${sql.lit(limit)}`.execute(handle.db)).rows;
      });
      expect(rows.length).toBeLessThanOrEqual(pageSize);
      // One query per page; a nullable key may need a second one for the null part, only when
      // the first left room, and only for the room left.
      expect(calls[0]).toBe(pageSize);
      expect(calls.length).toBeLessThanOrEqual(spec.nullableFirst ? 2 : 1);
      if (calls.length === 2) expect(calls[1]).toBeGreaterThan(0);
      pages++;
      ids.push(...rows.map((r) => r.id));
      if (rows.length < pageSize) return { ids, pages };
      const last: Row = rows[rows.length - 1]!;
      position = spec.columns.map((c) => last[c.column as keyof Row]);
      expect(pages).toBeLessThan(100);
    }
  }

  const specs: [string, SortSpec][] = [];
  for (const dir of ['asc', 'desc'] as const) {
    specs.push([`id ${dir}`, { columns: [{ column: 'id', dir }], nullableFirst: false }]);
    specs.push([`at ${dir}, id`, { columns: [{ column: 'at', dir }, { column: 'id', dir }], nullableFirst: false }]);
    specs.push([`at ${dir}, id asc`, { columns: [{ column: 'at', dir }, { column: 'id', dir: 'asc' }], nullableFirst: false }]);
    // Three keys: one row value when all run the same way; split where a later one turns (the feeds' views, then newest).
    specs.push([`at ${dir}, grp desc, id desc`, { columns: [{ column: 'at', dir }, { column: 'grp', dir: 'desc' }, { column: 'id', dir: 'desc' }], nullableFirst: false }]);
    specs.push([`at ${dir}, grp ${dir}, id asc`, { columns: [{ column: 'at', dir }, { column: 'grp', dir }, { column: 'id', dir: 'asc' }], nullableFirst: false }]);
    specs.push([`score ${dir} (nullable), id`, { columns: [{ column: 'score', dir }, { column: 'id', dir }], nullableFirst: true }]);
  }
  for (const [name, spec] of specs) {
    for (const pageSize of [1, 4, 5, 23, 50]) {
      it(`walks ${name} in pages of ${pageSize}: every row once, in order, nulls last`, async () => {
        const expected = oracle(ROWS, spec.columns);
        const { ids, pages } = await walk(spec, pageSize);
        expect(ids).toEqual(expected);
        expect(pages).toBe(Math.floor(ROWS.length / pageSize) + 1);
      });
    }
  }

  it('starts the null part of a nullable key from its own position', async () => {
    const spec: SortSpec = { columns: [{ column: 'score', dir: 'desc' }, { column: 'id', dir: 'desc' }], nullableFirst: true };
    const all = oracle(ROWS, spec.columns);
    const firstNull = all.findIndex((id) => ROWS.find((r) => r.id === id)!.score === null);
    const rows = await seekPage<Row>(spec, [null, all[firstNull]!], 50, async (conditions, order, limit) => {
      const where = sql`where ${sql.join(conditions, sql` and `)}`;
      const orderBy = sql.join(order.map((o) => sql`${sql.ref(o.column)} ${sql.raw(o.dir)}`));
      return (await sql<Row>`select id, score, at, grp from t ${where} order by ${orderBy} limit ${sql.lit(limit)}`.execute(handle.db)).rows;
    });
    expect(rows.map((r) => r.id)).toEqual(all.slice(firstNull + 1));
  });
});
