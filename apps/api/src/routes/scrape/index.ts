import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { paginationOf } from '@scrapper/contracts/common';
import { ResultFileSchema, TASK_LOG_TAIL } from '@scrapper/contracts/http/scrape';
import { isFinalTaskState } from '@scrapper/contracts/rules/task-states';
import {
  cancelScrapeTask,
  hideScrapeTask,
  listActiveScrapeTasks,
  listScrapeHistory,
  listScrapeTaskLogsAfter,
  listScrapeTaskLogTails,
} from '@scrapper/db/queries/scrape-tasks';
import { conflict, notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { findResultFileTask, RESULT_FILE_NOT_FOUND } from '../../services/media/open-result-file.ts';
import { findOwnTask } from '../../services/scrape/find-own-task.ts';
import { getScrapeReadiness } from '../../services/scrape/get-scrape-readiness.ts';
import { retryScrape } from '../../services/scrape/retry-scrape.ts';
import { startScrape } from '../../services/scrape/start-scrape.ts';
import { toHistoryRecord, toTaskDto, toTaskLog } from '../../services/scrape/to-task-dto.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ownerScope } from '../../lib/owner-scope.ts';

export function scrapeRoutes(app: FastifyInstance, { database, boss, storage }: AppDeps): void {
  const { db } = database;

  async function taskWithLogs(user: SessionUser, id: string) {
    const row = await findOwnTask(db, user, id);
    const tails = await listScrapeTaskLogTails(db, [row.id], TASK_LOG_TAIL);
    return toTaskDto(row, tails.get(row.id) ?? { logs: [], count: 0 });
  }

  defineRoute(app, endpoints.scrape.start, ({ body, user }) => startScrape(database, boss, user, body));

  defineRoute(app, endpoints.scrape.readiness, () => getScrapeReadiness(db));

  defineRoute(app, endpoints.scrape.retry, ({ params, user }) => retryScrape(database, boss, user, params.id));

  defineRoute(app, endpoints.scrape.status, async ({ params, user }) => {
    return taskWithLogs(user, params.id);
  });

  defineRoute(app, endpoints.scrape.taskLogs, async ({ params, query, user }) => {
    const task = await findOwnTask(db, user, params.id);
    const page = await listScrapeTaskLogsAfter(db, task.id, query.after, query.limit);
    return { logs: page.logs.map(toTaskLog), logCount: page.count, hasMore: page.hasMore };
  });

  defineRoute(app, endpoints.scrape.cancel, async ({ params, user }) => {
    const task = await findOwnTask(db, user, params.id);
    if (isFinalTaskState(task.state)) throw conflict('Tugas sudah selesai dan tidak dapat dibatalkan.');
    // The worker following the Apify run sees the state and aborts the run.
    const cancelled = await cancelScrapeTask(db, task.id);
    if (!cancelled) throw conflict('Tugas sudah selesai dan tidak dapat dibatalkan.');
    return taskWithLogs(user, task.id);
  });

  defineRoute(app, endpoints.scrape.activeTasks, async ({ user }) => {
    const rows = await listActiveScrapeTasks(db, ownerScope(user));
    const tails = await listScrapeTaskLogTails(db, rows.map((r) => r.id), TASK_LOG_TAIL);
    return rows.map((r) => toTaskDto(r, tails.get(r.id) ?? { logs: [], count: 0 }));
  });

  defineRoute(app, endpoints.scrape.history, async ({ query, user }) => {
    const { rows, total } = await listScrapeHistory(db, ownerScope(user), query);
    return { history: rows.map(toHistoryRecord), pagination: paginationOf(query, rows.length, total) };
  });

  defineRoute(app, endpoints.scrape.deleteHistory, async ({ params, user }) => {
    const task = await findOwnTask(db, user, params.id);
    if (!isFinalTaskState(task.state)) throw conflict('Tugas masih berjalan; batalkan dulu.');
    await hideScrapeTask(db, task.id);
    return { id: task.id };
  });

  defineRoute(app, endpoints.scrape.content, async ({ params, user }) => {
    const task = await findResultFileTask(database, user, params.fileName);
    let text: string;
    try {
      text = await storage.readText(task.resultPath);
    } catch {
      throw notFound(RESULT_FILE_NOT_FOUND);
    }
    return ResultFileSchema.parse(JSON.parse(text));
  });
}
