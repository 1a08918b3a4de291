import {
  ActorConfigSchema,
  DOMAIN_PATTERN,
  DurationFormatSchema,
  KNOWN_MAPPING_KEYS,
  PLATFORM_ID_PATTERN,
} from '@scrapper/contracts/http/actor-configs';
import type {
  ActorConfig,
  ActorOption,
  DurationFormat,
  InputType,
  OptionType,
} from '@scrapper/contracts/http/actor-configs';
import { parseDurationFormat } from '@scrapper/contracts/rules/duration';
import { fromDisplayDate, toDisplayDate } from '@/lib/display-date.ts';
import { formatOf, presetOf } from './format-presets.ts';
import type { FormatPresetId } from './format-presets.ts';

// The actor editor's state and its conversion to and from the contract's ActorConfig
// (spec part 1, sections 3 and 5). Errors are keyed by field id (`platformId`,
// `option-<row>-value`, ...), which is also the DOM id suffix of the control.

export const ACTOR_TAB_IDS = [
  'basic',
  'mapping',
  'platform',
  'preview',
  'options',
  'downloads',
] as const;
export type ActorTabId = (typeof ACTOR_TAB_IDS)[number];

export function isActorTabId(id: string): id is ActorTabId {
  return (ACTOR_TAB_IDS as readonly string[]).includes(id);
}

export interface ChoiceRow {
  id: string;
  label: string;
  value: string;
}

export interface OptionRow {
  id: string;
  key: string;
  label: string;
  type: OptionType;
  /** Text, number or date (dd/MM/yyyy) default; for select, the chosen value. */
  value: string;
  /** The default of a boolean option. */
  checked: boolean;
  choices: ChoiceRow[];
}

export interface DownloadRow {
  id: string;
  label: string;
  value: string;
}

export interface ActorFormValues {
  platformId: string;
  displayName: string;
  actorId: string;
  inputKey: string;
  inputKeyUrl: string;
  inputKeyKeyword: string;
  targetLabel: string;
  /** The sites URL targets may point at, separated by commas, spaces or lines. */
  domains: string;
  inputType: InputType;
  isActive: boolean;
  /** Path fields of 'Mapping Hasil': the known keys, then any other non-format keys. */
  mapping: Record<string, string>;
  durationFormat: DurationFormat;
  urlAuthorField: string;
  urlIdField: string;
  urlTemplate: string;
  urlMapping: string;
  videoUrlMapping: string;
  titleMapping: string;
  durationMapping: string;
  idMapping: string;
  playCountMapping: string;
  skipIfNoUrl: boolean;
  dimensionFields: boolean;
  previewEnabled: boolean;
  formatPreset: FormatPresetId;
  customFormat: string;
  maxDuration: string;
  options: OptionRow[];
  downloadOptions: DownloadRow[];
  /** Kept as they were: `_format` keys other than duration_format, the cookies input key. */
  preserved: { formatKeys: Record<string, string>; cookiesInputKey?: string };
}

export type ActorFormErrors = Record<string, string>;

export const DEFAULT_INPUT_KEY = 'searchQueries';
export const DUPLICATE_PLATFORM_ID = 'Platform ID sudah ada. Harap gunakan ID yang unik.';

export const INPUT_TYPE_OPTIONS: { value: InputType; label: string }[] = [
  { value: 'any', label: 'any (URL atau keyword)' },
  { value: 'url', label: 'url' },
  { value: 'keyword', label: 'keyword' },
  { value: 'string', label: 'string' },
];

export const DURATION_FORMAT_OPTIONS: { value: DurationFormat; label: string }[] = [
  { value: 'milliseconds', label: 'milliseconds' },
  { value: 'seconds', label: 'seconds (bawaan)' },
  { value: 'minutes', label: 'minutes' },
  { value: 'timestamp', label: 'timestamp 00:00:00' },
];

/** Spec labels of the option types, as the editor lists them. */
export const OPTION_TYPE_OPTIONS: { value: OptionType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Boolean' },
  { value: 'select', label: 'select' },
  { value: 'date', label: 'date' },
];

let rowCounter = 0;
/** A key for list rows, so React keeps each row's inputs when rows are removed. */
export function newRowId(): string {
  rowCounter += 1;
  return `r${rowCounter}`;
}

export function isFormatKey(key: string): boolean {
  return key.includes('_format');
}

