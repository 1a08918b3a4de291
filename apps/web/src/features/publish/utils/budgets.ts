import type { Post, PublishAccount, PublishingLimit } from '@scrapper/contracts/http/publish';
import { PUBLISH_DAILY_LIMITS } from '@scrapper/contracts/rules/publish-destinations';

// The publishing budget shown beside each chosen destination (issue 33 item 6). YouTube's
// upload bucket (GET /api/youtube/accounts/:id/quota) and Instagram's content_publishing_limit
// (GET /api/publish/accounts/:id/publishing-limit) are read live. TikTok and Facebook publish
// no figure to read, so the composer counts what this member sent through Scrapper to that
// account in the last 24 hours against the platform's published limit (and Instagram's count
// stands in while Meta's figure cannot be read).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Instagram's content_publishing_limit in Meta's reference (the worker reads the real one). */
export const INSTAGRAM_REFERENCE_LIMIT = 50;

export interface BudgetUse {
  /** Targets to this account in the last 24 h that did not fail or get cancelled. */
  sent: number;
  /** TikTok: inbox drafts among them. */
  inbox: number;
  /** TikTok: direct posts TikTok refused in the last 24 h. */
  directRefused: number;
}

export function budgetUse(posts: readonly Post[], accountId: string, now: Date): BudgetUse {
  const use: BudgetUse = { sent: 0, inbox: 0, directRefused: 0 };
  for (const post of posts) {
    const at = Date.parse(post.scheduledAt ?? post.createdAt);
    if (!(now.getTime() - at < DAY_MS)) continue;
    for (const target of post.targets) {
      if (target.accountId !== accountId) continue;
      if (target.status === 'failed') {
        if (target.mode === 'direct') use.directRefused += 1;
        continue;
      }
      if (target.status === 'cancelled') continue;
      use.sent += 1;
      if (target.mode === 'inbox') use.inbox += 1;
    }
  }
  return use;
}

/** Instagram's own figure: what is left of its rolling window. */
export function instagramLimitText(limit: PublishingLimit): string {
  const left = Math.max(0, limit.total - limit.used);
  return `Sisa publikasi ${limit.windowHours} jam ini menurut Instagram: ${left} dari ${limit.total}.`;
}

/** The budget sentence for a TikTok, Instagram or Facebook destination. */
export function budgetText(account: PublishAccount, use: BudgetUse): string {
  switch (account.platform) {
    case 'tiktok': {
      const left = Math.max(0, PUBLISH_DAILY_LIMITS.tiktokPendingInbox - use.inbox);
      const refused =
        use.directRefused > 0 ? ` Posting langsung yang ditolak TikTok: ${use.directRefused}.` : '';
      return `Sisa draf kotak masuk 24 jam ini: ${left} dari ${PUBLISH_DAILY_LIMITS.tiktokPendingInbox}.${refused}`;
    }
    case 'facebook': {
      const left = Math.max(0, PUBLISH_DAILY_LIMITS.facebookReelsPerDay - use.sent);
      return `Sisa reel 24 jam ini: ${left} dari ${PUBLISH_DAILY_LIMITS.facebookReelsPerDay}.`;
    }
    case 'instagram':
      return `Terkirim 24 jam terakhir: ${use.sent}. Batas dibaca dari Meta saat mengirim (umumnya ${INSTAGRAM_REFERENCE_LIMIT}).`;
    case 'youtube':
      return '';
  }
}
