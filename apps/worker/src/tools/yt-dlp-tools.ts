// The worker's managed yt-dlp: which program the jobs run (pinned > managed > PATH, looked up at
// every run), the update checks (at start in the background, from the daily pg-boss schedule,
// and from a catch-up timer of each process), their record, the worker's tool report, and the
// admins' notifications. How the checks reach every machine: docs/decisions.md, "Managed yt-dlp".
import { hostname as osHostname } from 'node:os';
import { WorkerToolReportSchema, YTDLP_MAX_AGE_DAYS, type ToolCheck, type ToolCheckOutcome, type WorkerToolReport } from '@scrapper/contracts/http/tools';
import type { Database } from '@scrapper/db/client';
import {
  findLastToolUpdateCheck,
  findLatestVerifiedToolVersion,
  insertToolUpdateCheck,
  ToolUpdateLockTimeout,
  updateWorkerTools,
  withToolUpdateLock,
} from '@scrapper/db/queries/tools';
import type { ToolUpdateCheckRow } from '@scrapper/db/schema';
import { ffmpegFamilyVersion } from '@scrapper/integrations/program-version';
import { locateYtDlp, managedYtDlpPath, type LocateOptions, type YtDlpLocation } from '@scrapper/integrations/yt-dlp-manager/locate';
import { currentNode, jsRuntimeOf, readYtDlpVersion } from '@scrapper/integrations/yt-dlp-manager/program';
import type { ReleaseTimeouts } from '@scrapper/integrations/yt-dlp-manager/release-fetch';
import { updateManagedYtDlp } from '@scrapper/integrations/yt-dlp-manager/update-managed';
import { compareYtDlpVersions, parseYtDlpVersion, releaseDateOf, ytDlpAgeDays } from '@scrapper/integrations/yt-dlp-manager/version';
import type { Env } from '../env.ts';
import { notifyYtDlpMissing, notifyYtDlpOld, notifyYtDlpUpdateFailed } from './notify-tools.ts';

/** Why a check runs: the process started, the daily schedule, or the catch-up timer. */
export type CheckTrigger = 'start' | 'schedule' | 'catch-up';

export interface ToolsLogger {
  info(message: string): void;
  error(message: string): void;
}

export interface YtDlpToolsOptions {
  env: Pick<Env, 'ytdlp' | 'ffmpegPath' | 'ffprobePath' | 'allowPrivateNetworkFetch' | 'fetchAllowPrivateHosts'>;
  database: Database;
  workerId: string;
  log: ToolsLogger;
  /** Default: os.hostname(). The machine, for its DATA_DIR: checks are recorded per hostname. */
  hostname?: string;
  /** For tests: PATH to look for the system's yt-dlp on. Default: this process's PATH. */
  searchPath?: string;
  /** For tests: the release download's deadlines. */
  timeouts?: Partial<ReleaseTimeouts>;
  /** How long a check waits for another worker's update. Default 10 min. */
  lockWaitMs?: number;
  /** How often the catch-up timer looks at the record. Default 1 h. */
  catchUpIntervalMs?: number;
  now?: () => Date;
}

export interface CheckResult {
  outcome: ToolCheckOutcome;
  message: string;
  /** The row written to tool_update_checks. */
  recorded: ToolUpdateCheckRow | undefined;
}

export interface YtDlpTools {
  /** The yt-dlp to run now: pinned > managed > PATH (the bare name when none is found). */
  binary(): Promise<string>;
  locate(): Promise<YtDlpLocation>;
  /**
   * One update check of this machine's managed copy (or a `skipped` record when pinned or
   * auto-update is off), one at a time across all workers; recorded, reported, and told to the
   * admins when it failed or the yt-dlp is old. A check already running in this process is joined.
   */
  check(trigger: CheckTrigger): Promise<CheckResult>;
  /** Writes this worker's tool report into its heartbeat row, and returns it. */
  report(): Promise<WorkerToolReport>;
  /** In the background: the first report and the start check, then the catch-up timer. */
  start(): void;
  /** Stops the timer and any running check (the old copy stays: the update never half-swaps). */
  stop(): Promise<void>;
}

const HOUR = 3600_000;
/** A machine checks daily; after a failed, offline or skipped check, again after this long. */
const RETRY_AFTER_MS = 3 * HOUR;
const DAILY_MS = 24 * HOUR;
/** A start within this long of the machine's last good check does not check again (restarts). */
const START_FRESH_MS = 15 * 60_000;
const STOP_WAIT_MS = 5000;

