// A post is a team member's (team_member_id set) or a tracked contact's (author_urn set).
export interface PostsTable {
  workspace_id: string;
  id: string;
  activity_urn: string | null;
  type: string | null;
  content: string | null;
  parent_content: string | null;
  author: string;
  post_url: string;
  image: string | null;
  parent_image: string | null;
  shares_num: number | null;
  likes_num: number | null;
  impressions_num: number | null;
  comments_num: number | null;
  published_at: number;
  team_member_id: string | null;
  author_urn: string | null;
  created_at: number;
  updated_at: number;
}

/** Posts per owner (`tm:<member>`, `team`, `au:<urn>`, `tr:<member>`, `tracked`) × UTC day of published_at (day -1: all days), kept by triggers (migrations 0080, 0083). */
export interface PostCountsTable {
  workspace_id: string;
  owner: string;
  day: number;
  count: number;
}

/** When a sync last read a post's engagement, and the post's likes + comments then (migration 0106). */
export interface PostEngagementReadsTable {
  workspace_id: string;
  post_id: string;
  read_at: number;
  engagement: number;
}
