// A suppression list from a CSV file: every row checked as `warmline suppression add` checks one
// entry, reported row by row, and stored only when every row is good (all or nothing), so a
// file with a broken row changes nothing until it is fixed.
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import { UsageError } from '../shared/errors.js';
import { requireWorkspace } from '../workspace/workspace.service.js';
import { insertSuppressions, listSuppressions } from './suppression.repository.js';
import { normalize } from './suppression.service.js';
import type { SuppressionKind } from '../db/schema/suppression.table.js';

export const MAX_IMPORT_ROWS = 10_000;

export interface SuppressionImportReport {
  /** Rows that would be added (new to the list). */
  accepted: { line: number; kind: SuppressionKind; value: string }[];
  /** Good rows already on the list, or repeated in the file: nothing to add. */
  unchanged: { line: number; kind: SuppressionKind; value: string }[];
  rejected: { line: number; text: string; reason: string }[];
}

/** One CSV line's fields: commas separate, double quotes quote ("" is a quote). */
function fields(line: string): string[] | null {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') out.push(field), (field = '');
    else field += c;
  }
  if (quoted) return null;
  out.push(field);
  return out;
}

const isHeader = (cells: string[]) => cells.length === 2 && cells[0]!.trim().toLowerCase() === 'kind' && cells[1]!.trim().toLowerCase() === 'value';

/** Reads `kind,value` rows (a `kind,value` header and blank lines are skipped); reads only, stores nothing. */
export async function previewSuppressionCsv(db: Db, workspaceId: string, csv: string): Promise<SuppressionImportReport> {
  await requireWorkspace(db, workspaceId);
  const existing = new Set((await listSuppressions(db, workspaceId)).map((r) => `${r.kind}\u0000${r.value}`));
  const report: SuppressionImportReport = { accepted: [], unchanged: [], rejected: [] };
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (lines.length > MAX_IMPORT_ROWS + 1) throw new UsageError(`the file has more than ${MAX_IMPORT_ROWS} rows; split it`);
  lines.forEach((text, i) => {
    const line = i + 1;
    if (text.trim() === '') return;
    const cells = fields(text);
    if (cells === null) return report.rejected.push({ line, text, reason: 'an opening quote is never closed' });
    if (line === 1 && isHeader(cells)) return;
    if (cells.length !== 2) return report.rejected.push({ line, text, reason: `expected 2 fields (kind,value), found ${cells.length}` });
    try {
      const entry = normalize(cells[0]!.trim().toLowerCase(), cells[1]!);
      const key = `${entry.kind}\u0000${entry.value}`;
      if (existing.has(key)) return report.unchanged.push({ line, ...entry });
      existing.add(key);
      report.accepted.push({ line, ...entry });
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      report.rejected.push({ line, text, reason: err.message });
    }
  });
  return report;
}

/** Stores the file's new entries in one transaction, or (any row rejected) nothing. */
export async function importSuppressionCsv(db: Db, clock: Clock, workspaceId: string, csv: string): Promise<SuppressionImportReport> {
  const report = await previewSuppressionCsv(db, workspaceId, csv);
  if (report.rejected.length > 0) return report;
  const now = clock.now();
  await db.transaction().execute((tx) => insertSuppressions(tx, report.accepted.map((e) => ({ workspace_id: workspaceId, kind: e.kind, value: e.value, created_at: now }))));
  return report;
}