function emptyMapping(): Record<string, string> {
  return Object.fromEntries(KNOWN_MAPPING_KEYS.map((key) => [key, '']));
}

export function newOptionRow(partial: Partial<OptionRow> = {}): OptionRow {
  return {
    id: newRowId(),
    key: '',
    label: '',
    type: 'text',
    value: '',
    checked: false,
    choices: [],
    ...partial,
  };
}

export function newChoiceRow(): ChoiceRow {
  return { id: newRowId(), label: '', value: '' };
}

export function newDownloadRow(): DownloadRow {
  return { id: newRowId(), label: '', value: '' };
}

/** A new actor: the spec's defaults, with the default option maxResults, Number, 20. */
export function emptyActorForm(): ActorFormValues {
  return {
    platformId: '',
    displayName: '',
    actorId: '',
    inputKey: DEFAULT_INPUT_KEY,
    inputKeyUrl: '',
    inputKeyKeyword: '',
    targetLabel: '',
    domains: '',
    inputType: 'any',
    isActive: true,
    mapping: emptyMapping(),
    durationFormat: 'seconds',
    urlAuthorField: '',
    urlIdField: '',
    urlTemplate: '',
    urlMapping: '',
    videoUrlMapping: '',
    titleMapping: '',
    durationMapping: '',
    idMapping: '',
    playCountMapping: '',
    skipIfNoUrl: true,
    dimensionFields: false,
    previewEnabled: true,
    formatPreset: '720p',
    customFormat: '',
    maxDuration: '30',
    options: [
      newOptionRow({ key: 'maxResults', label: 'Max Results', type: 'number', value: '20' }),
    ],
    downloadOptions: [],
    preserved: { formatKeys: {} },
  };
}

function optionRowFrom(key: string, option: ActorOption): OptionRow {
  const value = option.default;
  return newOptionRow({
    key,
    label: option.label,
    type: option.type,
    value:
      option.type === 'date'
        ? toDisplayDate(value)
        : option.type === 'boolean' || value === null
          ? ''
          : String(value),
    checked: option.type === 'boolean' && (value === true || value === 'true'),
    choices: (option.options ?? []).map((choice) => ({ id: newRowId(), ...choice })),
  });
}

export function actorFormFromConfig(config: ActorConfig): ActorFormValues {
  const mapping = emptyMapping();
  const formatKeys: Record<string, string> = {};
  for (const [key, path] of Object.entries(config.mapping)) {
    if (key === 'duration_format') continue;
    if (isFormatKey(key)) formatKeys[key] = path;
    else mapping[key] = path;
  }
  const ps = config.platformSpecific;
  const lines = (list: string[]) => list.join('\n');
  return {
    platformId: config.platformId,
    displayName: config.displayName,
    actorId: config.actorId,
    inputKey: config.inputKey,
    inputKeyUrl: config.inputKeys.url ?? '',
    inputKeyKeyword: config.inputKeys.keyword ?? '',
    targetLabel: config.targetLabel,
    domains: config.domains.join(', '),
    inputType: config.inputType,
    isActive: config.isActive,
    mapping,
    durationFormat: parseDurationFormat(config.mapping.duration_format),
    urlAuthorField: ps.urlGeneration.authorField,
    urlIdField: ps.urlGeneration.idField,
    urlTemplate: ps.urlGeneration.template,
    urlMapping: lines(ps.urlMapping),
    videoUrlMapping: lines(ps.videoUrlMapping),
    titleMapping: lines(ps.titleMapping),
    durationMapping: lines(ps.durationMapping),
    idMapping: lines(ps.idMapping),
    playCountMapping: lines(ps.playCountMapping),
    skipIfNoUrl: ps.skipIfNoUrl,
    dimensionFields: ps.dimensionFields,
    previewEnabled: config.previewSpecific.enabled,
    formatPreset: presetOf(config.previewSpecific.format),
    customFormat: config.previewSpecific.format,
    maxDuration: String(config.previewSpecific.maxDuration),
    options: Object.entries(config.options).map(([key, option]) => optionRowFrom(key, option)),
    downloadOptions: config.downloadOptions.map((row) => ({ id: newRowId(), ...row })),
    preserved: {
      formatKeys,
      cookiesInputKey: config.inputKeys.cookies,
    },
  };
}

