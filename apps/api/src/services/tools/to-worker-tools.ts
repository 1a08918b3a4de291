import { ToolCheckOutcomeSchema, WorkerToolReportSchema, type ToolCheck, type WorkerToolReport, type WorkerTools } from '@scrapper/contracts/http/tools';
import { ytDlpAgeDays } from '@scrapper/contracts/rules/yt-dlp-release';
import type { ToolUpdateCheckRow } from '@scrapper/db/schema';
import type { WorkerToolReportRow } from '@scrapper/db/queries/tool-status';

/**
 * YTDLP_RELEASE_URL may point at a private mirror with credentials in it (`https://user:pass@…`,
 * `?token=…`): the admin sees where releases come from, never the credentials.
 */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '***';
      parsed.password = '';
    }
    if (parsed.search) parsed.search = '?***';
    return parsed.toString();
  } catch {
    // Not a URL: nothing worth showing, and nothing that could be a secret.
    return '';
  }
}

/**
 * The worker writes its report as JSON; a report this API cannot read (a worker of another
 * version, a half-written shape) counts as no report rather than breaking the whole answer.
 */
export function readToolReport(value: unknown): WorkerToolReport | null {
  if (value === null || value === undefined) return null;
  const parsed = WorkerToolReportSchema.safeParse(value);
  if (!parsed.success) return null;
  const report = parsed.data;
  return { ...report, ytDlp: { ...report.ytDlp, releaseUrl: withoutCredentials(report.ytDlp.releaseUrl) } };
}

function toToolCheck(row: ToolUpdateCheckRow): ToolCheck | null {
  const outcome = ToolCheckOutcomeSchema.safeParse(row.outcome);
  if (!outcome.success) return null;
  return { at: row.finishedAt.toISOString(), outcome: outcome.data, latestVersion: row.latestVersion, message: row.message };
}

/** The later of the two: the machine's newest check row, or the one the worker reported. */
function newestCheck(fromTable: ToolCheck | null, fromReport: ToolCheck | null): ToolCheck | null {
  if (!fromTable) return fromReport;
  if (!fromReport) return fromTable;
  return Date.parse(fromReport.at) > Date.parse(fromTable.at) ? fromReport : fromTable;
}

export interface WorkerToolsContext {
  /** A worker silent since before this instant is flagged stale. */
  aliveSince: Date;
  now: Date;
}

export function toWorkerTools(row: WorkerToolReportRow, checkRow: ToolUpdateCheckRow | undefined, { aliveSince, now }: WorkerToolsContext): WorkerTools {
  const tools = readToolReport(row.tools);
  const ytDlp = tools?.ytDlp;
  const released = ytDlp && ytDlp.source !== 'missing' ? (ytDlp.releaseDate ?? ytDlp.version) : null;
  return {
    workerId: row.id,
    hostname: row.hostname,
    pid: row.pid,
    isStale: row.lastSeenAt < aliveSince,
    lastSeenAt: row.lastSeenAt.toISOString(),
    tools,
    ytDlpAgeDays: released ? ytDlpAgeDays(released, now) : null,
    lastCheck: newestCheck(checkRow ? toToolCheck(checkRow) : null, tools?.lastCheck ?? null),
  };
}
