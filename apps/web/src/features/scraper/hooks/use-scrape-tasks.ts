import type { PlatformConfig, Task } from '@scrapper/contracts/http/scrape';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError, describeError, errorMessage, isAbortError } from '@/lib/api-error.ts';
import { liveEvents } from '@/lib/events.ts';
import { withMember } from '@/lib/set-member.ts';
import {
  cancelScrapeTask,
  deleteScrapeHistory,
  getResultPreview,
  getScrapeTask,
  listActiveTasks,
  listScrapeHistory,
  listTaskLogs,
  retryScrapeTask,
} from '../api.ts';
import type { ResultPreview } from '../api.ts';
import {
  fromHistory,
  fromTask,
  isFinalState,
  isPollable,
  startedTask,
  tasksReducer,
} from '../utils/dashboard-task.ts';
import type { DashboardTask } from '../utils/dashboard-task.ts';
import { pollTask } from '../utils/poll-task.ts';
import { furtherHeld, logUpdateFor, mergeLogs, type HeldLogs, type TaskUpdate } from '../utils/task-logs.ts';

/** Finished tasks asked for at a time (the history pages; the server allows up to 200). */
export const HISTORY_PAGE_SIZE = 50;

/** What the list knows of the history beyond the records it holds. */
export interface HistoryPages {
  /** Finished tasks on the server not in the list yet (as of the last page). */
  remaining: number;
  hasMore: boolean;
  loading: boolean;
}

/** A task's status, plus the log lines after those `held` when its newest lines do not reach them. */
async function fetchTaskUpdate(
  id: string,
  held: HeldLogs,
  signal: AbortSignal,
): Promise<TaskUpdate> {
  const task = await getScrapeTask(id, signal);
  const logs = await logUpdateFor(
    held,
    task,
    (after, pageSignal) => listTaskLogs(id, after, pageSignal),
    signal,
  );
  return { task, logs };
}

export interface LastResult {
  taskId: string;
  platformName: string;
  target: string;
  fileName: string;
  itemCount: number;
  status: 'loading' | 'ready' | 'error';
  /** The file's first items and their count, once loaded. */
  preview: ResultPreview | null;
}

export interface UseScrapeTasksOptions {
  platforms: PlatformConfig[];
  /** The platform list has settled (loaded or failed): targets can be read from inputs. */
  ready: boolean;
  reportError: (message: string) => void;
}

/**
 * The dashboard's tasks: the server's active tasks and the first page of history loaded on
 * open (more pages on request), tasks started here added on top; every waiting/active/running
 * task polled until it is final, pollers stopped when their task leaves the list or the page
 * closes. Each poll brings only the log lines after those held. A task that completes with a
 * result file becomes the last result, and the file's first items are fetched.
 */
