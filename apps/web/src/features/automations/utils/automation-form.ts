import {
  CreateAutomationBodySchema,
  type Automation,
  type AutomationSource,
  type CreateAutomationBody,
} from '@scrapper/contracts/http/automations';
import type { Quality } from '@scrapper/contracts/http/media';
import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { UPLOAD_DEFAULTS } from '@scrapper/contracts/http/youtube-uploads';
import { automationMessages } from '@scrapper/contracts/rules/automations';
import { targetKey } from '@scrapper/contracts/rules/scrape-targets';
import type { ScrapeSourceValues } from '@/hooks/use-scrape-source.ts';
import { defaultOptionValue } from '@/lib/scrape-options.ts';
import type { PrivacyChoice } from '@/lib/youtube-choices.ts';

// The automation form (issue 19) as text fields, and the body the API takes. The body is
// checked with the contract's own schema before it is sent, so every rule and message is the
// server's; each problem is shown beside the field it is about.

export type ScheduleKind = 'interval' | 'times';
export type IntervalUnit = 'minutes' | 'hours';
export type MetadataMode = 'template' | 'gemini';

export interface AutomationFormValues {
  name: string;
  scheduleKind: ScheduleKind;
  intervalValue: string;
  intervalUnit: IntervalUnit;
  /** HH:MM WIB, separated by commas or spaces. */
  times: string;
  minPlays: string;
  minLikes: string;
  minDuration: string;
  maxDuration: string;
  postedWithinDays: string;
  /** Words separated by commas. */
  includeWords: string;
  excludeWords: string;
  skipDownloaded: boolean;
  skipDuplicateTitles: boolean;
  quality: Quality;
  publish: boolean;
  /** Ids from GET /api/publish/accounts: YouTube channels, TikTok, Instagram, Facebook. */
  destinations: string[];
  playlistId: string;
  slots: string;
  maxPerDay: string;
  privacyStatus: PrivacyChoice;
  categoryId: string;
  madeForKids: 'true' | 'false' | '';
  videoEffect: VideoEffectName;
  metadataMode: MetadataMode;
  templateTitle: string;
  templateDescription: string;
  templateTags: string;
}

/** Sets one field of the form (what every field component of the form is given). */
export type ChangeField = <K extends keyof AutomationFormValues>(
  key: K,
  value: AutomationFormValues[K],
) => void;

/** The fields a message can stand beside ('form': above the buttons, about no one field). */
export type AutomationField = keyof AutomationFormValues | 'target' | 'form';
export type AutomationErrors = Partial<Record<AutomationField, string>>;

export const emptyAutomationForm: AutomationFormValues = {
  name: '',
  scheduleKind: 'interval',
  intervalValue: '6',
  intervalUnit: 'hours',
  times: '',
  minPlays: '',
  minLikes: '',
  minDuration: '',
  maxDuration: '',
  postedWithinDays: '',
  includeWords: '',
  excludeWords: '',
  skipDownloaded: true,
  skipDuplicateTitles: true,
  quality: 'best',
  publish: false,
  destinations: [],
  playlistId: '',
  slots: '',
  maxPerDay: '',
  privacyStatus: UPLOAD_DEFAULTS.privacyStatus,
  categoryId: UPLOAD_DEFAULTS.categoryId,
  madeForKids: 'false',
  videoEffect: UPLOAD_DEFAULTS.videoEffect,
  metadataMode: 'template',
  templateTitle: '{title}',
  templateDescription: '',
  templateTags: '',
};

