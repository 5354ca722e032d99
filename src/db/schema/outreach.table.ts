// The outreach engine's own tables (migration 0007_outreach).

/** One row per sender account: claimed with a lease, so one process at a time acts for it. */
export interface OutreachSendersTable {
  workspace_id: string;
  team_member_id: string;
  /** When the engine next needs to look at this sender (send, poll or resume). */
  next_step_at: number;
  /** The earliest next action (randomized spacing after the last one). */
  next_send_at: number;
  /** When pending invitations are next polled for acceptance. */
  next_poll_at: number;
  claimed_until: number | null;
  /** Why sending is paused (null: not paused). */
  paused_reason: string | null;
  /** Until when; null with a reason: until an operator resumes. */
  paused_until: number | null;
  /** Actions taken so far: the seeded spacing draws from this sequence. */
  actions: number;
}

export interface OutreachLimitsTable {
  workspace_id: string;
  /** JSON: OutreachLimits (missing fields take the defaults). */
  settings: string;
  updated_at: number;
}
