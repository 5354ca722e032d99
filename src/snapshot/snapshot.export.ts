// Writes a workspace as a snapshot document, section by section in the documented order, one
// item per line. Large sections are read page by page (keyset paging), never all at once.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Database, Db } from '../db/database.js';
import { selectWhereIn } from '../db/select-where-in.js';
import { findBinding } from '../network/bindings.repository.js';
import { UsageError } from '../shared/errors.js';
import { groupBy } from '../shared/group-by.js';
import { campaignDoc, connectionDoc, leadDoc } from './snapshot.lead-rows.js';
import { companyDoc, contactDoc, creditDoc, postDoc, teamMemberDoc } from './snapshot.rows.js';

const PAGE = 1000;

function withoutCa({ ca: _ca, ...options }: Record<string, unknown>): Record<string, unknown> {
  return options;
}

export async function exportSnapshot(db: Db, workspaceId: string, sink: Writable): Promise<void> {
  const workspace = await db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst();
  if (!workspace) throw new UsageError(`no workspace with id ${workspaceId}`);
  const out = new Output(sink);
  const credits = await db.selectFrom('credit_ledger').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('id').execute();
  // Bindings travel with the workspace (a bound one only: absent means none), never credentials.
  const network = await findBinding(db, workspaceId, 'network');
  const enrichment = await findBinding(db, workspaceId, 'enrichment');
  const crm = await findBinding(db, workspaceId, 'crm');
  const { activity, pace } = network ? (JSON.parse(network.options) as { activity?: boolean; pace?: number }) : {};
  const head = {
    id: workspace.id,
    name: workspace.name,
    credits: credits.map(creditDoc),
    ...(network ? { network: { provider: network.provider, ...(activity === undefined ? {} : { activity }), ...(pace === undefined ? {} : { pace }) } } : {}),
    ...(enrichment ? { enrichment: { provider: enrichment.provider } } : {}),
    // The CRM's settings without its token, and without the operator's CA file (of this host).
    ...(crm ? { crm: { provider: crm.provider, options: withoutCa(JSON.parse(crm.options) as Record<string, unknown>) } } : {}),
  };
  await out.write(`{"format":"workspace-snapshot","version":1,\n"workspace":${JSON.stringify(head)}`);

  await out.section('team_members', pages(db, 'team_members', workspaceId, 'id'), async (rows) => {
    const tracked = await selectWhereIn(db, 'tracked_contacts', workspaceId, 'team_member_id', rows.map((r) => r.id));
    return rows.map((r) => teamMemberDoc(r, tracked.filter((t) => t.team_member_id === r.id).map((t) => t.contact_urn).sort()));
  });
  await out.section('companies', pages(db, 'companies', workspaceId, 'id'), async (rows) => rows.map(companyDoc));
  await out.section('contacts', pages(db, 'contacts', workspaceId, 'urn'), async (rows) => rows.map(contactDoc));
  await out.section('posts', pages(db, 'posts', workspaceId, 'id'), async (rows) => rows.map(postDoc));
  await out.section('leads', pages(db, 'leads', workspaceId, 'id'), async (rows) => {
    const ids = rows.map((r) => r.id);
    const history = groupBy(await selectWhereIn(db, 'lead_history', workspaceId, 'lead_id', ids), (h) => h.lead_id);
    const notes = groupBy(await selectWhereIn(db, 'lead_notes', workspaceId, 'lead_id', ids), (n) => n.lead_id);
    const byTime = (a: { recorded_at?: number | null; created_at?: number; id: string }, b: typeof a) =>
      Number(a.recorded_at ?? a.created_at ?? -1) - Number(b.recorded_at ?? b.created_at ?? -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return rows.map((r) => leadDoc(r, (history.get(r.id) ?? []).sort(byTime), (notes.get(r.id) ?? []).sort(byTime)));
  });
  await out.section('connections', pages(db, 'connections', workspaceId, 'contact_urn', 'team_member_id'), async (rows) => rows.map(connectionDoc));
  await out.section('campaigns', pages(db, 'campaigns', workspaceId, 'id'), async (rows) => {
    const ids = rows.map((r) => r.id);
    const participants = groupBy(await selectWhereIn(db, 'campaign_participants', workspaceId, 'campaign_id', ids), (p) => p.campaign_id);
    const contacts = groupBy(await selectWhereIn(db, 'campaign_contacts', workspaceId, 'campaign_id', ids), (c) => c.campaign_id);
    return rows.map((r) =>
      campaignDoc(
        r,
        (participants.get(r.id) ?? []).map((p) => p.team_member_id).sort(),
        (contacts.get(r.id) ?? []).sort((a, b) => (a.id < b.id ? -1 : 1)),
      ),
    );
  });
  await out.write('\n}\n');
  await out.end();
}

/** Pages of a workspace's rows in key order; `first`, when given, is a leading key column. */
async function* pages<T extends keyof Database>(db: Db, table: T, workspaceId: string, key: string, first?: string): AsyncGenerator<Database[T][]> {
  let last: any = null;
  for (;;) {
    let query = (db as any).selectFrom(table).selectAll().where('workspace_id', '=', workspaceId);
    if (last && first) query = query.where((eb: any) => eb.or([eb(first, '>', last[first]), eb.and([eb(first, '=', last[first]), eb(key, '>', last[key])])]));
    else if (last) query = query.where(key, '>', last[key]);
    if (first) query = query.orderBy(first);
    const rows: Database[T][] = await query.orderBy(key).limit(PAGE).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1];
  }
}

/** Buffers text and respects the sink's back-pressure. */
class Output {
  private buffer = '';
  constructor(private readonly sink: Writable) {}

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= 1 << 16) await this.flush();
  }

  async section<R>(name: string, source: AsyncIterable<R[]>, toDocs: (rows: R[]) => Promise<unknown[]>): Promise<void> {
    await this.write(`,\n"${name}":[`);
    let first = true;
    for await (const rows of source) {
      for (const doc of await toDocs(rows)) {
        await this.write(`${first ? '\n' : ',\n'}${JSON.stringify(doc)}`);
        first = false;
      }
    }
    await this.write(first ? ']' : '\n]');
  }

  private async flush(): Promise<void> {
    const text = this.buffer;
    this.buffer = '';
    if (text && !this.sink.write(text)) await once(this.sink, 'drain');
  }

  async end(): Promise<void> {
    await this.flush();
  }
}