/** `tiktok.com, www.douyin.com` -> each host once, lower case, without `www.` or a scheme. */
export function splitDomains(text: string): string[] {
  const hosts = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/^www\./, ''))
    .filter((entry) => entry !== '');
  return [...new Set(hosts)];
}

/** Spec: the multi-line mapping textareas are split on lines, blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Which tab holds the field an error is keyed by, to show it on save. */
export function tabOfField(field: string): ActorTabId {
  if (field.startsWith('option-')) return 'options';
  if (field.startsWith('download-')) return 'downloads';
  if (field.startsWith('mapping-')) return 'mapping';
  if (field === 'maxDuration' || field === 'customFormat') return 'preview';
  if (field.startsWith('url') || field.endsWith('Mapping')) return 'platform';
  return 'basic';
}

function optionDefault(row: OptionRow): { value: ActorOption['default']; error?: string } {
  const text = row.value.trim();
  switch (row.type) {
    case 'boolean':
      return { value: row.checked };
    case 'number': {
      if (text === '') return { value: null };
      const number = Number(text);
      return Number.isFinite(number)
        ? { value: number }
        : { value: null, error: 'Nilai harus berupa angka.' };
    }
    case 'date': {
      if (text === '') return { value: null };
      const iso = fromDisplayDate(text);
      return iso ? { value: iso } : { value: null, error: 'Tanggal harus berformat dd/mm/yyyy.' };
    }
    default:
      return { value: text === '' ? null : text };
  }
}

export interface ValidateContext {
  mode: 'create' | 'edit';
  /** platformIds already in the list (the one being edited included). */
  existingIds: string[];
}

/**
 * Spec section 5 (actor form): platformId, displayName and actorId are required; a new
 * actor's platformId must be unique; preview max duration is a whole number from 10 to 120.
 * Plus what the contract needs to accept the list: option keys present and unique, choices
 * and download options complete.
 */
export function validateActorForm(
  values: ActorFormValues,
  context: ValidateContext,
): ActorFormErrors {
  const errors: ActorFormErrors = {};
  const platformId = values.platformId.trim();
  if (!platformId) errors.platformId = 'Platform ID wajib diisi.';
  else if (!PLATFORM_ID_PATTERN.test(platformId)) {
    errors.platformId = 'Platform ID hanya boleh huruf kecil, angka, - dan _ (maks. 32).';
  } else if (context.mode === 'create' && context.existingIds.includes(platformId)) {
    errors.platformId = DUPLICATE_PLATFORM_ID;
  }
  if (!values.displayName.trim()) errors.displayName = 'Display Name wajib diisi.';
  if (!values.actorId.trim()) errors.actorId = 'Actor ID wajib diisi.';
  const badDomain = splitDomains(values.domains).find((domain) => !DOMAIN_PATTERN.test(domain));
  if (badDomain !== undefined) errors.domains = `"${badDomain}" bukan domain (contoh: tiktok.com).`;

  const maxDuration = values.maxDuration.trim();
  if (!/^\d+$/.test(maxDuration)) {
    errors.maxDuration = 'Durasi maksimum preview harus bilangan bulat.';
  } else if (Number(maxDuration) < 10 || Number(maxDuration) > 120) {
    errors.maxDuration = 'Durasi maksimum preview harus antara 10 dan 120 detik.';
  }
  if (values.formatPreset === 'custom' && !values.customFormat.trim()) {
    errors.customFormat = 'Format kustom wajib diisi.';
  }

  const seenKeys = new Set<string>();
  for (const row of values.options) {
    const key = row.key.trim();
    if (!key) errors[`option-${row.id}-key`] = 'Key wajib diisi.';
    else if (key.length > 64) errors[`option-${row.id}-key`] = 'Key maksimal 64 karakter.';
    else if (seenKeys.has(key)) errors[`option-${row.id}-key`] = 'Key sudah dipakai opsi lain.';
    seenKeys.add(key);
    const { error } = optionDefault(row);
    if (error) errors[`option-${row.id}-value`] = error;
    if (row.type === 'select') {
      for (const choice of row.choices) {
        if (!choice.value.trim() && choice.label.trim()) {
          errors[`option-${row.id}-choice-${choice.id}-value`] = 'Nilai pilihan wajib diisi.';
        }
      }
    }
  }
  for (const row of values.downloadOptions) {
    const label = row.label.trim();
    const value = row.value.trim();
    if (!label && !value) continue;
    if (!label) errors[`download-${row.id}-label`] = 'Label wajib diisi.';
    if (!value) errors[`download-${row.id}-value`] = 'Nilai wajib diisi.';
  }
  return errors;
}

