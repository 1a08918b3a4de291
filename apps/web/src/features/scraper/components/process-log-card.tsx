import { Card } from '@scrapper/ui/card';
import { Spinner } from '@scrapper/ui/spinner';
import { useEffect, useRef } from 'react';
import { formatClockTime } from '@/lib/format-date-time.ts';
import { TASK_STATE_LABELS } from '../utils/dashboard-task.ts';
import type { DashboardTask } from '../utils/dashboard-task.ts';

export interface ProcessLogCardProps {
  task: DashboardTask | null;
  loading: boolean;
}

/**
 * 'Log Proses': the logs of one task in a box of at most 150px (spec section 9) that
 * scrolls, kept scrolled to the newest line. It is focusable so keyboard users can scroll.
 */
export function ProcessLogCard({ task, loading }: ProcessLogCardProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  // Whether the newest line is in view; only then do new lines or a resize scroll the box,
  // so someone reading older lines is not pulled away from them.
  const atEndRef = useRef(true);
  const count = task?.logs.length ?? 0;

  useEffect(() => {
    atEndRef.current = true;
  }, [task?.id]);

  useEffect(() => {
    const area = areaRef.current;
    if (area && atEndRef.current) area.scrollTop = area.scrollHeight;
  }, [count, task?.id]);

  useEffect(() => {
    const area = areaRef.current;
    if (!area || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (atEndRef.current) area.scrollTop = area.scrollHeight;
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, [task?.id]);

  function handleScroll() {
    const area = areaRef.current;
    if (area) atEndRef.current = area.scrollTop + area.clientHeight >= area.scrollHeight - 4;
  }

  return (
    <Card title="Log Proses" className="dashboard__logs">
      {task ? (
        <>
          <p className="process-log__task">
            <span className="task-item__platform">{task.platformName}</span>{' '}
            <span className="process-log__target">{task.target}</span>{' '}
            <span className="muted">({TASK_STATE_LABELS[task.state]})</span>
          </p>
          <div
            ref={areaRef}
            className="process-log"
            role="log"
            aria-label={`Log ${task.target || task.platformName}`}
            tabIndex={0}
            onScroll={handleScroll}
          >
            {loading && !task.logsLoaded ? <Spinner label="Memuat log..." showLabel /> : null}
            {task.logsLoaded && count === 0 ? <p className="muted">Belum ada log.</p> : null}
            {count > 0 ? (
              <ol className="process-log__lines">
                {task.logs.map((line) => (
                  <li key={line.id}>
                    <time dateTime={line.at} className="process-log__time">
                      {formatClockTime(line.at)}
                    </time>{' '}
                    {line.message}
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        </>
      ) : (
        <p className="muted">Belum ada tugas. Log akan tampil di sini setelah scraping dimulai.</p>
      )}
    </Card>
  );
}
