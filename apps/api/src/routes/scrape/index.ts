import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { FINAL_TASK_STATES, ResultFileSchema } from '@scrapper/contracts/http/scrape';
import {
  cancelScrapeTask,
  findScrapeTaskByResultFile,
  hideScrapeTask,
  listActiveScrapeTasks,
  listScrapeHistory,
  listScrapeTaskLogs,
} from '@scrapper/db/queries/scrape-tasks';
import { conflict, notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { requireUser } from '../../plugins/access.ts';
import { findOwnTask } from '../../services/scrape/find-own-task.ts';
import { getScrapeReadiness } from '../../services/scrape/get-scrape-readiness.ts';
import { retryScrape } from '../../services/scrape/retry-scrape.ts';
import { startScrape } from '../../services/scrape/start-scrape.ts';
import { toHistoryRecord, toTaskDto } from '../../services/scrape/to-task-dto.ts';
import type { AppDeps } from '../../app.ts';

export function scrapeRoutes(app: FastifyInstance, { database, boss, storage }: AppDeps): void {
  const { db } = database;

  async function taskWithLogs(user: SessionUser, id: string) {
    const row = await findOwnTask(db, user, id);
    const logs = await listScrapeTaskLogs(db, [row.id]);
    return toTaskDto(row, logs.get(row.id) ?? []);
  }

  defineRoute(app, endpoints.scrape.start, ({ body, request }) => startScrape(database, boss, requireUser(request), body));

  defineRoute(app, endpoints.scrape.readiness, () => getScrapeReadiness(db));

  defineRoute(app, endpoints.scrape.retry, ({ params, request }) => retryScrape(database, boss, requireUser(request), params.id));

  defineRoute(app, endpoints.scrape.status, async ({ params, request }) => {
    return taskWithLogs(requireUser(request), params.id);
  });

  defineRoute(app, endpoints.scrape.cancel, async ({ params, request }) => {
    const user = requireUser(request);
    const task = await findOwnTask(db, user, params.id);
    if (FINAL_TASK_STATES.includes(task.state)) throw conflict('Tugas sudah selesai dan tidak dapat dibatalkan.');
    // The worker following the Apify run sees the state and aborts the run.
    const cancelled = await cancelScrapeTask(db, task.id);
    if (!cancelled) throw conflict('Tugas sudah selesai dan tidak dapat dibatalkan.');
    return taskWithLogs(user, task.id);
  });

  defineRoute(app, endpoints.scrape.activeTasks, async ({ request }) => {
    const user = requireUser(request);
    const rows = await listActiveScrapeTasks(db, user.role === 'admin' ? null : user.id);
    const logs = await listScrapeTaskLogs(db, rows.map((r) => r.id));
    return rows.map((r) => toTaskDto(r, logs.get(r.id) ?? []));
  });

  defineRoute(app, endpoints.scrape.history, async ({ request }) => {
    const user = requireUser(request);
    return (await listScrapeHistory(db, user.role === 'admin' ? null : user.id)).map(toHistoryRecord);
  });

  defineRoute(app, endpoints.scrape.deleteHistory, async ({ params, request }) => {
    const task = await findOwnTask(db, requireUser(request), params.id);
    if (!FINAL_TASK_STATES.includes(task.state)) throw conflict('Tugas masih berjalan; batalkan dulu.');
    await hideScrapeTask(db, task.id);
    return { id: task.id };
  });

  defineRoute(app, endpoints.scrape.content, async ({ params, request }) => {
    const user = requireUser(request);
    const task = await findScrapeTaskByResultFile(db, params.fileName);
    if (!task?.resultPath || (user.role !== 'admin' && task.ownerId !== user.id)) {
      throw notFound('File hasil tidak ditemukan.');
    }
    let text: string;
    try {
      text = await storage.readText(task.resultPath);
    } catch {
      throw notFound('File hasil tidak ditemukan.');
    }
    return ResultFileSchema.parse(JSON.parse(text));
  });
}
