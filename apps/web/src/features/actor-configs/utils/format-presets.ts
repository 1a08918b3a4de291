import { DEFAULT_PREVIEW_FORMAT } from '@scrapper/contracts/http/actor-configs';

// Spec part 1, section 9: preview format presets 480p, 720p (default), lowest quality,
// audio only; anything else is a custom yt-dlp format string.

export type FormatPresetId = '480p' | '720p' | 'lowest' | 'audio' | 'custom';

export const FORMAT_PRESETS: {
  id: Exclude<FormatPresetId, 'custom'>;
  label: string;
  format: string;
}[] = [
  { id: '480p', label: '480p', format: 'bestvideo[height<=480]+bestaudio/best[height<=480]' },
  { id: '720p', label: '720p (bawaan)', format: DEFAULT_PREVIEW_FORMAT },
  { id: 'lowest', label: 'Kualitas terendah', format: 'worstvideo+worstaudio/worst' },
  { id: 'audio', label: 'Audio saja', format: 'bestaudio/best' },
];

export const FORMAT_PRESET_OPTIONS = [
  ...FORMAT_PRESETS.map(({ id, label }) => ({ value: id, label })),
  { value: 'custom', label: 'Kustom' },
];

export function presetOf(format: string): FormatPresetId {
  return FORMAT_PRESETS.find((preset) => preset.format === format.trim())?.id ?? 'custom';
}

export function formatOf(preset: FormatPresetId, custom: string): string {
  return FORMAT_PRESETS.find((p) => p.id === preset)?.format ?? custom.trim();
}

export function isFormatPreset(value: string): value is FormatPresetId {
  return FORMAT_PRESET_OPTIONS.some((option) => option.value === value);
}
