// Hand-made engagement for ingestion tests: people, companies and events folded directly.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { isPostgres } from '../../src/db/dialect.js';
import { foldEngagement } from '../../src/ingestion/fold.js';
import type { FoldEvent, FoldPost } from '../../src/ingestion/fold.types.js';
import type { EngagementKind } from '../../src/ingestion/scoring.js';
import { rebuildLeadCounts } from '../../src/leads/lead-counts.js';
import { toCompany } from '../../src/leads/leads.mapper.js';
import type { NetworkCompany, NetworkProfile } from '../../src/network/provider.js';
import { toIso } from '../../src/shared/time.js';
import { tempDir } from './temp-dirs.js';

/** An ICP rules file holding `rules` as JSON, for setIcpRulesFromFile and `warmline icp set`. */
export function icpRulesFile(rules: unknown): string {
  const file = path.join(tempDir('icp'), 'icp.json');
  fs.writeFileSync(file, JSON.stringify(rules));
  return file;
}

export function company(slug: string, size: [number, number] = [51, 200], industry = 'Software'): NetworkCompany {
  return { id: 9000 + [...slug].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_000, 7), name: slug.toUpperCase(), slug, employees_num_min: size[0], employees_num_max: size[1], industries: [industry], country: 'DE', website_url: null };
}

export function person(urn: string, p: { title?: string; country?: string; company?: NetworkCompany | null; username?: string } = {}): NetworkProfile {
  return {
    urn, username: p.username ?? `user-${urn.toLowerCase()}`, first_name: 'Pat', last_name: urn, headline: `${p.title ?? 'Engineer'} somewhere`,
    job_title: p.title ?? 'Engineer', picture: null, followers_count: 10, connections_count: 20, country: p.country ?? 'DE',
    network_url: `https://network.test/in/${urn}`, company: p.company === undefined ? company('acme') : p.company,
  };
}

let seq = 0;
export function event(post: FoldPost, who: NetworkProfile, kind: EngagementKind, at: number, id = `evt_${++seq}_${who.urn}`): FoldEvent {
  return { id, post, kind, at, person: who };
}

export const postOf = (teamMemberId: string, id = `post_${++seq}`): FoldPost => ({ id, content: `Post ${id}`, url: `https://network.test/posts/${id}`, teamMemberId });

export const fold = (db: Db, workspaceId: string, now: number, events: FoldEvent[]) => foldEngagement(db, workspaceId, now, events);

/** The workspace's lead counters (all three tables) as kept incrementally, and as a rebuild from the leads computes them (zero rows dropped). */
export async function countsKeptAndRebuilt(db: Db, workspaceId: string) {
  const nonZero = (rows: { count: number | string }[], key: (r: any) => string) => rows.filter((r) => Number(r.count) !== 0).map((r): [string, number] => [key(r), Number(r.count)]);
  const read = async () =>
    Object.fromEntries([
      ...nonZero(await db.selectFrom('lead_counts').selectAll().where('workspace_id', '=', workspaceId).execute(), (r) => `${r.status}/${r.span}/${r.day}/${r.enriched}`),
      ...nonZero(await db.selectFrom('lead_company_counts').selectAll().where('workspace_id', '=', workspaceId).execute(), (r) => `company ${r.company_id}/${r.status}/${r.enriched}`),
      ...nonZero(await db.selectFrom('lead_post_counts').selectAll().where('workspace_id', '=', workspaceId).execute(), (r) => `post ${r.post_id}/${r.status}/${r.enriched}`),
    ]);
  const kept = await read();
  await rebuildLeadCounts(db, workspaceId);
  return { kept, rebuilt: await read() };
}

/**
 * SQLite: each lead's history_json and notes_json as the triggers keep them (migration 0085),
 * parsed, and the same built in JS from the lead's rows (by time, nulls first as SQLite sorts
 * them, ties by id). PostgreSQL keeps no such columns: null.
 */
export async function keptJsonAndRebuilt(db: Db, workspaceId: string) {
  if (isPostgres(db)) return null;
  const leads = await db
    .selectFrom('leads')
    .select(['id', sql<string>`history_json`.as('history_json'), sql<string>`notes_json`.as('notes_json')])
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  const history = await db.selectFrom('lead_history').selectAll().where('workspace_id', '=', workspaceId).execute();
  const notes = await db.selectFrom('lead_notes').selectAll().where('workspace_id', '=', workspaceId).execute();
  const byTime = <T extends { id: string }>(time: (row: T) => number | null) => (a: T, b: T) =>
    (time(a) ?? -Infinity) - (time(b) ?? -Infinity) || Buffer.compare(Buffer.from(a.id), Buffer.from(b.id)); // ids as SQLite's BINARY collation orders them
  const kept = Object.fromEntries(leads.map((l) => [l.id, { history: JSON.parse(l.history_json), notes: JSON.parse(l.notes_json) }]));
  const rebuilt = Object.fromEntries(
    leads.map((l) => [
      l.id,
      {
        history: history
          .filter((h) => h.lead_id === l.id)
          .sort(byTime((h) => h.recorded_at))
          .map((h) => ({ id: h.id, description: h.description, recorded_at: toIso(h.recorded_at) })),
        notes: notes
          .filter((n) => n.lead_id === l.id)
          .sort(byTime((n) => n.created_at))
          .map((n) => ({ id: n.id, content: n.content, created_at: toIso(n.created_at), updated_at: toIso(n.updated_at) })),
      },
    ]),
  );
  return { kept, rebuilt };
}

/**
 * Each company's company_json as its triggers keep it (migration 0085, both engines), parsed, and
 * the company as GET /v2/leads/{id} maps it from the row (leads.mapper.ts).
 */
export async function keptCompaniesAndMapped(db: Db, workspaceId: string) {
  const rows = await db.selectFrom('companies').selectAll().select(sql<unknown>`company_json`.as('company_json')).where('workspace_id', '=', workspaceId).orderBy('id').execute();
  // SQLite returns the text; PostgreSQL's driver has parsed the json column.
  const parsed = (json: unknown) => (typeof json === 'string' ? JSON.parse(json) : json);
  return {
    kept: Object.fromEntries(rows.map((r) => [r.id, parsed(r.company_json)])),
    mapped: Object.fromEntries(rows.map((r) => [r.id, toCompany(r)])),
  };
}