function toToolCheck(row: ToolUpdateCheckRow | undefined): ToolCheck | null {
  if (!row) return null;
  return { at: row.finishedAt.toISOString(), outcome: row.outcome, latestVersion: row.latestVersion, message: row.message };
}

export function createYtDlpTools(options: YtDlpToolsOptions): YtDlpTools {
  const { env, database, log } = options;
  const hostname = options.hostname ?? osHostname();
  const now = options.now ?? (() => new Date());
  const locateOptions: LocateOptions = { pinnedPath: env.ytdlp.pinnedPath, toolsDir: env.ytdlp.toolsDir, searchPath: options.searchPath };
  const managesItself = env.ytdlp.pinnedPath === undefined && env.ytdlp.autoUpdate;
  const stopping = new AbortController();
  let inFlight: Promise<CheckResult> | undefined;
  let background: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const locate = () => locateYtDlp(locateOptions);

  async function report(): Promise<WorkerToolReport> {
    const location = await locate();
    const runtime = location.path === null ? undefined : await jsRuntimeOf(location.path);
    const version = runtime?.version === undefined ? undefined : parseYtDlpVersion(runtime.version);
    const [ffmpeg, ffprobe, lastCheck] = await Promise.all([
      ffmpegFamilyVersion(env.ffmpegPath),
      ffmpegFamilyVersion(env.ffprobePath),
      findLastToolUpdateCheck(database.db, hostname),
    ]);
    const built = WorkerToolReportSchema.parse({
      ytDlp: {
        version: version?.text ?? runtime?.version ?? null,
        releaseDate: version ? releaseDateOf(version) : null,
        source: location.source,
        path: location.path,
        channel: env.ytdlp.channel,
        autoUpdate: managesItself,
        releaseUrl: env.ytdlp.releaseUrl,
        jsRuntime: { wired: runtime?.value !== undefined, value: runtime?.value ?? null, nodeVersion: currentNode().version },
      },
      ffmpeg: { version: ffmpeg, path: env.ffmpegPath },
      ffprobe: { version: ffprobe, path: env.ffprobePath },
      lastCheck: toToolCheck(lastCheck),
      network: { allowPrivateNetworkFetch: env.allowPrivateNetworkFetch, allowHosts: env.fetchAllowPrivateHosts },
      reportedAt: now().toISOString(),
    });
    await updateWorkerTools(database.db, options.workerId, built);
    return built;
  }

  /** Admins hear about a missing or old yt-dlp (once a day per machine). */
  async function warnAdmins(report: WorkerToolReport, outcome: ToolCheckOutcome): Promise<void> {
    const { ytDlp } = report;
    if (ytDlp.source === 'missing') {
      const how = outcome === 'offline' ? 'Server rilis juga tidak terjangkau.' : 'Setel YTDLP_PATH atau periksa YTDLP_RELEASE_URL.';
      await notifyYtDlpMissing(database.db, hostname, how, now());
      return;
    }
    const version = ytDlp.version === null ? undefined : parseYtDlpVersion(ytDlp.version);
    if (!version) return;
    const age = ytDlpAgeDays(version, now());
    if (age <= YTDLP_MAX_AGE_DAYS) return;
    const from = { pinned: 'dipasang operator lewat YTDLP_PATH, tidak diperbarui otomatis', managed: 'salinan terkelola', system: 'yt-dlp sistem (PATH)' }[ytDlp.source];
    let why: string;
    if (ytDlp.source === 'pinned') why = 'Perbarui program di YTDLP_PATH, atau hapus YTDLP_PATH agar produk mengelolanya sendiri.';
    else if (!managesItself) why = 'Pembaruan otomatis dimatikan (YTDLP_AUTO_UPDATE=false).';
    else if (outcome === 'offline') why = 'Server rilis tidak terjangkau, jadi yt-dlp belum bisa diperbarui.';
    else if (outcome === 'failed') why = 'Pembaruan terakhir gagal.';
    else why = 'Rilis terbaru di server rilis pun sama tuanya.';
    await notifyYtDlpOld(database.db, hostname, `versi ${version.text} (${from}) berumur ${age} hari, lebih dari ${YTDLP_MAX_AGE_DAYS} hari. ${why}`, now());
  }

  async function runCheck(trigger: CheckTrigger): Promise<CheckResult> {
    const startedAt = now();
    let result: { outcome: ToolCheckOutcome; message: string; fromVersion: string | null; toVersion: string | null; latestVersion: string | null };
    if (!managesItself) {
      const location = await locate();
      const version = location.path === null ? null : ((await readYtDlpVersion(location.path)) ?? null);
      const message =
        env.ytdlp.pinnedPath !== undefined
          ? `yt-dlp dipasang operator lewat YTDLP_PATH (${env.ytdlp.pinnedPath}); tidak diperbarui otomatis.`
          : 'Pembaruan otomatis yt-dlp dimatikan (YTDLP_AUTO_UPDATE=false); yt-dlp yang ada tetap dipakai.';
      result = { outcome: 'skipped', message, fromVersion: version, toVersion: version, latestVersion: null };
    } else {
      try {
        result = await withToolUpdateLock(
          database,
          'yt-dlp',
          () =>
            updateManagedYtDlp({
              releaseUrl: env.ytdlp.releaseUrl,
              toolsDir: env.ytdlp.toolsDir,
              timeouts: options.timeouts,
              signal: stopping.signal,
            }),
          options.lockWaitMs ?? 10 * 60_000,
        );
      } catch (error) {
        if (!(error instanceof ToolUpdateLockTimeout)) throw error;
        const version = (await readYtDlpVersion(managedYtDlpPath(env.ytdlp.toolsDir))) ?? null;
        result = { outcome: 'skipped', message: `${error.message} Dicoba lagi nanti.`, fromVersion: version, toVersion: version, latestVersion: null };
      }
    }
    // Stopped mid-check (shutdown): nothing was swapped and nothing is worth telling anyone.
    if (stopping.signal.aborted) return { outcome: result.outcome, message: result.message, recorded: undefined };
    const recorded = await insertToolUpdateCheck(database.db, { hostname, workerId: options.workerId, ...result, startedAt, finishedAt: now() });
    log[result.outcome === 'failed' ? 'error' : 'info'](`[worker] yt-dlp check (${trigger}): ${result.outcome}: ${result.message}`);
    const written = await report();
    if (result.outcome === 'failed') await notifyYtDlpUpdateFailed(database.db, hostname, result.message, now());
    await warnAdmins(written, result.outcome);
    return { outcome: result.outcome, message: result.message, recorded };
  }

  function check(trigger: CheckTrigger): Promise<CheckResult> {
    inFlight ??= runCheck(trigger).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  /** Whether this machine is due a check: daily, sooner after a bad one, or to catch up with a newer release another machine verified. */
  async function isDue(withinMs: number): Promise<boolean> {
    const last = await findLastToolUpdateCheck(database.db, hostname);
    if (!last) return true;
    const age = now().getTime() - last.finishedAt.getTime();
    const good = last.outcome === 'current' || last.outcome === 'updated';
    if (age >= (good ? withinMs : Math.min(withinMs, RETRY_AFTER_MS))) return true;
    const newest = await findLatestVerifiedToolVersion(database.db);
    const offered = newest?.latestVersion ? parseYtDlpVersion(newest.latestVersion) : undefined;
    if (!newest || !offered || newest.finishedAt <= last.finishedAt) return false;
    const mine = await readYtDlpVersion(managedYtDlpPath(env.ytdlp.toolsDir));
    const have = mine === undefined ? undefined : parseYtDlpVersion(mine);
    return !have || compareYtDlpVersions(offered, have) > 0;
  }

  async function catchUp(): Promise<void> {
    if (!managesItself || inFlight) return;
    if (await isDue(DAILY_MS)) await check('catch-up');
  }

  async function onStart(): Promise<void> {
    const first = await report();
    if (managesItself && !(await isDue(START_FRESH_MS))) {
      // Another worker of this machine checked moments ago; the age warning still applies.
      await warnAdmins(first, first.lastCheck?.outcome ?? 'current');
      return;
    }
    await check('start');
  }

  return {
    binary: async () => (await locate()).path ?? 'yt-dlp',
    locate,
    check,
    report,
    start() {
      background = onStart().catch((error: unknown) => {
        if (!stopping.signal.aborted) log.error(`[worker] yt-dlp start check failed: ${String(error)}`);
      });
      timer = setInterval(() => {
        void catchUp().catch((error: unknown) => log.error(`[worker] yt-dlp catch-up failed: ${String(error)}`));
      }, options.catchUpIntervalMs ?? HOUR);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      stopping.abort();
      // A check waiting for another worker's lock cannot be aborted: it ends when the pool closes.
      const pending = [background, inFlight].filter((p) => p !== undefined).map((p) => (p as Promise<unknown>).catch(() => undefined));
      await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
