// Where Scrapper publishes (issue 33): the four destinations, their labels, and what each accepts
// by its platform's late-2026 rules (../shared/notes/outside-services.md, "Publishing beyond
// YouTube"). Pure data and checks shared by the API (refusing bad choices before any byte
// leaves), the worker (checking and converting the file) and the web composer.

import { PLATFORM_LABELS, type PublishPlatformId } from './platforms.ts';

// The destinations and their names belong to the platform vocabulary; they are named here too
// because every publishing module reads them with the rules below.
export { PUBLISH_PLATFORMS, PUBLISH_PLATFORM_LABELS, type PublishPlatformId } from './platforms.ts';

/** The apps an admin registers: Google (YouTube), TikTok, and one Meta app for Instagram and Facebook. */
export const CLIENT_SECRET_PLATFORMS = ['youtube', 'tiktok', 'meta'] as const;
export type ClientSecretPlatform = (typeof CLIENT_SECRET_PLATFORMS)[number];

export const CLIENT_SECRET_PLATFORM_LABELS: Record<ClientSecretPlatform, string> = {
  youtube: `${PLATFORM_LABELS.youtube} (Google)`,
  tiktok: PLATFORM_LABELS.tiktok,
  meta: `Meta (${PLATFORM_LABELS.instagram} & ${PLATFORM_LABELS.facebook})`,
};

/** What the platforms a member connects through an app (not YouTube: it has its own routes). */
export const CONNECT_PLATFORMS = ['tiktok', 'meta'] as const;
export type ConnectPlatform = (typeof CONNECT_PLATFORMS)[number];

/** The app a member connects through, by the short name ("Aplikasi TikTok", "Aplikasi Meta"). */
export const CONNECT_APP_LABELS: Record<ConnectPlatform, string> = {
  tiktok: PLATFORM_LABELS.tiktok,
  meta: 'Meta',
};

/** TikTok's privacy levels (creator info lists which the account offers). */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** Caption and title lengths each destination takes. */
export const PUBLISH_TEXT_LIMITS = {
  captionMaxLength: 2200,
  youtubeTitleMaxLength: 100,
  destinationsMax: 20,
} as const;

/** What a destination accepts as a video file. null: no limit of that kind. */
export interface DestinationFileRules {
  minDurationSec: number;
  maxDurationSec: number;
  maxBytes: number;
  minFps: number | null;
  maxFps: number | null;
  minSidePx: number | null;
  maxWidthPx: number | null;
  maxSidePx: number | null;
  videoCodecs: readonly string[];
  audioCodecs: readonly string[];
  /** The moov atom must come first (progressive MP4, `+faststart`). */
  faststart: boolean;
}

const GB = 1024 ** 3;

export const DESTINATION_FILE_RULES: Record<PublishPlatformId, DestinationFileRules> = {
  youtube: {
    minDurationSec: 1,
    maxDurationSec: 12 * 3600,
    maxBytes: 256 * GB,
    minFps: null,
    maxFps: null,
    minSidePx: null,
    maxWidthPx: null,
    maxSidePx: null,
    videoCodecs: [],
    audioCodecs: [],
    faststart: false,
  },
  // MP4/WebM/MOV, H.264 recommended, 23-60 fps, 360-4096 px a side, at most 4 GB. The creator's
  // maximum duration comes from creator info; this is TikTok's ceiling.
  tiktok: {
    minDurationSec: 3,
    maxDurationSec: 600,
    maxBytes: 4 * GB,
    minFps: 23,
    maxFps: 60,
    minSidePx: 360,
    maxWidthPx: null,
    maxSidePx: 4096,
    videoCodecs: ['h264', 'hevc', 'vp8', 'vp9'],
    audioCodecs: ['aac', 'mp3', 'opus'],
    faststart: false,
  },
  // MP4/MOV, moov atom first, H.264/HEVC, AAC, 23-60 fps, at most 1920 px wide, 3 s-15 min.
  instagram: {
    minDurationSec: 3,
    maxDurationSec: 15 * 60,
    maxBytes: 300 * 1024 ** 2,
    minFps: 23,
    maxFps: 60,
    minSidePx: null,
    maxWidthPx: 1920,
    maxSidePx: null,
    videoCodecs: ['h264', 'hevc'],
    audioCodecs: ['aac'],
    faststart: true,
  },
  // 3-90 s, 9:16 recommended, 30 reels a rolling 24 h per Page.
  facebook: {
    minDurationSec: 3,
    maxDurationSec: 90,
    maxBytes: 1 * GB,
    minFps: 24,
    maxFps: 60,
    minSidePx: 540,
    maxWidthPx: null,
    maxSidePx: null,
    videoCodecs: ['h264', 'hevc'],
    audioCodecs: ['aac'],
    faststart: true,
  },
};

/** Daily publishing budgets the platforms set (read live where the platform reports one). */
export const PUBLISH_DAILY_LIMITS = {
  /** TikTok: pending inbox drafts in 24 h. */
  tiktokPendingInbox: 5,
  /** Facebook: reels a Page may publish in a rolling 24 h. */
  facebookReelsPerDay: 30,
  /**
   * Instagram: `content_publishing_limit` in Meta's reference (the worker reads the account's
   * real one before posting; planning ahead uses this).
   */
  instagramPostsPerDay: 50,
} as const;
