import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { INVALID_PLATFORM } from '@scrapper/contracts/rules/scrape-targets';
import { useRef, useState } from 'react';
import { optionDefaults, toOptionInput } from '@/lib/scrape-options.ts';
import type { OptionInput, OptionValue, OptionValues } from '@/lib/scrape-options.ts';
import { addUrls, checkTargets, mergeTargets, splitTargets } from '@/lib/scrape-targets.ts';
import type { ScrapeTarget } from '@/lib/scrape-targets.ts';

// The source of a scrape as the dashboard's form asks for it (spec part 1, section 5):
// platform, targets (lines and added URLs) and the platform's 'Opsi Tambahan'. The dashboard
// and the automations both ask for a source this way, with the same rules and messages.

export interface ScrapeSourceValues {
  platformId: string;
  targetText: string;
  urls: string[];
  optionValues: OptionValues;
}

/** A source that passed every check: what a start call (or an automation) is made of. */
export interface CheckedSource {
  platform: PlatformConfig;
  targets: ScrapeTarget[];
  options: OptionInput;
}

export interface ScrapeSourceErrors {
  platform: string | null;
  target: string | null;
  options: Record<string, string>;
}

const NO_ERRORS: ScrapeSourceErrors = { platform: null, target: null, options: {} };

/** The first platform with its option defaults (spec: a platform starts from its defaults). */
function firstValues(platforms: PlatformConfig[]): ScrapeSourceValues {
  const first = platforms[0];
  return {
    platformId: first?.platformId ?? '',
    targetText: '',
    urls: [],
    optionValues: first ? optionDefaults(first.options) : {},
  };
}

/**
 * The source fields' state, their errors and `check`, which reads them with the dashboard's
 * rules: the first problem is shown beside its field and focused, and nothing is returned.
 * `initial` fills the fields (an automation being edited); else the first platform is chosen.
 */
export function useScrapeSource(platforms: PlatformConfig[], initial?: ScrapeSourceValues) {
  const [values, setValues] = useState<ScrapeSourceValues>(() => initial ?? firstValues(platforms));
  const [errors, setErrors] = useState<ScrapeSourceErrors>(NO_ERRORS);
  const platformRef = useRef<HTMLSelectElement>(null);
  const targetRef = useRef<HTMLTextAreaElement>(null);

  const platform = platforms.find((p) => p.platformId === values.platformId);
  const acceptsUrls = platform ? platform.inputType !== 'keyword' : false;

  function changePlatform(id: string) {
    const next = platforms.find((p) => p.platformId === id);
    // Spec: changing the platform applies the option defaults.
    setValues((current) => ({
      ...current,
      platformId: id,
      optionValues: next ? optionDefaults(next.options) : {},
    }));
    setErrors(NO_ERRORS);
  }

  function changeTargetText(targetText: string) {
    setValues((current) => ({ ...current, targetText }));
    setErrors((current) => ({ ...current, target: null }));
  }

  function changeOption(key: string, value: OptionValue) {
    setValues((current) => ({
      ...current,
      optionValues: { ...current.optionValues, [key]: value },
    }));
    setErrors(({ options: { [key]: _removed, ...rest }, ...current }) => ({
      ...current,
      options: rest,
    }));
  }

  function addDroppedUrls(found: string[]) {
    setValues((current) => ({ ...current, urls: addUrls(current.urls, found) }));
    setErrors((current) => ({ ...current, target: null }));
  }

  function removeUrl(url: string) {
    setValues((current) => ({ ...current, urls: current.urls.filter((u) => u !== url) }));
  }

  /** The target field holds `text` and the added URLs are gone (what started is cleared). */
  function keepTargets(text: string) {
    setValues((current) => ({ ...current, targetText: text, urls: [] }));
  }

  /** A message from the server about the targets (or the platform), shown beside the field. */
  function showTargetError(message: string) {
    if (message === INVALID_PLATFORM) {
      setErrors((current) => ({ ...current, platform: message }));
      platformRef.current?.focus();
      return;
    }
    setErrors((current) => ({ ...current, target: message }));
    targetRef.current?.focus();
  }

  function check(): CheckedSource | null {
    setErrors(NO_ERRORS);
    const lines = splitTargets(values.targetText);
    const targets = checkTargets(platform, mergeTargets(acceptsUrls ? values.urls : [], lines));
    if (!targets.ok) {
      showTargetError(targets.message);
      return null;
    }
    if (!platform) return null;
    const options = toOptionInput(platform.options, values.optionValues);
    if (!options.ok) {
      setErrors({ ...NO_ERRORS, options: { [options.key]: options.message } });
      document.getElementById(`scrape-option-${options.key}`)?.focus();
      return null;
    }
    return { platform, targets: targets.targets, options: options.input };
  }

  return {
    platforms,
    values,
    errors,
    platform,
    acceptsUrls,
    platformRef,
    targetRef,
    changePlatform,
    changeTargetText,
    changeOption,
    addDroppedUrls,
    removeUrl,
    keepTargets,
    showTargetError,
    check,
  };
}

export type ScrapeSource = ReturnType<typeof useScrapeSource>;
