import { UPLOAD_DEFAULTS, UPLOAD_LIMITS, UploadFieldsSchema } from '@scrapper/contracts/http/youtube-uploads';
import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { fromJakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import type { AudioRemixValues } from './remix-values.ts';
import { hasRemix } from './remix-values.ts';
import { TEXT } from './messages.ts';
import type { ScraperSource } from './source-items.ts';

// The upload form (spec part 2, sections 2, 3, 4, 5 and 9): its values and defaults, the
// checks made before sending, and the multipart body of POST /api/youtube/upload.

export type PrivacyStatus = 'public' | 'private' | 'unlisted';
export type PublishType = 'now' | 'schedule';
export type MadeForKidsChoice = 'true' | 'false' | '';

export interface UploadFormValues {
  title: string;
  description: string;
  /** Comma separated. */
  tags: string;
  categoryId: string;
  privacyStatus: PrivacyStatus;
  publishType: PublishType;
  /** yyyy-MM-dd (the date input's value), Asia/Jakarta. */
  scheduleDate: string;
  /** HH:mm (the time input's value), Asia/Jakarta. */
  scheduleTime: string;
  /** '' only if nothing was chosen; the default is 'false'. */
  madeForKids: MadeForKidsChoice;
  /** "Konten sintetis/diubah": realistic altered or synthetic content (YouTube's label). */
  containsSyntheticMedia: boolean;
  videoEffect: VideoEffectName;
}

export const DEFAULT_UPLOAD_FORM: UploadFormValues = {
  title: '',
  description: '',
  tags: '',
  categoryId: UPLOAD_DEFAULTS.categoryId,
  privacyStatus: UPLOAD_DEFAULTS.privacyStatus,
  publishType: UPLOAD_DEFAULTS.publishType,
  scheduleDate: '',
  scheduleTime: '',
  madeForKids: UPLOAD_DEFAULTS.madeForKids ? 'true' : 'false',
  containsSyntheticMedia: false,
  videoEffect: UPLOAD_DEFAULTS.videoEffect,
};

/** A downloaded file on the server, by its File Manager id. */
export interface ServerFileSource {
  id: string;
  title: string;
}

/** Everything an upload is made of. */
export interface UploadDraft {
  clientSecretId: string | null;
  accountId: string | null;
  /** null or '' for no playlist. */
  playlistId: string | null;
  form: UploadFormValues;
  /** A video chosen from the computer. */
  videoFile: File | null;
  /** A scraped item (JSON result file) instead of a file. */
  scraperSource: ScraperSource | null;
  /** A file of the File Manager (downloaded on the server) instead of a file. */
  serverFile?: ServerFileSource | null;
  thumbnailFile: File | null;
  audio: AudioRemixValues;
}

export type UploadField =
  | 'clientSecretId'
  | 'accountId'
  | 'title'
  | 'description'
  | 'tags'
  | 'categoryId'
  | 'privacyStatus'
  | 'video'
  | 'thumbnail'
  | 'madeForKids'
  | 'scheduleDate'
  | 'scheduleTime'
  | 'videoEffect'
  | 'remixUrl'
  | 'startTime'
  | 'endTime'
  | 'audioFile';

export type UploadErrors = Partial<Record<UploadField, string>>;

/** The order fields appear in, so the first error can take the focus. */
export const FIELD_ORDER: readonly UploadField[] = [
  'clientSecretId',
  'accountId',
  'video',
  'title',
  'description',
  'tags',
  'categoryId',
  'privacyStatus',
  'scheduleDate',
  'scheduleTime',
  'madeForKids',
  'videoEffect',
  'thumbnail',
  'remixUrl',
  'startTime',
  'endTime',
  'audioFile',
];

// Contract field -> form field, for the messages of UploadFieldsSchema.
const CONTRACT_FIELDS: Record<string, UploadField> = {
  accountId: 'accountId',
  title: 'title',
  description: 'description',
  tags: 'tags',
  categoryId: 'categoryId',
  privacyStatus: 'privacyStatus',
  scheduleDate: 'scheduleDate',
  scheduleTime: 'scheduleTime',
  madeForKids: 'madeForKids',
  videoEffect: 'videoEffect',
  scraperVideoUrl: 'video',
  scraperVideoId: 'video',
  audioRemixUrl: 'remixUrl',
  audioStartTime: 'startTime',
  audioEndTime: 'endTime',
};

const MB = 1024 * 1024;

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * MB ? `${bytes / (1024 * MB)} GB` : `${bytes / MB} MB`;
}

export function hasVideoSource(
  draft: Pick<UploadDraft, 'videoFile' | 'scraperSource' | 'serverFile'>,
): boolean {
  return draft.videoFile !== null || draft.scraperSource !== null || Boolean(draft.serverFile);
}

/** The scheduled time is checked here as well as by the server: a past time fails at YouTube. */
function scheduleErrors(form: UploadFormValues, now: Date): UploadErrors {
  if (form.publishType !== 'schedule') return {};
  const errors: UploadErrors = {};
  if (!form.scheduleDate) errors.scheduleDate = 'Tanggal jadwal wajib diisi.';
  if (!form.scheduleTime) errors.scheduleTime = 'Waktu jadwal wajib diisi.';
  if (errors.scheduleDate || errors.scheduleTime) return errors;
  const at = fromJakartaDateTime(form.scheduleDate, form.scheduleTime);
  if (!at) return { scheduleDate: 'Tanggal atau waktu jadwal tidak valid.' };
  if (at.getTime() <= now.getTime()) {
    return { scheduleTime: 'Jadwal harus di masa depan (waktu WIB).' };
  }
  return {};
}

