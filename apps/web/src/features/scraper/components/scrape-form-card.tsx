import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Spinner } from '@scrapper/ui/spinner';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ScrapeSourceFields } from '@/components/scrape-source-fields.tsx';
import { useScrapeSource } from '@/hooks/use-scrape-source.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { startScrapeTask } from '../api.ts';
import { startedTask } from '../utils/dashboard-task.ts';
import type { DashboardTask } from '../utils/dashboard-task.ts';
import { buildStartBody } from '@/lib/start-body.ts';
import { START_UNEXPECTED, startErrorMessage, summarizeStarts } from '../utils/start-messages.ts';

export type ReportError = (message: string, tone?: 'danger' | 'warning') => void;

export interface ScrapeFormCardProps {
  platforms: PlatformConfig[];
  loading: boolean;
  onStarted: (tasks: DashboardTask[]) => void;
  reportError: ReportError;
}

/** The scrape form card: platform, targets, added URLs, 'Opsi Tambahan', 'Mulai Scraping'. */
export function ScrapeFormCard({
  platforms,
  loading,
  onStarted,
  reportError,
}: ScrapeFormCardProps) {
  return (
    <Card title="Scraping Baru">
      {loading ? (
        <Spinner label="Memuat platform..." showLabel />
      ) : (
        <ScrapeForm platforms={platforms} onStarted={onStarted} reportError={reportError} />
      )}
    </Card>
  );
}

interface ScrapeFormProps {
  platforms: PlatformConfig[];
  onStarted: (tasks: DashboardTask[]) => void;
  reportError: ReportError;
}

function ScrapeForm({ platforms, onStarted, reportError }: ScrapeFormProps) {
  const source = useScrapeSource(platforms);
  const [submitting, setSubmitting] = useState(false);
  const username = useSessionStore((state) => state.user?.username ?? null);
  const showToast = useToastStore((state) => state.show);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const checked = source.check();
    if (!checked) return;
    const { platform, targets, options } = checked;

    setSubmitting(true);
    try {
      // One start call per target, in parallel (spec section 4).
      const results = await Promise.allSettled(
        targets.map((target) => startScrapeTask(buildStartBody(platform, target, options))),
      );
      const started: DashboardTask[] = [];
      const failedTargets: string[] = [];
      let firstError: unknown;
      results.forEach((result, index) => {
        const target = targets[index];
        if (!target) return;
        if (result.status === 'fulfilled') {
          started.push(startedTask(result.value, platform, target.value, username));
        } else {
          failedTargets.push(target.value);
          firstError ??= result.reason;
        }
      });
      if (started.length > 0) {
        onStarted(started);
        // What failed stays in the field to be tried again; what started is cleared.
        source.keepTargets(failedTargets.join('\n'));
      }
      if (targets.length === 1) {
        if (failedTargets.length > 0) reportError(startErrorMessage(firstError));
        else showToast('success', summarizeStarts(1, 0).message);
        return;
      }
      const summary = summarizeStarts(started.length, failedTargets.length);
      if (summary.tone === 'success') showToast('success', summary.message);
      else reportError(summary.message, summary.tone);
    } catch (error) {
      console.error('Gagal memulai scraping.', error);
      reportError(START_UNEXPECTED);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="scrape-form" noValidate onSubmit={handleSubmit}>
      <ScrapeSourceFields source={source} />
      <div className="scrape-form__actions">
        <Button
          type="submit"
          variant="primary"
          // `loading` keeps focus on the button (aria-disabled) while the calls run.
          disabled={!source.platform}
          loading={submitting}
        >
          {submitting ? 'Memulai...' : 'Mulai Scraping'}
        </Button>
      </div>
    </form>
  );
}
