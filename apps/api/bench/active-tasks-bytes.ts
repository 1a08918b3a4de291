// Measures what the dashboard's task calls weigh (issue 16 item 3): GET /api/scrape/active-tasks
// and one GET /api/scrape/status/:id for 10 running tasks with 300 log lines each, as sent now
// (the newest 20 lines and a count), against the same answer with the newest 200 lines of each
// task as it was before (built from the same rows: the old shape had no line ids or counts).
// Run: cd apps/api && node --disable-warning=ExperimentalWarning bench/active-tasks-bytes.ts
import { createDatabase } from '@scrapper/db/client';
import { startBenchApi } from './start-api.ts';

const TASKS = 10;
const LINES = 300;
const OLD_LIMIT = 200;

const api = await startBenchApi('log-bytes');
const database = createDatabase(api.databaseUrl, { max: 1 });
const { sql } = database;
try {
  // The old bench's seeding (tooling/bench api-overhead before issue 16), 300 lines instead of 200.
  await sql.unsafe(
    `insert into scrape_tasks (owner_id, actor_id, platform_id, scrape_type, target, input, platform_info, state,
                               progress_percentage, items_found, created_at, started_at)
     select $1::uuid, 'clockworks/tiktok-scraper', 'tiktok', 'keyword', 'kucing ' || g, '{"searchQueries":"kucing"}',
            '{"platformId":"tiktok","displayName":"TikTok","scrapeType":"keyword"}', 'running', 40, 400,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from generate_series(1, $2::int) g`,
    [api.userId, TASKS],
  );
  await sql.unsafe(
    `insert into scrape_task_logs (task_id, message, at)
     select t.id, 'Scraped ' || (g * 10) || ' items so far (halaman ' || g || ')', now() - ((300 - g) || ' seconds')::interval
     from scrape_tasks t cross join generate_series(1, $1::int) g where t.state = 'running' order by g, t.id`,
    [LINES],
  );

  const get = async (path: string) => {
    const res = await fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${api.token}`, 'accept-encoding': 'identity' } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return text;
  };
  const activeText = await get('/api/scrape/active-tasks');
  const active = JSON.parse(activeText) as Array<{ id: string; logs: unknown[]; logCount: number }>;
  if (active.length !== TASKS || active.some((t) => t.logs.length !== 20 || t.logCount !== LINES)) throw new Error('unexpected answer');

  // The same tasks with the old log part: the newest 200 lines of each, { message, at }.
  const oldLogs = await sql.unsafe<Array<{ task_id: string; message: string; at: string }>>(
    `select task_id, message, at from (
       select l.*, row_number() over (partition by task_id order by id desc) as rn from scrape_task_logs l
     ) t where rn <= $1 order by task_id, id`,
    [OLD_LIMIT],
  );
  const oldShape = (task: { id: string; logs: unknown[]; logCount: number }) => {
    const { logCount: _count, ...rest } = task;
    return { ...rest, logs: oldLogs.filter((l) => l.task_id === task.id).map((l) => ({ message: l.message, at: new Date(l.at).toISOString() })) };
  };
  const before = JSON.stringify(active.map(oldShape));
  const statusText = await get(`/api/scrape/status/${active[0]?.id}`);
  const statusBefore = JSON.stringify(oldShape(JSON.parse(statusText)));
  const logsText = await get(`/api/scrape/status/${active[0]?.id}/logs?after=0&limit=500`);

  const kb = (s: string) => `${(Buffer.byteLength(s) / 1024).toFixed(1)} KB`;
  console.log(`active tasks, ${TASKS} tasks x ${LINES} lines: before ${kb(before)}, after ${kb(activeText)}`);
  console.log(`one status poll: before ${kb(statusBefore)}, after ${kb(statusText)}`);
  console.log(`one task's whole log once (logs endpoint, ${LINES} lines): ${kb(logsText)}`);
} finally {
  await database.close();
  await api.stop();
}
