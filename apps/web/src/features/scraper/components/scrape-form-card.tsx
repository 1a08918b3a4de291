import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { INVALID_PLATFORM } from '@scrapper/contracts/rules/scrape-targets';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { Textarea } from '@scrapper/ui/textarea';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { UrlDropInput } from '@/components/url-drop-input.tsx';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { startScrapeTask } from '../api/start-scrape-task.ts';
import { startedTask } from '../utils/dashboard-task.ts';
import type { DashboardTask } from '../utils/dashboard-task.ts';
import { optionDefaults, toOptionInput } from '../utils/scrape-options.ts';
import type { OptionValue, OptionValues } from '../utils/scrape-options.ts';
import { buildStartBody } from '../utils/start-body.ts';
import { START_UNEXPECTED, startErrorMessage, summarizeStarts } from '../utils/start-messages.ts';
import { addUrls, checkTargets, mergeTargets, splitTargets } from '../utils/targets.ts';
import { AddedUrlList } from './added-url-list.tsx';
import { OptionsGrid } from './options-grid.tsx';

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
  const first = platforms[0];
  const [platformId, setPlatformId] = useState(first?.platformId ?? '');
  const [targetText, setTargetText] = useState('');
  const [urls, setUrls] = useState<string[]>([]);
  const [optionValues, setOptionValues] = useState<OptionValues>(
    first ? optionDefaults(first.options) : {},
  );
  const [platformError, setPlatformError] = useState<string | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);
  const [optionErrors, setOptionErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const platformRef = useRef<HTMLSelectElement>(null);
  const targetRef = useRef<HTMLTextAreaElement>(null);
  const username = useSessionStore((state) => state.user?.username ?? null);
  const showToast = useToastStore((state) => state.show);

  const platform = platforms.find((p) => p.platformId === platformId);
  const acceptsUrls = platform ? platform.inputType !== 'keyword' : false;

  function changePlatform(id: string) {
    setPlatformId(id);
    setPlatformError(null);
    setTargetError(null);
    setOptionErrors({});
    // Spec: changing the platform applies the option defaults.
    const next = platforms.find((p) => p.platformId === id);
    setOptionValues(next ? optionDefaults(next.options) : {});
  }

  function changeOption(key: string, value: OptionValue) {
    setOptionValues((current) => ({ ...current, [key]: value }));
    setOptionErrors(({ [key]: _removed, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setPlatformError(null);
    setTargetError(null);
    setOptionErrors({});

    const lines = splitTargets(targetText);
    const check = checkTargets(platform, mergeTargets(acceptsUrls ? urls : [], lines));
    if (!check.ok) {
      if (check.message === INVALID_PLATFORM) {
        setPlatformError(check.message);
        platformRef.current?.focus();
      } else {
        setTargetError(check.message);
        targetRef.current?.focus();
      }
      return;
    }
    if (!platform) return;
    const options = toOptionInput(platform.options, optionValues);
    if (!options.ok) {
      setOptionErrors({ [options.key]: options.message });
      document.getElementById(`scrape-option-${options.key}`)?.focus();
      return;
    }

    setSubmitting(true);
    try {
      // One start call per target, in parallel (spec section 4).
      const results = await Promise.allSettled(
        check.targets.map((target) =>
          startScrapeTask(buildStartBody(platform, target, options.input)),
        ),
      );
      const started: DashboardTask[] = [];
      const failedTargets: string[] = [];
      let firstError: unknown;
      results.forEach((result, index) => {
        const target = check.targets[index];
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
        setTargetText(failedTargets.join('\n'));
        setUrls([]);
      }
      if (check.targets.length === 1) {
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

  const targetHint = platform?.targetLabel
    ? `${platform.targetLabel}. Satu target per baris; setiap baris menjadi satu tugas.`
    : 'Satu target per baris; setiap baris menjadi satu tugas.';

  return (
    <form className="scrape-form" noValidate onSubmit={handleSubmit}>
      <Select
        ref={platformRef}
        label="Platform"
        name="platform"
        options={platforms.map((p) => ({ value: p.platformId, label: p.displayName }))}
        placeholder={platforms.length === 0 ? 'Tidak ada platform aktif' : undefined}
        value={platformId}
        error={platformError ?? undefined}
        onChange={(event) => changePlatform(event.target.value)}
      />
      <Textarea
        ref={targetRef}
        label="Target"
        name="target"
        rows={3}
        hint={targetHint}
        spellCheck={false}
        autoCapitalize="none"
        value={targetText}
        error={targetError ?? undefined}
        onChange={(event) => {
          setTargetText(event.target.value);
          setTargetError(null);
        }}
      />
      {acceptsUrls ? (
        <>
          <UrlDropInput
            label="Tambah URL (tempel atau seret)"
            onSubmitUrls={(found) => {
              setUrls((current) => addUrls(current, found));
              setTargetError(null);
            }}
          />
          <AddedUrlList
            urls={urls}
            onRemove={(url) => setUrls((current) => current.filter((u) => u !== url))}
          />
        </>
      ) : null}
      {platform ? (
        <OptionsGrid
          options={platform.options}
          values={optionValues}
          errors={optionErrors}
          onChange={changeOption}
        />
      ) : null}
      <div className="scrape-form__actions">
        <Button
          type="submit"
          variant="primary"
          // `loading` keeps focus on the button (aria-disabled) while the calls run.
          disabled={!platform}
          loading={submitting}
        >
          {submitting ? 'Memulai...' : 'Mulai Scraping'}
        </Button>
      </div>
    </form>
  );
}