/** The first error's field, in the order of the tabs. */
export function firstErrorField(errors: ActorFormErrors): string | undefined {
  const fields = Object.keys(errors);
  for (const tab of ACTOR_TAB_IDS) {
    const found = fields.find((field) => tabOfField(field) === tab);
    if (found) return found;
  }
  return undefined;
}

function optionsMap(rows: OptionRow[]): ActorConfig['options'] {
  const result: ActorConfig['options'] = {};
  for (const row of rows) {
    const key = row.key.trim();
    const option: ActorOption = {
      label: row.label.trim() || key,
      type: row.type,
      default: optionDefault(row).value,
    };
    if (row.type === 'select') {
      option.options = row.choices
        .filter((choice) => choice.value.trim())
        .map((choice) => ({
          label: choice.label.trim() || choice.value.trim(),
          value: choice.value.trim(),
        }));
    }
    result[key] = option;
  }
  return result;
}

/**
 * The config the form describes, parsed by the contract (so what is sent is exactly what
 * the server accepts). Call after validateActorForm found nothing.
 */
export function toActorConfig(values: ActorFormValues): ActorConfig {
  const mapping: Record<string, string> = { ...values.preserved.formatKeys };
  for (const [key, path] of Object.entries(values.mapping)) {
    if (path.trim()) mapping[key] = path.trim();
  }
  mapping.duration_format = DurationFormatSchema.parse(values.durationFormat);
  const inputKeys: ActorConfig['inputKeys'] = {};
  if (values.inputKeyUrl.trim()) inputKeys.url = values.inputKeyUrl.trim();
  if (values.inputKeyKeyword.trim()) inputKeys.keyword = values.inputKeyKeyword.trim();
  if (values.preserved.cookiesInputKey) inputKeys.cookies = values.preserved.cookiesInputKey;
  return ActorConfigSchema.parse({
    platformId: values.platformId.trim(),
    displayName: values.displayName.trim(),
    actorId: values.actorId.trim(),
    inputKey: values.inputKey.trim() || DEFAULT_INPUT_KEY,
    inputKeys,
    targetLabel: values.targetLabel.trim(),
    domains: splitDomains(values.domains),
    inputType: values.inputType,
    isActive: values.isActive,
    mapping,
    platformSpecific: {
      urlGeneration: {
        authorField: values.urlAuthorField.trim(),
        idField: values.urlIdField.trim(),
        template: values.urlTemplate.trim(),
      },
      urlMapping: splitLines(values.urlMapping),
      videoUrlMapping: splitLines(values.videoUrlMapping),
      titleMapping: splitLines(values.titleMapping),
      durationMapping: splitLines(values.durationMapping),
      idMapping: splitLines(values.idMapping),
      playCountMapping: splitLines(values.playCountMapping),
      skipIfNoUrl: values.skipIfNoUrl,
      dimensionFields: values.dimensionFields,
    },
    previewSpecific: {
      enabled: values.previewEnabled,
      format: formatOf(values.formatPreset, values.customFormat),
      maxDuration: Number(values.maxDuration.trim()),
    },
    options: optionsMap(values.options),
    downloadOptions: values.downloadOptions
      .filter((row) => row.label.trim() && row.value.trim())
      .map((row) => ({ label: row.label.trim(), value: row.value.trim() })),
  });
}

/** The full list to save: editing replaces the actor with the same platformId. */
export function withActor(list: ActorConfig[], actor: ActorConfig): ActorConfig[] {
  return list.some((c) => c.platformId === actor.platformId)
    ? list.map((c) => (c.platformId === actor.platformId ? actor : c))
    : [...list, actor];
}

export function withoutActor(list: ActorConfig[], platformId: string): ActorConfig[] {
  return list.filter((c) => c.platformId !== platformId);
}

export type UpdateActorForm = <K extends keyof ActorFormValues>(
  key: K,
  value: ActorFormValues[K],
) => void;

/** What every editor tab receives. */
export interface ActorTabProps {
  values: ActorFormValues;
  errors: ActorFormErrors;
  update: UpdateActorForm;
}

/** The DOM id of a field's control, so a save with errors can focus it. */
export function fieldId(field: string): string {
  return `actor-${field}`;
}