export function useScrapeTasks({ platforms, ready, reportError }: UseScrapeTasksOptions) {
  const [tasks, dispatch] = useReducer(tasksReducer, []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [lastResult, setLastResult] = useState<LastResult | null>(null);
  const [logsLoading, setLogsLoading] = useState(false);
  const [history, setHistory] = useState<HistoryPages>({
    remaining: 0,
    hasMore: false,
    loading: false,
  });
  const platformsRef = useRef(platforms);
  const reportRef = useRef(reportError);
  const tasksRef = useRef(tasks);
  const pollers = useRef(new Map<string, AbortController>());
  // Every task on screen was loaded after the page mounted: a task event heard since then makes
  // a new poller ask at once instead of waiting for the next event (lib/events.ts).
  const mountedAt = useRef<number | null>(null);
  if (mountedAt.current === null) mountedAt.current = liveEvents.cursor();
  const contentRequest = useRef<AbortController | null>(null);
  const historyRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    platformsRef.current = platforms;
    reportRef.current = reportError;
    tasksRef.current = tasks;
  });

  useEffect(() => {
    if (!ready) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.allSettled([
      listActiveTasks(signal),
      listScrapeHistory({ offset: 0, limit: HISTORY_PAGE_SIZE }, signal),
    ]).then(([active, history]) => {
      if (signal.aborted) return;
      const loaded: DashboardTask[] = [];
      if (active.status === 'fulfilled') {
        loaded.push(...active.value.map((task) => fromTask(task, platformsRef.current)));
      } else if (!isAbortError(active.reason)) {
        console.error('Gagal memuat tugas aktif.', active.reason);
      }
      if (history.status === 'fulfilled') {
        const page = history.value;
        loaded.push(...page.history.map((record) => fromHistory(record, platformsRef.current)));
        setHistory({
          remaining: Math.max(0, page.pagination.total - page.history.length),
          hasMore: page.pagination.hasMore,
          loading: false,
        });
      } else if (!isAbortError(history.reason)) {
        console.error('Gagal memuat riwayat scraping.', history.reason);
      }
      dispatch({ type: 'loaded', tasks: loaded });
    });
    return () => controller.abort();
  }, [ready]);

  /**
   * The next page of history. Its offset is the number of finished tasks the list holds: the
   * server's history, newest first, begins with exactly those (tasks that finished here since
   * included), so the page starts where the list ends. Should the server have more at the top
   * (finished in another tab), a record comes twice and the list keeps it once.
   */
  const loadMoreHistory = useCallback(async () => {
    if (historyRequest.current) return;
    const controller = new AbortController();
    historyRequest.current = controller;
    setHistory((current) => ({ ...current, loading: true }));
    const offset = tasksRef.current.filter((task) => isFinalState(task.state)).length;
    try {
      const page = await listScrapeHistory({ offset, limit: HISTORY_PAGE_SIZE }, controller.signal);
      dispatch({
        type: 'loaded',
        tasks: page.history.map((record) => fromHistory(record, platformsRef.current)),
      });
      setHistory({
        remaining: Math.max(0, page.pagination.total - offset - page.history.length),
        hasMore: page.pagination.hasMore,
        loading: false,
      });
    } catch (error) {
      if (isAbortError(error)) return;
      // Spec: a failed history load is logged only; the button stays to try again.
      console.error('Gagal memuat riwayat scraping.', error);
      setHistory((current) => ({ ...current, loading: false }));
    } finally {
      if (historyRequest.current === controller) historyRequest.current = null;
    }
  }, []);

  const showResult = useCallback((task: Task) => {
    if (task.state !== 'completed' || !task.result) return;
    const known = tasksRef.current.find((t) => t.id === task.id);
    const fileName = task.result.fileName;
    setLastResult({
      taskId: task.id,
      platformName: known?.platformName ?? task.data.platformInfo.displayName,
      target: known?.target ?? '',
      fileName,
      itemCount: task.result.itemCount,
      status: 'loading',
      preview: null,
    });
    contentRequest.current?.abort();
    const controller = new AbortController();
    contentRequest.current = controller;
    getResultPreview(fileName, controller.signal)
      .then((preview) => {
        setLastResult((current) =>
          current?.fileName === fileName ? { ...current, status: 'ready', preview } : current,
        );
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setLastResult((current) =>
          current?.fileName === fileName ? { ...current, status: 'error' } : current,
        );
        reportRef.current(`Gagal memuat file: ${describeError(error)}`);
      });
  }, []);

  /** The log lines the list holds for a task (a task not in the list holds none). */
  const heldLogsOf = useCallback((id: string): HeldLogs => {
    const task = tasksRef.current.find((t) => t.id === id);
    return task ? { lines: task.logs, loaded: task.logsLoaded } : { lines: [], loaded: true };
  }, []);

  // One poller per unfinished task. The key changes only when the set of such tasks does.
  const pollingKey = tasks
    .filter((task) => isPollable(task.state))
    .map((task) => task.id)
    .join(',');
  useEffect(() => {
    const wanted = new Set(pollingKey ? pollingKey.split(',') : []);
    for (const [id, controller] of pollers.current) {
      if (!wanted.has(id)) {
        controller.abort();
        pollers.current.delete(id);
      }
    }
    for (const id of wanted) {
      if (pollers.current.has(id)) continue;
      const controller = new AbortController();
      pollers.current.set(id, controller);
      // What this poller has merged itself: the next poll may start before the screen shows it.
      let own: HeldLogs | null = null;
      const held = () => (own ? furtherHeld(own, heldLogsOf(id)) : heldLogsOf(id));
      void pollTask({
        fetchTask: (signal) => fetchTaskUpdate(id, held(), signal),
        onUpdate: ({ task, logs }) => {
          own = mergeLogs(held(), task, logs);
          dispatch({ type: 'updated', task, logs, platforms: platformsRef.current });
          showResult(task);
        },
        onError: (error) => console.error(`Gagal memuat status tugas ${id}.`, error),
        signal: controller.signal,
        since: mountedAt.current ?? undefined,
      }).finally(() => {
        if (pollers.current.get(id) === controller) pollers.current.delete(id);
      });
    }
  }, [pollingKey, showResult, heldLogsOf]);

  // Leaving the page stops every poller, the content request and a history page on its way.
  useEffect(() => {
    const active = pollers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      active.clear();
      contentRequest.current?.abort();
      historyRequest.current?.abort();
    };
  }, []);

  function setBusy(id: string, busy: boolean) {
    setBusyIds((current) => withMember(current, id, busy));
  }

  const addStarted = useCallback((started: DashboardTask[]) => {
    for (const task of [...started].reverse()) dispatch({ type: 'added', task });
    const first = started[0];
    if (first) setSelectedId(first.id);
  }, []);

  async function cancel(id: string) {
    setBusy(id, true);
    try {
      // The card stays, marked "Dibatalkan" with "Coba Lagi" (issue 31 item 8): it vanished here
      // until a reload brought it back from the history.
      const task = await cancelScrapeTask(id);
      dispatch({ type: 'updated', task, platforms: platformsRef.current });
    } catch (error) {
      reportRef.current(errorMessage(error, 'Gagal membatalkan tugas.'));
    } finally {
      setBusy(id, false);
    }
  }

  /** "Coba Lagi": the new task goes on top of the list, selected; the old one stays as it was. */
  async function retry(id: string) {
    const old = tasksRef.current.find((t) => t.id === id);
    if (!old) return;
    setBusy(id, true);
    try {
      const taskId = await retryScrapeTask(id);
      const task = startedTask(
        taskId,
        { platformId: old.platformId, displayName: old.platformName },
        old.target,
        old.owner,
      );
      dispatch({ type: 'added', task });
      setSelectedId(taskId);
    } catch (error) {
      reportRef.current(errorMessage(error, 'Gagal mengulang tugas.'));
    } finally {
      setBusy(id, false);
    }
  }

  async function remove(id: string) {
    dispatch({ type: 'removed', id });
    try {
      await deleteScrapeHistory(id);
    } catch (error) {
      // Already gone from the server: what the user wanted.
      if (error instanceof ApiError && error.status === 404) return;
      reportRef.current(errorMessage(error, 'Gagal menghapus riwayat tugas dari server.'));
    }
  }

  /** Shows a task in the log card (its stored lines are fetched by the effect below). */
  function selectLogs(id: string) {
    setSelectedId(id);
  }

  const selected =
    tasks.find((task) => task.id === selectedId) ??
    tasks.find((task) => isPollable(task.state)) ??
    tasks[0] ??
    null;

  // Whatever task the log card shows, chosen or picked by default after a reload, fetches its
  // full log once when the list holds only its newest lines or none (a history record): the
  // card stayed an empty box when it was shown without being clicked. Polls add the rest.
  const needsLogs = selected && !selected.logsLoaded ? selected.id : null;
  useEffect(() => {
    if (!needsLogs) return undefined;
    const controller = new AbortController();
    setLogsLoading(true);
    fetchTaskUpdate(needsLogs, { lines: [], loaded: true }, controller.signal)
      .then(({ task, logs }) =>
        dispatch({ type: 'updated', task, logs, platforms: platformsRef.current }),
      )
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.error(`Gagal memuat log tugas ${needsLogs}.`, error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLogsLoading(false);
      });
    return () => controller.abort();
  }, [needsLogs]);

  return {
    tasks,
    selected,
    logsLoading,
    history,
    loadMoreHistory,
    busyIds,
    lastResult,
    addStarted,
    cancel,
    retry,
    remove,
    selectLogs,
  };
}
