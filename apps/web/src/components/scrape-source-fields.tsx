import { Select } from '@scrapper/ui/select';
import { Textarea } from '@scrapper/ui/textarea';
import type { ScrapeSource } from '@/hooks/use-scrape-source.ts';
import { AddedUrlList } from './added-url-list.tsx';
import { OptionsGrid } from './options-grid.tsx';
import { UrlDropInput } from './url-drop-input.tsx';

export interface ScrapeSourceFieldsProps {
  source: ScrapeSource;
  /** Under the target field; by default, that every line becomes one task. */
  targetHint?: (targetLabel: string) => string;
}

const ONE_TASK_PER_LINE = 'Satu target per baris; setiap baris menjadi satu tugas.';

function taskPerLineHint(targetLabel: string): string {
  return targetLabel ? `${targetLabel}. ${ONE_TASK_PER_LINE}` : ONE_TASK_PER_LINE;
}

/** Platform, target lines, added URLs and 'Opsi Tambahan': the source of a scrape. */
export function ScrapeSourceFields({
  source,
  targetHint = taskPerLineHint,
}: ScrapeSourceFieldsProps) {
  const { platforms, platform, values, errors } = source;
  return (
    <>
      <Select
        ref={source.platformRef}
        label="Platform"
        name="platform"
        options={platforms.map((p) => ({ value: p.platformId, label: p.displayName }))}
        placeholder={platforms.length === 0 ? 'Tidak ada platform aktif' : undefined}
        value={values.platformId}
        error={errors.platform ?? undefined}
        onChange={(event) => source.changePlatform(event.target.value)}
      />
      <Textarea
        ref={source.targetRef}
        label="Target"
        name="target"
        rows={3}
        hint={targetHint(platform?.targetLabel ?? '')}
        spellCheck={false}
        autoCapitalize="none"
        value={values.targetText}
        error={errors.target ?? undefined}
        onChange={(event) => source.changeTargetText(event.target.value)}
      />
      {source.acceptsUrls ? (
        <>
          <UrlDropInput
            label="Tambah URL (tempel atau seret)"
            onSubmitUrls={source.addDroppedUrls}
          />
          <AddedUrlList urls={values.urls} onRemove={source.removeUrl} />
        </>
      ) : null}
      {platform ? (
        <OptionsGrid
          options={platform.options}
          values={values.optionValues}
          errors={errors.options}
          onChange={source.changeOption}
        />
      ) : null}
    </>
  );
}