function fileErrors(draft: UploadDraft): UploadErrors {
  const errors: UploadErrors = {};
  const { videoFile, thumbnailFile, audio } = draft;
  if (videoFile && videoFile.size > UPLOAD_LIMITS.videoMaxBytes) {
    errors.video = `Ukuran video maksimal ${sizeLabel(UPLOAD_LIMITS.videoMaxBytes)}.`;
  }
  if (thumbnailFile && thumbnailFile.type && !thumbnailFile.type.startsWith('image/')) {
    errors.thumbnail = 'Thumbnail harus berupa gambar.';
  } else if (thumbnailFile && thumbnailFile.size > UPLOAD_LIMITS.thumbnailMaxBytes) {
    errors.thumbnail = `Ukuran thumbnail maksimal ${sizeLabel(UPLOAD_LIMITS.thumbnailMaxBytes)}.`;
  }
  if (audio.audioFile && audio.audioFile.size > UPLOAD_LIMITS.audioMaxBytes) {
    errors.audioFile = `Ukuran file audio maksimal ${sizeLabel(UPLOAD_LIMITS.audioMaxBytes)}.`;
  }
  return errors;
}

/**
 * Spec section 5: title required; a video file unless a scraped item is the source ('Video
 * file is required'); the made-for-kids choice; date and time when scheduling; account and
 * client secret. The rest are the contract's own rules (lengths, tags, audio times), so the
 * form refuses what the server would, with the same words.
 */
export function validateUpload(draft: UploadDraft, now: Date): UploadErrors {
  const errors: UploadErrors = {};
  if (!draft.clientSecretId) errors.clientSecretId = TEXT.chooseClientSecret;
  if (!draft.accountId) errors.accountId = TEXT.chooseAccount;
  if (!draft.form.title.trim()) errors.title = 'Judul wajib diisi.';
  if (!hasVideoSource(draft)) errors.video = TEXT.videoRequired;
  if (draft.form.madeForKids === '') {
    errors.madeForKids = 'Pilih apakah video ditujukan untuk anak-anak.';
  }
  addFirst(errors, scheduleErrors(draft.form, now));
  addFirst(errors, fileErrors(draft));

  const parsed = UploadFieldsSchema.safeParse(uploadFields(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = typeof issue.path[0] === 'string' ? issue.path[0] : '';
      const field = CONTRACT_FIELDS[key];
      if (field) addFirst(errors, { [field]: issue.message });
    }
  }
  return errors;
}

/** Adds messages for fields that have none yet: the first problem found is the one shown. */
function addFirst(errors: UploadErrors, more: UploadErrors): void {
  for (const field of FIELD_ORDER) {
    const message = more[field];
    if (message !== undefined && errors[field] === undefined) errors[field] = message;
  }
}

export function hasErrors(errors: UploadErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function firstErrorField(errors: UploadErrors): UploadField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

/**
 * The text fields of the multipart body (the keys of UploadFieldsSchema). Schedule fields go
 * only with a scheduled upload; the remix fields and both volumes only with a remix, so an
 * upload without one keeps its own sound untouched.
 */
export function uploadFields(draft: UploadDraft): Record<string, string> {
  const { form, audio } = draft;
  const fields: Record<string, string> = {
    accountId: draft.accountId ?? '',
    title: form.title.trim(),
    description: form.description,
    tags: form.tags,
    categoryId: form.categoryId,
    privacyStatus: form.privacyStatus,
    publishType: form.publishType,
    madeForKids: form.madeForKids,
    containsSyntheticMedia: form.containsSyntheticMedia ? 'true' : 'false',
    videoEffect: form.videoEffect,
  };
  if (draft.playlistId) fields.playlistId = draft.playlistId;
  if (form.publishType === 'schedule') {
    fields.scheduleDate = form.scheduleDate;
    fields.scheduleTime = form.scheduleTime;
  }
  if (!draft.videoFile && draft.serverFile) {
    fields.serverFileId = draft.serverFile.id;
  } else if (!draft.videoFile && draft.scraperSource) {
    fields.scraperVideoUrl = draft.scraperSource.scraperVideoUrl;
    fields.scraperVideoId = draft.scraperSource.scraperVideoId;
  }
  if (hasRemix(audio)) {
    if (audio.remixUrl.trim()) fields.audioRemixUrl = audio.remixUrl.trim();
    if (audio.startTime.trim()) fields.audioStartTime = audio.startTime.trim();
    if (audio.endTime.trim()) fields.audioEndTime = audio.endTime.trim();
    fields.audioVolume = String(audio.audioVolume);
    fields.videoVolume = String(audio.videoVolume);
  }
  return fields;
}

/** The body of POST /api/youtube/upload: the text fields, then the files. */
export function buildUploadFormData(draft: UploadDraft): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(uploadFields(draft))) form.append(key, value);
  if (draft.videoFile) form.append('videoFile', draft.videoFile, draft.videoFile.name);
  if (draft.thumbnailFile) {
    form.append('thumbnailFile', draft.thumbnailFile, draft.thumbnailFile.name);
  }
  if (draft.audio.audioFile) {
    form.append('audioFile', draft.audio.audioFile, draft.audio.audioFile.name);
  }
  return form;
}
