// Replies stop sequences: a sender looks for new replies in its periodic poll and just before a
// follow-up (connections/replies.ts records them and stops the contact's follow-up).
import { recordNewReplies } from '../connections/replies.js';
import type { StepContext } from './step-context.js';

export async function pollReplies(c: StepContext): Promise<void> {
  await recordNewReplies(c.deps.db, c.deps.network, { workspaceId: c.member.workspace_id, teamMemberId: c.member.id }, c.now);
}
