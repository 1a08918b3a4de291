import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';

// The yt-dlp formats a generated downloader offers: the admin's downloadOptions first, then
// the preview format, so a config without download options still downloads something and
// the preview controller can ask the yt-dlp service for the preview format by value.

export interface QualityChoice {
  label: string;
  value: string;
}

export const PREVIEW_CHOICE_LABEL = 'Kualitas preview';

export function qualityChoices(config: ActorConfig): QualityChoice[] {
  const choices: QualityChoice[] = [];
  const add = (choice: QualityChoice): void => {
    if (!choices.some((existing) => existing.value === choice.value)) choices.push({ label: choice.label, value: choice.value });
  };
  for (const option of config.downloadOptions) add(option);
  add({ label: PREVIEW_CHOICE_LABEL, value: config.previewSpecific.format });
  return choices;
}
