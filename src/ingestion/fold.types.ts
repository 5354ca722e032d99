// What a page of engagement is made of, for the fold and the rows it writes (its own file, so
// neither imports the other for a type).
import type { NetworkProfile } from '../network/provider.js';
import type { EngagementKind } from './scoring.js';

export interface FoldPost {
  id: string;
  content: string | null;
  url: string;
  teamMemberId: string;
}

export interface FoldEvent {
  id: string;
  post: FoldPost;
  kind: EngagementKind;
  at: number;
  person: NetworkProfile;
}

export interface FoldResult {
  /** Events not seen before (a re-run of the same page folds 0). */
  folded: number;
  created: number;
  discarded: number;
}
