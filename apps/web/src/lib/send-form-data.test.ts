import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { ApiError, isAbortError } from './api-error.ts';
import { sendFormData, sendFormDataForBlob } from './send-form-data.ts';

const admin = { id: ADMIN_ID, username: 'admin', role: 'admin' as const };

/** Just enough of XMLHttpRequest to see what was sent and to answer it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  status = 0;
  response: unknown = null;
  sent: unknown = null;
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  private uploadListeners = new Map<string, Array<(event: unknown) => void>>();
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: URL | string) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.get('progress') ?? []) {
      listener({ loaded, total, lengthComputable: true });
    }
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.response = body;
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({});
  }
}

function lastXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
}

const upload = {
  id: '0b9c5e7e-3c1a-4f61-9a43-1d2f3e4a5b6c',
  title: 'Judul',
  description: '',
  tags: [],
  categoryId: '22',
  privacyStatus: 'public',
  publishType: 'now',
  publishAt: null,
  madeForKids: false,
  containsSyntheticMedia: false,
  videoEffect: 'none',
  playlistId: null,
  sourceKind: 'file',
  sourceUrl: null,
  sourceFileId: null,
  videoFileName: 'a.mp4',
  audioRemixUrl: null,
  status: 'scheduled',
  progress: 0,
  stage: null,
  youtubeVideoId: null,
  youtubePrivacyStatus: null,
  privacyLocked: false,
  errorMessage: null,
  errorDetail: null,
  cancelledAt: null,
  account: { id: '7f3e2d1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f', accountName: 'Kanal' },
  createdAt: '2025-01-01T00:00:00.000Z',
  uploadedAt: null,
};

describe('sendFormData', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    useSessionStore.getState().login(makeToken(), admin);
  });
  afterEach(() => {
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it('posts the form with the bearer token, reports progress and parses the answer', async () => {
    const form = new FormData();
    form.set('title', 'Judul');
    const progress = vi.fn();
    const pending = sendFormData(youtubeEndpoints.upload, form, { onUploadProgress: progress });
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/youtube/upload');
    expect(xhr.headers.authorization).toBe(`Bearer ${useSessionStore.getState().token}`);
    // The browser sets multipart/form-data with its boundary; a hand-written one would break it.
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.sent).toBe(form);
    xhr.progress(50, 200);
    expect(progress).toHaveBeenCalledWith({ loaded: 50, total: 200 });
    xhr.answer(202, JSON.stringify(upload));
    await expect(pending).resolves.toEqual(upload);
  });

  it("throws ApiError with the server's message and code, and logs out on 401", async () => {
    const pending = sendFormData(youtubeEndpoints.upload, new FormData());
    lastXhr().answer(
      413,
      JSON.stringify({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'File terlalu besar.',
      }),
    );
    await expect(pending).rejects.toMatchObject({
      status: 413,
      serverMessage: 'File terlalu besar.',
      serverError: 'Payload Too Large',
    });
    expect(useSessionStore.getState().status).toBe('authenticated');

    const unauthorized = sendFormData(youtubeEndpoints.upload, new FormData());
    lastXhr().answer(401, JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'x' }));
    await expect(unauthorized).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState()).toMatchObject({
      status: 'anonymous',
      endReason: 'unauthorized',
    });
  });

  it('rejects an answer that does not match the contract', async () => {
    const pending = sendFormData(youtubeEndpoints.upload, new FormData());
    lastXhr().answer(202, JSON.stringify({ id: 'nope' }));
    await expect(pending).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('reports a network failure and an abort as such', async () => {
    const failed = sendFormData(youtubeEndpoints.upload, new FormData());
    lastXhr().emit('error');
    await expect(failed).rejects.toMatchObject({ kind: 'network', status: 0 });

    const controller = new AbortController();
    const aborted = sendFormData(youtubeEndpoints.upload, new FormData(), {
      signal: controller.signal,
    });
    controller.abort();
    const error = await aborted.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });

  it('returns the blob of a binary answer and reads the error body of a failed one', async () => {
    const video = new Blob(['mp4'], { type: 'video/mp4' });
    const pending = sendFormDataForBlob(youtubeEndpoints.previewEffect, new FormData());
    expect(lastXhr().responseType).toBe('blob');
    lastXhr().answer(200, video);
    await expect(pending).resolves.toBe(video);

    const failing = sendFormDataForBlob(youtubeEndpoints.previewEffect, new FormData());
    const body = JSON.stringify({
      statusCode: 422,
      error: 'Unprocessable',
      message: 'Efek gagal.',
    });
    // jsdom's Blob has no text(); browsers' has.
    lastXhr().answer(422, Object.assign(new Blob([body]), { text: () => Promise.resolve(body) }));
    await expect(failing).rejects.toMatchObject({ status: 422, serverMessage: 'Efek gagal.' });
  });
});
