import type { ListTaskLogsResponse, Task, TaskLog } from '@scrapper/contracts/http/scrape';
import { describe, expect, it, vi } from 'vitest';
import { scrapeTask } from '@test/scrape-task.ts';
import { fetchLinesAfter, furtherHeld, logUpdateFor, mergeLogs, type FetchLogPage } from './task-logs.ts';

const signal = new AbortController().signal;

/** Line n of the task; ids step by 3, as other tasks' lines sit between them. */
function line(n: number): TaskLog {
  return { id: n * 3, message: `baris ${n}`, at: '2025-01-01T00:00:00.000Z' };
}
function lines(from: number, to: number): TaskLog[] {
  return Array.from({ length: to - from + 1 }, (_, i) => line(from + i));
}

/** A status answer of a task whose log has `count` lines: the newest 20 of them. */
function status(count: number): Task {
  return scrapeTask({ logs: lines(Math.max(1, count - 19), count).slice(0, count), logCount: count });
}

/** The logs endpoint over a log of `count` lines, pages of `size`. */
function server(count: number, size = 500) {
  const all = lines(1, count);
  const fetchPage = vi.fn<FetchLogPage>(async (after): Promise<ListTaskLogsResponse> => {
    const rest = all.filter((l) => l.id > after);
    return { logs: rest.slice(0, size), logCount: count, hasMore: rest.length > size };
  });
  return fetchPage;
}

describe('task logs in small pieces', () => {
  it('takes the newest lines of a poll when they follow on from the held ones, asking nothing more', async () => {
    const fetchPage = server(30);
    const update = await logUpdateFor({ lines: lines(1, 25), loaded: true }, status(30), fetchPage, signal);
    expect(update).toEqual({ after: line(25).id, lines: lines(26, 30) });
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('asks for the lines after the last held one when more came than a poll carries', async () => {
    const fetchPage = server(300, 100);
    const update = await logUpdateFor({ lines: lines(1, 50), loaded: true }, status(300), fetchPage, signal);
    expect(fetchPage.mock.calls.map(([after]) => after)).toEqual([line(50).id, line(150).id, line(250).id]);
    expect(update).toEqual({ after: line(50).id, lines: lines(51, 300) });
  });

  it('loads a whole log from the first line when nothing is held yet', async () => {
    const fetchPage = server(45);
    const update = await logUpdateFor({ lines: [], loaded: true }, status(45), fetchPage, signal);
    expect(fetchPage.mock.calls.map(([after]) => after)).toEqual([0]);
    expect(update?.lines).toEqual(lines(1, 45));
  });

  it('fetches nothing for a preview: its newest lines are the whole log only when the log is short', async () => {
    const fetchPage = server(300);
    expect(await logUpdateFor({ lines: lines(281, 300), loaded: false }, status(300), fetchPage, signal)).toBeNull();
    expect(await logUpdateFor({ lines: [], loaded: false }, status(7), fetchPage, signal)).toEqual({ after: 0, lines: lines(1, 7) });
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('stops paging on an empty page even if the server says more', async () => {
    const fetchPage = vi.fn<FetchLogPage>(async () => ({ logs: [], logCount: 9, hasMore: true }));
    expect(await fetchLinesAfter(0, fetchPage, signal)).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('adds only lines past the last held one, whatever the update repeats', () => {
    const held = { lines: lines(1, 10), loaded: true };
    expect(mergeLogs(held, status(12), { after: line(8).id, lines: lines(9, 12) })).toEqual({ lines: lines(1, 12), loaded: true });
  });

  it('ignores an update that would leave a gap, and keeps the full log when a preview arrives', () => {
    const held = { lines: lines(1, 10), loaded: true };
    expect(mergeLogs(held, status(40), { after: line(20).id, lines: lines(21, 40) })).toBe(held);
    expect(mergeLogs(held, status(40), null)).toBe(held);
  });

  it('turns a preview into the full log on an update from the first line, else shows the newest lines', () => {
    const preview = { lines: lines(281, 300), loaded: false };
    expect(mergeLogs(preview, status(305), null)).toEqual({ lines: lines(286, 305), loaded: false });
    expect(mergeLogs(preview, status(300), { after: 0, lines: lines(1, 300) })).toEqual({ lines: lines(1, 300), loaded: true });
  });
  it('a poll that starts before the screen has rendered the last update asks after the poller\'s own lines', () => {
    const screen = { lines: lines(1, 36), loaded: true };
    const own = { lines: lines(1, 100), loaded: true };
    expect(furtherHeld(own, screen)).toBe(own);
    expect(furtherHeld(screen, own)).toBe(own);
    // Lines loaded elsewhere (the whole log opened) beat a preview the poller holds.
    const preview = { lines: lines(81, 100), loaded: false };
    expect(furtherHeld(preview, screen)).toBe(screen);
  });
});
