// Frozen in time: never import application types here, never edit after release.
import { sql, type Kysely } from 'kysely';

const KEYS = { created: 'created_at', touch: 'last_engagement_dt', score: 'engagement_score' } as const;

/**
 * The status × sort indexes hold only the leads a person triaged (QUALIFIED, DISQUALIFIED).
 * Ingestion creates every lead NEW and most leads stay NEW, so those entries duplicated the
 * workspace-wide sort indexes while every fold paid to write and move them: a new lead now
 * writes 13 b-trees instead of 16 and a refreshed one moves 3 sort entries instead of 4 per key.
 * A NEW filter walks the workspace-wide index (docs/leads-api.md); the list query repeats this
 * WHERE for the triaged statuses so both engines can use the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [short, key] of Object.entries(KEYS)) {
    await db.schema.dropIndex(`leads_status_${short}`).execute();
    await db.schema
      .createIndex(`leads_status_${short}`)
      .on('leads')
      .columns(['workspace_id', 'status', key, 'id'])
      .where(sql.raw<boolean>(`status not in ('NEW', 'DISCARDED')`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [short, key] of Object.entries(KEYS)) {
    await db.schema.dropIndex(`leads_status_${short}`).execute();
    await db.schema.createIndex(`leads_status_${short}`).on('leads').columns(['workspace_id', 'status', key, 'id']).execute();
  }
}
