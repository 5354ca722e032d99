// What a snapshot may refer to: ids given earlier in the document, or already in the workspace.
import type { DbOrTx } from '../db/database.js';
import { SnapshotError } from './snapshot.errors.js';

export class KnownIds {
  readonly members = new Set<string>();
  readonly memberEmails = new Map<string, string>();
  readonly companies = new Set<number>();
  /** Post id -> post_url (a lead's source_content_url is derived from it). */
  readonly posts = new Map<string, string>();

  async load(db: DbOrTx, workspaceId: string): Promise<void> {
    for (const m of await db.selectFrom('team_members').select(['id', 'email']).where('workspace_id', '=', workspaceId).execute()) {
      this.members.add(m.id);
      this.memberEmails.set(m.email, m.id);
    }
    for (const c of await db.selectFrom('companies').select('id').where('workspace_id', '=', workspaceId).execute()) this.companies.add(Number(c.id));
    for (const p of await db.selectFrom('posts').select(['id', 'post_url']).where('workspace_id', '=', workspaceId).execute()) this.posts.set(p.id, p.post_url);
  }

  member(path: string, id: string | null | undefined): void {
    if (id != null && !this.members.has(id)) throw new SnapshotError(`${path}: no team member "${id}" in the document or the workspace`);
  }

  company(path: string, id: number | null | undefined): void {
    if (id != null && !this.companies.has(id)) throw new SnapshotError(`${path}: no company ${id} in the document or the workspace`);
  }

  post(path: string, id: string | null | undefined): void {
    if (id != null && !this.posts.has(id)) throw new SnapshotError(`${path}: no post "${id}" in the document or the workspace`);
  }

  /** Emails are unique per workspace: a second member may not take one already used. */
  claimEmail(path: string, email: string, id: string): void {
    const owner = this.memberEmails.get(email);
    if (owner !== undefined && owner !== id) throw new SnapshotError(`${path}: ${email} is already the email of team member "${owner}"`);
    this.memberEmails.set(email, id);
  }
}
