import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  /** The participant who invites (or is connected to) this contact. */
  sender_id: string | null;
  /** Key of the invitation action reserved for the current attempt (null: none reserved). */
  invitation_key: string | null;
  status_reason: string | null;
  invited_at: number | null;
  connected_at: number | null;
  finished_at: number | null;
  follow_up_at: number | null;
  follow_up_sent_at: number | null;
  /** Follow-up steps sent so far (0: none); the next one sent is step follow_up_step + 1. */
  follow_up_step: Generated<number>;
  /** When the contact's reply was recorded (status REPLIED). */
  replied_at: number | null;
  /** Invitations reserved for this contact so far; 0 at enrolment (the column's default, hence Generated). */
  attempts: Generated<number>;
  /** Extra invitations an operator allowed for a sender who invited this contact before. */
  retries_allowed: Generated<number>;
}

/** Campaigns per workspace (campaign_id '') and contacts per campaign, kept by triggers (migration 0081). */
export interface CampaignCountsTable {
  workspace_id: string;
  campaign_id: string;
  count: number;
}

export type CampaignContact = Selectable<CampaignContactsTable>;
/** Enrolled: the outreach columns start empty and the counters at 0. */
export type NewCampaignContact = Insertable<CampaignContactsTable>;
export type CampaignContactChanges = Updateable<CampaignContactsTable>;
