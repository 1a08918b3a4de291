import { UPLOAD_DEFAULTS } from '@scrapper/contracts/http/youtube-uploads';

// Audio remix options (spec part 2, sections 2, 4, 5 and 9).

export const REMIX_VOLUME = { min: 0, max: 2, step: 0.1 } as const;
export const ORIGINAL_VOLUME = { min: 0, max: 1, step: 0.1 } as const;
export const TIME_STEP = 0.1;

export interface AudioRemixValues {
  /** The YouTube video whose audio is mixed in; '' for none. */
  remixUrl: string;
  /** Seconds as typed; '' means from the start. */
  startTime: string;
  /** Seconds as typed; '' or 0 means the remix follows the video's duration. */
  endTime: string;
  /** Remix volume, 0..2. */
  audioVolume: number;
  /** Original video volume, 0..1. */
  videoVolume: number;
  /** An audio file of one's own instead of (or as well as) a remix URL. */
  audioFile: File | null;
}

export const DEFAULT_AUDIO_REMIX: AudioRemixValues = {
  remixUrl: '',
  startTime: '',
  endTime: '',
  audioVolume: UPLOAD_DEFAULTS.audioVolume,
  videoVolume: UPLOAD_DEFAULTS.videoVolume,
  audioFile: null,
};

function same(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}

/** Spec: when a remix is chosen and the original volume is still 0.5, it becomes 0.3. */
export function videoVolumeForRemix(videoVolume: number): number {
  return same(videoVolume, UPLOAD_DEFAULTS.videoVolume)
    ? UPLOAD_DEFAULTS.videoVolumeWithRemix
    : videoVolume;
}

export function hasRemix(values: Pick<AudioRemixValues, 'remixUrl' | 'audioFile'>): boolean {
  return values.remixUrl.trim() !== '' || values.audioFile !== null;
}

/**
 * The 0.5 -> 0.3 rule applies at the moment a remix is chosen, i.e. when there was none
 * before: typing the rest of a URL, or moving the slider back to 0.5 afterwards, is the
 * member's own choice and stays.
 */
function withRemixChange(before: AudioRemixValues, after: AudioRemixValues): AudioRemixValues {
  if (hasRemix(before) || !hasRemix(after)) return after;
  return { ...after, videoVolume: videoVolumeForRemix(after.videoVolume) };
}

export function withRemixUrl(values: AudioRemixValues, remixUrl: string): AudioRemixValues {
  return withRemixChange(values, { ...values, remixUrl });
}

export function withAudioFile(values: AudioRemixValues, audioFile: File | null): AudioRemixValues {
  return withRemixChange(values, { ...values, audioFile });
}

/** A slider value rounded to its 0.1 step (range inputs can hand back 0.30000000000000004). */
export function roundToStep(value: number): number {
  return Math.round(value * 10) / 10;
}

/** '1.0 (100%)': the factor as the spec writes it and the share a person reads. */
export function volumeLabel(value: number): string {
  return `${roundToStep(value).toFixed(1)} (${Math.round(value * 100)}%)`;
}
