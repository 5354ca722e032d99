// Frozen in time: never import application types here, never edit after release.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A company together with a post: the page walks the post's index and checks the company there.
 * The company's index drove it before, and each of its leads' post was read from the lead's row: a
 * request (its page and its total) took 117–149 ms on SQLite and 117–273 ms on PostgreSQL for a
 * 27,718-lead company with a 29,920-lead post of the imported demo workspace at 1M leads, the
 * slowest of either engine's sweep (docs/leads-cold.md, Figures, "2026-11-29, later"). With
 * company_id (an integer) last in each of the post's indexes, a page or a total reads the post's
 * index entries alone; the created_at index also gains the status, so that a page sorted by
 * creation is read from the index alone too. The cost: 20 MB at 1M leads on SQLite, 100 MB on
 * PostgreSQL, whose B-tree deduplication no longer folds a post's leads of equal status and
 * creation time. PostgreSQL gets statistics on `company_id + 0`, the company as the page compares
 * it when the post drives (as migration 0089 for the other filters).
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** An index of the post's: its columns before and after, and a partial index's predicate. */
type Shape = { name: string; before: string; where?: string };

/** The post's indexes as they were (the count index differs per engine); each gains company_id. */
function shapes(db: Kysely<unknown>): Shape[] {
  const pg = isPostgres(db);
  const count = `workspace_id, source_post_id, status, created_at${pg ? '' : ', (contact_email is not null)'}`;
  const list: Shape[] = [
    { name: 'leads_post_created', before: 'workspace_id, source_post_id, created_at, id' },
    { name: 'leads_post_touch', before: 'workspace_id, source_post_id, last_engagement_dt, id, created_at, status' },
    { name: 'leads_post_score', before: 'workspace_id, source_post_id, engagement_score, id, created_at, status' },
    { name: 'leads_post_count', before: count },
  ];
  if (!pg) return list;
  return [
    ...list,
    { name: 'leads_post_count_email', before: 'workspace_id, source_post_id, status, created_at', where: 'contact_email is not null' },
    { name: 'leads_post_count_no_email', before: 'workspace_id, source_post_id, status, created_at', where: 'contact_email is null' },
  ];
}

/** After: company_id last; the created_at index also gains the status, before it. */
const columnsAfter = (shape: Shape) => `${shape.before}${shape.name === 'leads_post_created' ? ', status' : ''}, company_id`;

async function rebuild(db: Kysely<unknown>, to: 'before' | 'after'): Promise<void> {
  for (const shape of shapes(db)) {
    const columns = to === 'before' ? shape.before : columnsAfter(shape);
    await db.schema.dropIndex(shape.name).execute();
    await sql`create index ${sql.ref(shape.name)} on leads (${sql.raw(columns)})${shape.where ? sql.raw(` where ${shape.where}`) : sql``}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, 'after');
  if (!isPostgres(db)) return;
  await sql`create statistics leads_company_number on (company_id + 0) from leads`.execute(db);
  await sql`analyze leads`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop statistics leads_company_number`.execute(db);
  await rebuild(db, 'before');
}
