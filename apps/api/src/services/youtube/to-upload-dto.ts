import { VideoEffectSchema, type Upload } from '@scrapper/contracts/http/youtube-uploads';
import { isLockedPrivate, wasSentScheduled } from '@scrapper/contracts/rules/youtube-privacy';
import type { YouTubeUploadRow } from '@scrapper/db/schema';

export function toUploadDto(row: YouTubeUploadRow, accountName: string, ownerUsername?: string): Upload {
  const effect = VideoEffectSchema.safeParse(row.videoEffect);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    categoryId: row.categoryId,
    privacyStatus: row.privacyStatus,
    publishType: row.publishType,
    publishAt: row.publishAt?.toISOString() ?? null,
    madeForKids: row.madeForKids,
    containsSyntheticMedia: row.containsSyntheticMedia,
    videoEffect: effect.success ? effect.data : 'none',
    playlistId: row.playlistId,
    sourceKind: row.sourceKind,
    sourceUrl: row.sourceUrl,
    sourceFileId: row.sourceDownloadId,
    videoFileName: row.videoFileName,
    audioRemixUrl: row.audioRemixUrl,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    youtubeVideoId: row.youtubeVideoId,
    youtubePrivacyStatus: row.youtubePrivacyStatus,
    privacyLocked: isLockedPrivate({
      requested: row.privacyStatus,
      sentScheduled: wasSentScheduled({ publishType: row.publishType, publishAt: row.publishAt, sentAt: row.uploadedAt ?? row.updatedAt }),
      answered: row.youtubePrivacyStatus,
    }),
    errorMessage: row.errorMessage,
    errorDetail: row.errorDetail,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    account: { id: row.accountId, accountName },
    ...(ownerUsername !== undefined ? { username: ownerUsername } : {}),
    createdAt: row.createdAt.toISOString(),
    uploadedAt: row.uploadedAt?.toISOString() ?? null,
  };
}
