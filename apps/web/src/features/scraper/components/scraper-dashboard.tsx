import { useCallback, useState } from 'react';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { usePlatformConfigs } from '@/hooks/use-platform-configs.ts';
import { useScrapeReadiness } from '../hooks/use-scrape-readiness.ts';
import { useScrapeTasks } from '../hooks/use-scrape-tasks.ts';
import { ApifyKeyNotice } from './apify-key-notice.tsx';
import { ErrorCard } from './error-card.tsx';
import { LastResultCard } from './last-result-card.tsx';
import { ProcessLogCard } from './process-log-card.tsx';
import { ScrapeFormCard } from './scrape-form-card.tsx';
import { TaskListCard } from './task-list-card.tsx';
import './scraper.css';

interface LastError {
  message: string;
  tone: 'danger' | 'warning';
}

/** The scraper dashboard (spec part 1, section 2): form, last error and result, logs, tasks. */
export function ScraperDashboard() {
  const { platforms, status } = usePlatformConfigs();
  const [lastError, setLastError] = useState<LastError | null>(null);
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  const reportError = useCallback((message: string, tone: LastError['tone'] = 'danger') => {
    setLastError({ message, tone });
  }, []);
  const tasks = useScrapeTasks({ platforms, ready: status !== 'loading', reportError });
  const readiness = useScrapeReadiness();

  return (
    <div className="dashboard">
      <div className="dashboard__main">
        {readiness ? <ApifyKeyNotice apifyKey={readiness.apifyKey} isAdmin={isAdmin} /> : null}
        <ScrapeFormCard
          platforms={platforms}
          loading={status === 'loading'}
          onStarted={tasks.addStarted}
          reportError={reportError}
        />
      </div>
      <div className="dashboard__side">
        {lastError ? (
          <ErrorCard
            message={lastError.message}
            tone={lastError.tone}
            onDismiss={() => setLastError(null)}
          />
        ) : null}
        {tasks.lastResult ? <LastResultCard result={tasks.lastResult} /> : null}
        <ProcessLogCard task={tasks.selected} loading={tasks.logsLoading} />
      </div>
      <TaskListCard
        tasks={tasks.tasks}
        selectedId={tasks.selected?.id ?? null}
        busyIds={tasks.busyIds}
        showOwner={isAdmin}
        history={tasks.history}
        onLoadMore={() => void tasks.loadMoreHistory()}
        onShowLogs={(id) => tasks.selectLogs(id)}
        onCancel={(id) => void tasks.cancel(id)}
        onRetry={(id) => void tasks.retry(id)}
        onDelete={(id) => void tasks.remove(id)}
      />
    </div>
  );
}
