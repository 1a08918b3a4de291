import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type {
  AudioResult,
  GeneratedContent,
  RescheduleUploadBody,
  Upload,
  VideoEffectName,
} from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';
import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { ResultFileSummary, VideoListItem } from '@scrapper/contracts/http/media';
import { isJsonResultFile } from './utils/source-items.ts';
import { sendFormData, sendFormDataForBlob } from '@/lib/send-form-data.ts';
import type { SendFormOptions } from '@/lib/send-form-data.ts';

/** POST /api/youtube/videos/:id/cancel: 'Batalkan jadwal'. */
export function cancelUpload(id: string): Promise<Upload> {
  return call(youtubeEndpoints.cancelUpload, { params: { id } });
}

/** Disconnects the channel; the server deletes its upload records too. */
export async function deleteAccount(id: string): Promise<void> {
  await call(youtubeEndpoints.deleteAccount, { params: { id } });
}

/** Title, description and tags written by Gemini from the current title. */
export function generateContent(originalTitle: string): Promise<GeneratedContent> {
  return call(youtubeEndpoints.generateContent, { body: { originalTitle } });
}

export function getAudioInfo(url: string, signal?: AbortSignal): Promise<AudioResult> {
  return call(youtubeEndpoints.audioInfo, { query: { url }, signal });
}

/** Google's consent URL for this client; with an account id it re-authenticates that account. */
export async function getAuthUrl(clientSecretId: string, accountId?: string): Promise<string> {
  const { authUrl } = await call(youtubeEndpoints.authUrl, {
    query: { clientSecretId, accountId },
  });
  return authUrl;
}

/**
 * The member's connected channels. A 401 does not end the session inside the client: the
 * page says 'Sesi Anda telah kedaluwarsa...' first (spec section 8) and then logs out.
 */
export function listAccounts(signal?: AbortSignal): Promise<YouTubeAccount[]> {
  return call(youtubeEndpoints.listAccounts, { signal, logoutOnUnauthorized: false });
}

export type ClientSecretOption = EndpointResponse<
  typeof youtubeEndpoints.clientSecretOptions
>[number];

/** The active Google OAuth clients a member may connect a channel through (id and name). */
export function listClientSecretOptions(signal?: AbortSignal): Promise<ClientSecretOption[]> {
  return call(youtubeEndpoints.clientSecretOptions, { signal });
}

/** The first items of a file the picker offers (the largest page the list gives). */
export const PICKER_ITEMS = 500;

export interface FileItemsPage {
  items: VideoListItem[];
  /** Every item of the file, for "… dari N". */
  total: number;
}

/** The first items of a result file, without raw records; `username` names the owner when an admin opens someone else's. */
export async function listFileItems(
  fileName: string,
  username: string | undefined,
  signal?: AbortSignal,
): Promise<FileItemsPage> {
  const { items, pagination } = await call(mediaEndpoints.items, {
    query: { filename: fileName, username, limit: PICKER_ITEMS },
    signal,
  });
  return { items, total: pagination.total };
}

/** The newest files the picker offers (one page: a select of thousands helps nobody). */
export const PICKER_FILES = 200;

export interface JsonResultFiles {
  files: ResultFileSummary[];
  /** Every result file the caller may open, for "… dari N". */
  total: number;
}

/** The caller's newest result files, .json only (spec: only .json files are offered). */
export async function listJsonResultFiles(signal?: AbortSignal): Promise<JsonResultFiles> {
  const { files, pagination } = await call(mediaEndpoints.resultFiles, {
    query: { limit: PICKER_FILES },
    signal,
  });
  return {
    files: files.filter((file) => isJsonResultFile(file.fileName)),
    total: pagination.total,
  };
}

/** The member's uploads, newest first (the first page of 50). */
export async function listUploads(signal?: AbortSignal): Promise<Upload[]> {
  const { videos } = await call(youtubeEndpoints.videos, { signal });
  return videos;
}

/** A short video/mp4 of the file with the effect applied. */
export function previewEffect(
  videoFile: File,
  effect: VideoEffectName,
  signal?: AbortSignal,
): Promise<Blob> {
  const body = new FormData();
  body.append('effect', effect);
  body.append('videoFile', videoFile, videoFile.name);
  return sendFormDataForBlob(youtubeEndpoints.previewEffect, body, { signal });
}

/** PATCH /api/youtube/videos/:id: 'Ubah jadwal' (date and time in WIB). */
export function rescheduleUpload(id: string, body: RescheduleUploadBody): Promise<Upload> {
  return call(youtubeEndpoints.rescheduleUpload, { params: { id }, body });
}

export function searchAudio(query: string, signal?: AbortSignal): Promise<AudioResult[]> {
  return call(youtubeEndpoints.audioSearch, { query: { query }, signal });
}

/** POST /api/youtube/upload (multipart); the server queues the upload and answers 202. */
export function uploadVideo(body: FormData, options: SendFormOptions = {}): Promise<Upload> {
  return sendFormData(youtubeEndpoints.upload, body, options);
}