/** "08:00, 20:00" or "08:00 20:00" -> ['08:00', '20:00']. */
export function splitList(text: string, separator: RegExp = /[,\s]+/): string[] {
  return text
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Words are separated by commas only: a filter word may hold a space ("kucing lucu"). */
function splitWords(text: string): string[] {
  return splitList(text, /,/);
}

/**
 * A number field: empty is null (no filter); a number is sent as it is; anything else is
 * sent as typed, so the contract's own message refuses it.
 */
function numberOrNull(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

function intervalMinutes(values: AutomationFormValues): number | string | null {
  const value = numberOrNull(values.intervalValue);
  if (typeof value !== 'number') return value;
  return values.intervalUnit === 'hours' ? Math.round(value * 60) : value;
}

/** The request body from the fields and the checked source (the contract then reads it). */
export function toBodyInput(values: AutomationFormValues, source: AutomationSource): unknown {
  const schedule =
    values.scheduleKind === 'interval'
      ? { kind: 'interval', intervalMinutes: intervalMinutes(values) }
      : { kind: 'times', times: splitList(values.times) };
  const metadata =
    values.metadataMode === 'gemini'
      ? { mode: 'gemini' }
      : {
          mode: 'template',
          title: values.templateTitle,
          description: values.templateDescription,
          tags: splitWords(values.templateTags),
        };
  const publish = values.publish
    ? {
        destinations: values.destinations,
        playlistId: values.playlistId || null,
        slots: splitList(values.slots),
        maxPerDay: numberOrNull(values.maxPerDay) ?? Math.max(1, splitList(values.slots).length),
        privacyStatus: values.privacyStatus,
        categoryId: values.categoryId,
        madeForKids: values.madeForKids === '' ? undefined : values.madeForKids === 'true',
        videoEffect: values.videoEffect,
        metadata,
      }
    : null;
  return {
    name: values.name,
    source,
    schedule,
    filters: {
      minPlays: numberOrNull(values.minPlays),
      minLikes: numberOrNull(values.minLikes),
      minDurationSeconds: numberOrNull(values.minDuration),
      maxDurationSeconds: numberOrNull(values.maxDuration),
      postedWithinDays: numberOrNull(values.postedWithinDays),
      includeWords: splitWords(values.includeWords),
      excludeWords: splitWords(values.excludeWords),
      skipDownloaded: values.skipDownloaded,
      skipDuplicateTitles: values.skipDuplicateTitles,
    },
    download: { quality: values.quality },
    publish,
  };
}

const FIELD_OF_PATH: Record<string, AutomationField> = {
  name: 'name',
  'schedule.intervalMinutes': 'intervalValue',
  'schedule.times': 'times',
  schedule: 'scheduleKind',
  'filters.minPlays': 'minPlays',
  'filters.minLikes': 'minLikes',
  'filters.minDurationSeconds': 'minDuration',
  'filters.maxDurationSeconds': 'maxDuration',
  'filters.postedWithinDays': 'postedWithinDays',
  'filters.includeWords': 'includeWords',
  'filters.excludeWords': 'excludeWords',
  'download.quality': 'quality',
  'publish.destinations': 'destinations',
  'publish.playlistId': 'playlistId',
  'publish.slots': 'slots',
  'publish.maxPerDay': 'maxPerDay',
  'publish.privacyStatus': 'privacyStatus',
  'publish.categoryId': 'categoryId',
  'publish.madeForKids': 'madeForKids',
  'publish.videoEffect': 'videoEffect',
  'publish.metadata.title': 'templateTitle',
  'publish.metadata.description': 'templateDescription',
  'publish.metadata.tags': 'templateTags',
  'publish.metadata': 'metadataMode',
  source: 'target',
};

/** The field an issue of the contract's schema is about: its longest known path prefix. */
export function fieldOfPath(path: readonly PropertyKey[]): AutomationField {
  const names = path.filter((part): part is string => typeof part === 'string');
  for (let length = names.length; length > 0; length--) {
    const field = FIELD_OF_PATH[names.slice(0, length).join('.')];
    if (field) return field;
  }
  return 'form';
}

/** Messages only the server can give (it knows the accounts and playlists), by field. */
const FIELD_OF_MESSAGE: Record<string, AutomationField> = {
  [automationMessages.accountNotFound]: 'destinations',
  [automationMessages.destinationNotFound]: 'destinations',
  [automationMessages.playlistWithoutYouTube]: 'playlistId',
  [automationMessages.playlistNotFound]: 'playlistId',
  [automationMessages.nothingToUpdate]: 'form',
};

/**
 * The field a 400/404 message of the API is about: the contract's messages name their field
 * (the schema is read for the message), the server's own checks are listed; else the form.
 */
export function fieldOfMessage(message: string, values: AutomationFormValues): AutomationField {
  const known = FIELD_OF_MESSAGE[message];
  if (known) return known;
  // The same body read here finds the issue with that message, and so its field.
  const result = CreateAutomationBodySchema.safeParse(toBodyInput(values, PLACEHOLDER_SOURCE));
  const issue = result.success ? undefined : result.error.issues.find((i) => i.message === message);
  return issue ? fieldOfPath(issue.path) : 'form';
}

const PLACEHOLDER_SOURCE: AutomationSource = {
  actorId: 'x',
  input: {},
  platformInfo: { platformId: 'x', displayName: 'x', scrapeType: 'keyword' },
};

export const CHOOSE_ACCOUNT = automationMessages.destinationsRequired;

export type BodyCheck =
  { ok: true; body: CreateAutomationBody } | { ok: false; errors: AutomationErrors };

/** The body, or the first problem of each field in the contract's words. */
export function checkBody(values: AutomationFormValues, source: AutomationSource): BodyCheck {
  const result = CreateAutomationBodySchema.safeParse(toBodyInput(values, source));
  if (result.success) return { ok: true, body: result.data };
  const errors: AutomationErrors = {};
  // No destination chosen reads better than the list rule's words.
  if (values.publish && values.destinations.length === 0) errors.destinations = CHOOSE_ACCOUNT;
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Fields in the order they stand on the page: the first with an error takes the focus. */
export const FIELD_ORDER: AutomationField[] = [
  'name',
  'target',
  'scheduleKind',
  'intervalValue',
  'times',
  'minPlays',
  'minLikes',
  'minDuration',
  'maxDuration',
  'postedWithinDays',
  'includeWords',
  'excludeWords',
  'quality',
  'destinations',
  'playlistId',
  'slots',
  'maxPerDay',
  'privacyStatus',
  'categoryId',
  'madeForKids',
  'videoEffect',
  'metadataMode',
  'templateTitle',
  'templateDescription',
  'templateTags',
  'form',
];

export function firstErrorField(errors: AutomationErrors): AutomationField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

// ---------------------------------------------------------------------------------------
// From a saved automation back to the fields (Edit)
// ---------------------------------------------------------------------------------------

function text(value: number | null): string {
  return value === null ? '' : String(value);
}

function targetText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join('\n');
  return typeof value === 'string' ? value : '';
}

/** The source fields of a saved source: its platform, its target and its options. */
export function sourceValues(
  source: AutomationSource,
  platforms: PlatformConfig[],
): ScrapeSourceValues | undefined {
  const platform = platforms.find((p) => p.platformId === source.platformInfo.platformId);
  if (!platform) return undefined;
  const key = targetKey(platform, source.platformInfo.scrapeType === 'url' ? 'url' : 'keyword');
  const optionValues = Object.fromEntries(
    Object.entries(platform.options).map(([name, option]) => {
      const saved = source.input[name];
      const value =
        saved === undefined || Array.isArray(saved) ? option : { ...option, default: saved };
      return [name, defaultOptionValue(value)];
    }),
  );
  return {
    platformId: platform.platformId,
    targetText: targetText(source.input[key]),
    urls: [],
    optionValues,
  };
}

export function formFromAutomation(automation: Automation): AutomationFormValues {
  const { schedule, filters, download, publish } = automation;
  const hours = schedule.kind === 'interval' && schedule.intervalMinutes % 60 === 0;
  const metadata = publish?.metadata;
  return {
    ...emptyAutomationForm,
    name: automation.name,
    scheduleKind: schedule.kind,
    intervalValue:
      schedule.kind === 'interval'
        ? String(hours ? schedule.intervalMinutes / 60 : schedule.intervalMinutes)
        : emptyAutomationForm.intervalValue,
    intervalUnit: schedule.kind === 'interval' && !hours ? 'minutes' : 'hours',
    times: schedule.kind === 'times' ? schedule.times.join(', ') : '',
    minPlays: text(filters.minPlays),
    minLikes: text(filters.minLikes),
    minDuration: text(filters.minDurationSeconds),
    maxDuration: text(filters.maxDurationSeconds),
    postedWithinDays: text(filters.postedWithinDays),
    includeWords: filters.includeWords.join(', '),
    excludeWords: filters.excludeWords.join(', '),
    skipDownloaded: filters.skipDownloaded,
    skipDuplicateTitles: filters.skipDuplicateTitles,
    quality: download.quality,
    ...(publish
      ? {
          publish: true,
          destinations: publish.destinations,
          playlistId: publish.playlistId ?? '',
          slots: publish.slots.join(', '),
          maxPerDay: String(publish.maxPerDay),
          privacyStatus: publish.privacyStatus,
          categoryId: publish.categoryId,
          madeForKids: publish.madeForKids ? 'true' : 'false',
          videoEffect: publish.videoEffect,
          metadataMode: metadata?.mode ?? 'template',
          templateTitle: metadata?.mode === 'template' ? metadata.title : '{title}',
          templateDescription: metadata?.mode === 'template' ? metadata.description : '',
          templateTags: metadata?.mode === 'template' ? metadata.tags.join(', ') : '',
        }
      : {}),
  };
}
