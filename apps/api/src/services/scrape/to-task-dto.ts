import type { ScrapeHistoryRecord, Task } from '@scrapper/contracts/http/scrape';
import type { ScrapeTaskWithOwner } from '@scrapper/db/queries/scrape-tasks';
import type { ScrapeTaskLogRow } from '@scrapper/db/schema';

/** What a task and its history record both say about how it ended. */
function outcomeOf(row: ScrapeTaskWithOwner) {
  return {
    counts: row.counts,
    warning: row.warning,
    error: row.error,
    errorDetail: row.errorDetail,
    retryOf: row.retryOf,
  };
}

export function toTaskDto(row: ScrapeTaskWithOwner, logs: ScrapeTaskLogRow[]): Task {
  return {
    id: row.id,
    state: row.state,
    progress: { percentage: row.progressPercentage, itemsFound: row.itemsFound },
    logs: logs.map((l) => ({ message: l.message, at: l.at.toISOString() })),
    result:
      row.resultFileName && row.resultPath && row.finishedAt
        ? {
            fileName: row.resultFileName,
            outputPath: row.resultPath,
            itemCount: row.resultItemCount ?? 0,
            timestamp: row.finishedAt.toISOString(),
          }
        : null,
    ...outcomeOf(row),
    data: { actorId: row.actorId, input: row.input, platformInfo: row.platformInfo },
    owner: { id: row.ownerId, username: row.ownerUsername },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    usageTotalUsd: row.usageTotalUsd,
  };
}

export function toHistoryRecord(row: ScrapeTaskWithOwner): ScrapeHistoryRecord {
  return {
    jobId: row.id,
    status: row.state,
    platform: row.platformId,
    target: row.target,
    resultFileName: row.resultFileName,
    itemCount: row.resultItemCount,
    completedAt: row.finishedAt?.toISOString() ?? null,
    username: row.ownerUsername,
    usageTotalUsd: row.usageTotalUsd,
    ...outcomeOf(row),
  };
}
