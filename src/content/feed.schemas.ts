import { Type, type Static } from 'typebox';
import { DateQuery, withRequired, NullableInteger, NullableString, StringEnum } from '../shared/schemas.js';

export const FEED_SORTS = ['newest_first', 'oldest_first', 'most_viewed_first', 'least_viewed_first'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const FeedPostSchema = withRequired(Type.Object(
  {
    id: Type.String(),
    activity_urn: NullableString(),
    type: NullableString(),
    content: NullableString(),
    parent_content: NullableString(),
    author: Type.String(),
    post_url: Type.String(),
    image: NullableString(),
    parent_image: NullableString(),
    shares_num: NullableInteger(),
    likes_num: NullableInteger(),
    impressions_num: NullableInteger(),
    comments_num: NullableInteger(),
    published_at: Type.String({ format: 'date-time' }),
    team_member_id: NullableString(),
  },
  { $id: 'TeamFeedPostRead', title: 'TeamFeedPostRead' },
), ['id', 'author', 'post_url', 'published_at']);
export type FeedPost = Static<typeof FeedPostSchema>;

export const FeedPageSchema = withRequired(Type.Object(
  {
    total: Type.Integer(),
    items: Type.Array(Type.Ref('TeamFeedPostRead')),
    has_more: Type.Boolean({ default: false }),
    cursor: NullableString(),
  },
  { $id: 'TeamFeedPostsListResponse', title: 'TeamFeedPostsListResponse' },
), ['total', 'items']);
export interface FeedPage {
  total: number;
  items: FeedPost[];
  has_more: boolean;
  cursor: string | null;
}

// Parameter order = api-v2.md's table; `days` (decisions.md) sits with the other date filters.
export const FeedQuerySchema = Type.Object({
  sort_by: Type.Optional(StringEnum(FEED_SORTS, { default: 'newest_first' })),
  start_date: Type.Optional(DateQuery('Posts published on or after this UTC day.')),
  end_date: Type.Optional(DateQuery('Posts published on or before this UTC day.')),
  days: Type.Optional(Type.Integer({ minimum: 0, description: 'Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date.' })),
  team_member_id: Type.Optional(Type.String({ description: 'Id from GET /v2/workspace/users.' })),
  cursor: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 15 })),
});
export type FeedQuery = Static<typeof FeedQuerySchema>;

export const feedSchemas = [FeedPostSchema, FeedPageSchema];
