export interface CampaignsTable {
  workspace_id: string;
  id: string;
  name: string;
  /** DRAFT | ACTIVE | COMPLETED | ARCHIVED */
  status: string;
  description: string | null;
  creator_id: string;
  /** JSON: outreach settings (templates, follow-up, sender policy). */
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface CampaignParticipantsTable {
  workspace_id: string;
  campaign_id: string;
  team_member_id: string;
}

export interface CampaignContactsTable {
  workspace_id: string;
  campaign_id: string;
  id: string;
  username: string;
  /** Lower-cased username: enrolment compares usernames case-insensitively. */
  username_key: string;
  network_urn: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  crm_id: string | null;
  /** QUEUED | INVITED | CONNECTED | REPLIED | FAILED | SKIPPED | WITHDRAWN */
  status: string;
  created_at: number;
  updated_at: number;
  // Outreach progress (migration 0007_outreach).
  /** The participant who invites (or is connected to) this contact. */
  sender_id?: string | null;
  /** Key of the invitation action reserved for the current attempt (null: none reserved). */
  invitation_key?: string | null;
  status_reason?: string | null;
  invited_at?: number | null;
  connected_at?: number | null;
  finished_at?: number | null;
  follow_up_at?: number | null;
  follow_up_sent_at?: number | null;
  /** When the contact's reply was recorded (status REPLIED; migration 0016). */
  replied_at?: number | null;
  attempts?: number;
  /** Extra invitations an operator allowed for a sender who invited this contact before. */
  retries_allowed?: number;
}
