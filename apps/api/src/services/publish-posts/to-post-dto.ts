// Rows of publish_posts and publish_targets as the API answers them (contracts' PostSchema).
import type { Post, PostTarget } from '@scrapper/contracts/http/publish';
import type { PostWithTargets, TargetWithName } from '@scrapper/db/queries/publish-posts';

export function toTargetDto(row: TargetWithName): PostTarget {
  const options = (row.options ?? {}) as { mode?: 'inbox' | 'direct' };
  return {
    id: row.id,
    accountId: row.accountId ?? row.youtubeAccountId ?? '',
    platform: row.platform,
    accountName: row.accountName,
    status: row.status,
    reason: row.reason,
    detail: row.detail,
    remoteId: row.remoteId,
    link: row.link,
    converted: row.converted,
    mode: row.platform === 'tiktok' ? (options.mode ?? 'inbox') : null,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function toPostDto(row: PostWithTargets): Post {
  return {
    id: row.post.id,
    serverFileId: row.post.serverFileId,
    fileName: row.fileName,
    caption: row.post.caption,
    title: row.post.title,
    scheduledAt: row.post.scheduledAt?.toISOString() ?? null,
    createdAt: row.post.createdAt.toISOString(),
    targets: row.targets.map(toTargetDto),
  };
}
