import type { ScrapeHistoryRecord, Task, TaskLog } from '@scrapper/contracts/http/scrape';
import type { ScrapeHistoryEntry, ScrapeTaskWithOwner, TaskLogTail } from '@scrapper/db/queries/scrape-tasks';
import type { ScrapeTaskLogRow } from '@scrapper/db/schema';

/** What a task and its history record both say about how it ended. */
function outcomeOf(row: Pick<ScrapeTaskWithOwner, 'counts' | 'warning' | 'error' | 'errorDetail' | 'retryOf'>) {
  return {
    counts: row.counts,
    warning: row.warning,
    error: row.error,
    errorDetail: row.errorDetail,
    retryOf: row.retryOf,
  };
}

export function toTaskLog(line: ScrapeTaskLogRow): TaskLog {
  return { id: line.id, message: line.message, at: line.at.toISOString() };
}

/** `tail`: the task's newest log lines and its line count (listScrapeTaskLogTails). */
export function toTaskDto(row: ScrapeTaskWithOwner, tail: TaskLogTail): Task {
  return {
    id: row.id,
    state: row.state,
    progress: { percentage: row.progressPercentage, itemsFound: row.itemsFound },
    logs: tail.logs.map(toTaskLog),
    logCount: tail.count,
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

export function toHistoryRecord(row: ScrapeHistoryEntry): ScrapeHistoryRecord {
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
