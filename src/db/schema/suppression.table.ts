export const SUPPRESSION_KINDS = ['company', 'domain'] as const;
export type SuppressionKind = (typeof SUPPRESSION_KINDS)[number];

export interface SuppressionsTable {
  workspace_id: string;
  kind: SuppressionKind;
  /** A company slug or numeric id (kind company), or an email domain such as rival.test (kind domain); lower case. */
  value: string;
  created_at: number;
}
