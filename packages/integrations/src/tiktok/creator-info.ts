// `POST /v2/post/publish/creator_info/query/`: what the composer must show and allow before a
// TikTok post (TikTok's posting guidelines): the nickname, the privacy options (no default),
// which interactions the creator turned off, and the longest video the creator may post.

import {
  booleanField,
  callTikTokApi,
  numberField,
  stringField,
  type TikTokAuthorizedCall,
} from './api.ts';

export type TikTokPrivacyLevel =
  'PUBLIC_TO_EVERYONE' | 'MUTUAL_FOLLOW_FRIENDS' | 'FOLLOWER_OF_CREATOR' | 'SELF_ONLY';

export interface TikTokCreatorInfo {
  nickname: string;
  username: string;
  avatarUrl: string;
  /** As TikTok lists them for this creator; pick one, never assume a default. */
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number | undefined;
}

/** Creator info of the account behind the token (20 requests a minute per token). */
export async function fetchTikTokCreatorInfo(
  call: TikTokAuthorizedCall,
): Promise<TikTokCreatorInfo> {
  const data = await callTikTokApi(
    'TikTok creator info',
    call,
    '/v2/post/publish/creator_info/query/',
    {},
  );
  const options = Array.isArray(data.privacy_level_options) ? data.privacy_level_options : [];
  return {
    nickname: stringField(data, 'creator_nickname'),
    username: stringField(data, 'creator_username'),
    avatarUrl: stringField(data, 'creator_avatar_url'),
    privacyLevelOptions: options.filter((option): option is string => typeof option === 'string'),
    commentDisabled: booleanField(data, 'comment_disabled'),
    duetDisabled: booleanField(data, 'duet_disabled'),
    stitchDisabled: booleanField(data, 'stitch_disabled'),
    maxVideoPostDurationSec: numberField(data, 'max_video_post_duration_sec'),
  };
}
