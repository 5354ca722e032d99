// How each dialect words, in EXPLAIN's lines, a full scan of `table`, a sort step (with the rows it
// sorts: Infinity where the plan does not say), the use of one of its indexes and an index read that
// starts at a cursor's position (its row value `(key, id) < (?, ?)` as the index's bound): the words
// the plan tests of every list assert with (test/leads-plan.test.ts, test/feed-plan.test.ts).
export function planWords(table: string) {
  return {
    sqlite: {
      scansTable: (l: string) => new RegExp(`^SCAN ${table}$|^SCAN ${table}(?! USING)|SCAN ${table} USING (COVERING )?INDEX`).test(l),
      // An aggregate's ORDER BY (a rendered lead's history or notes, in their order) sorts one lead's own rows, not the page's.
      sortedRows: (plan: string[]) => (plan.some((l) => l.includes('TEMP B-TREE') && !/FOR \w+\(ORDER BY\)/.test(l)) ? Infinity : 0),
      usesAnIndex: (l: string) => new RegExp(`USING (COVERING )?INDEX ${table}_`).test(l),
      usesIndex: (l: string, index: string) => l.includes(`INDEX ${index} `),
      seeksPosition: (l: string, index: string) => l.includes(`INDEX ${index} `) && /\([a-z_]+(,[a-z_]+)+\)[<>]\(\?(,\?)+\)/.test(l),
    },
    postgres: {
      scansTable: (l: string) => new RegExp(`Seq Scan on ${table}\\b`).test(l),
      sortedRows: (plan: string[]) => Math.max(0, ...plan.map((l) => /^(->\s+)?(Incremental )?Sort\s+\(.*rows=(\d+)/.exec(l.trim())).map((m) => (m ? Number(m[3]) : 0))),
      usesAnIndex: (l: string) => new RegExp(`(Index|Index Only|Bitmap Index) Scan (Backward )?(using|on) ${table}_`).test(l),
      // An index name ending in `_` names every index of that prefix.
      usesIndex: (l: string, index: string) => new RegExp(`Scan (Backward )?(using|on) ${index}${index.endsWith('_') ? '' : '\\b'}`).test(l),
      // The Index Cond under the scan (the line after it) holds the row comparison.
      seeksPosition: (l: string) => /Index Cond: .*ROW\(/.test(l),
      /**
       * A group or bucket run's read of the table (aliased `<table>_N` inside the page's statement)
       * and the step right above it, past the Nested Loop of an email filter's look-up by primary
       * key (src/leads/leads-page.query.ts runFiltered).
       */
      runRead: (plan: string[]) => {
        const at = plan.findIndex((l) => new RegExp(`Scan.* on ${table} ${table}_\\d`).test(l));
        return { read: plan[at], above: plan.slice(0, at).reverse().find((l) => /->/.test(l) && !/Nested Loop/.test(l)) };
      },
    },
  };
}
