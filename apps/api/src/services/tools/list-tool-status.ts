import type { ToolsResponse } from '@scrapper/contracts/http/tools';
import type { PrivateFetchSettings } from '@scrapper/contracts/rules/private-fetch';
import type { Db } from '@scrapper/db/client';
import { listLatestToolUpdateChecks, listWorkerToolReports } from '@scrapper/db/queries/tool-status';
import { toolWarnings } from './tool-warnings.ts';
import { toWorkerTools } from './to-worker-tools.ts';

export interface ToolStatusWindows {
  /** Workers heard from within this many seconds are listed (the Worker tab's window). */
  listSeconds: number;
  /** A worker silent for longer than this is flagged stale. */
  aliveSeconds: number;
}

/** Per worker: its tool report, the yt-dlp's age and the machine's newest update check; plus the warnings. */
export async function listToolStatus(db: Db, windows: ToolStatusWindows, apiNetwork?: PrivateFetchSettings, now = new Date()): Promise<ToolsResponse> {
  const rows = await listWorkerToolReports(db, new Date(now.getTime() - windows.listSeconds * 1000));
  const checks = await listLatestToolUpdateChecks(
    db,
    rows.map((row) => row.hostname),
  );
  const checkByHost = new Map(checks.map((check) => [check.hostname, check]));
  const aliveSince = new Date(now.getTime() - windows.aliveSeconds * 1000);
  const workers = rows.map((row) => toWorkerTools(row, checkByHost.get(row.hostname), { aliveSince, now }));
  return { workers, warnings: toolWarnings(workers, apiNetwork) };
}
