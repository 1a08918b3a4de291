import { UploadFieldsSchema } from '@scrapper/contracts/http/youtube-uploads';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIO_REMIX, withRemixUrl } from './remix-values.ts';
import {
  DEFAULT_UPLOAD_FORM,
  buildUploadFormData,
  firstErrorField,
  uploadFields,
  validateUpload,
} from './upload-draft.ts';
import type { UploadDraft } from './upload-draft.ts';

const ACCOUNT = '7f3e2d1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f';
const SECRET = '0b9c5e7e-3c1a-4f61-9a43-1d2f3e4a5b6c';
// 1 Jan 2025, 12:00 WIB.
const NOW = new Date('2025-01-01T05:00:00.000Z');

const video = new File(['video'], 'klip.mp4', { type: 'video/mp4' });

function draft(changes: Partial<UploadDraft> = {}): UploadDraft {
  return {
    clientSecretId: SECRET,
    accountId: ACCOUNT,
    playlistId: null,
    form: { ...DEFAULT_UPLOAD_FORM, title: 'Judul video' },
    videoFile: video,
    scraperSource: null,
    thumbnailFile: null,
    audio: DEFAULT_AUDIO_REMIX,
    ...changes,
  };
}

describe('upload form defaults', () => {
  it('starts as the spec says: category 22, public, now, not for kids, no effect', () => {
    expect(DEFAULT_UPLOAD_FORM).toMatchObject({
      categoryId: '22',
      privacyStatus: 'public',
      publishType: 'now',
      madeForKids: 'false',
      videoEffect: 'none',
    });
  });
});

describe('validation before upload', () => {
  it('accepts a complete draft', () => {
    expect(validateUpload(draft(), NOW)).toEqual({});
  });

  it('needs a title, an account and a client secret', () => {
    const errors = validateUpload(
      draft({ clientSecretId: null, accountId: null, form: { ...DEFAULT_UPLOAD_FORM } }),
      NOW,
    );
    expect(errors).toMatchObject({
      clientSecretId: 'Pilih client secret terlebih dahulu.',
      accountId: 'Pilih akun YouTube terlebih dahulu.',
      title: 'Judul wajib diisi.',
    });
    expect(firstErrorField(errors)).toBe('clientSecretId');
  });

  it("needs a video file only when no scraped item is the source: 'Video file is required'", () => {
    expect(validateUpload(draft({ videoFile: null }), NOW).video).toBe('Video file is required');
    const fromItem = draft({
      videoFile: null,
      scraperSource: { scraperVideoUrl: 'https://www.tiktok.com/@a/video/1', scraperVideoId: '1' },
    });
    expect(validateUpload(fromItem, NOW)).toEqual({});
  });

  it('needs the made-for-kids choice', () => {
    const errors = validateUpload(draft({ form: { ...draft().form, madeForKids: '' } }), NOW);
    expect(errors.madeForKids).toBeDefined();
  });

  it('needs a date and a time in the future (WIB) only when scheduling', () => {
    const schedule = (scheduleDate: string, scheduleTime: string) =>
      validateUpload(
        draft({ form: { ...draft().form, publishType: 'schedule', scheduleDate, scheduleTime } }),
        NOW,
      );
    expect(schedule('', '')).toMatchObject({
      scheduleDate: 'Tanggal jadwal wajib diisi.',
      scheduleTime: 'Waktu jadwal wajib diisi.',
    });
    expect(schedule('2025-01-01', '11:59').scheduleTime).toBe(
      'Jadwal harus di masa depan (waktu WIB).',
    );
    expect(schedule('2025-02-30', '10:00').scheduleDate).toBe(
      'Tanggal atau waktu jadwal tidak valid.',
    );
    expect(schedule('2025-01-01', '12:01')).toEqual({});
    // Not scheduling: leftovers in the hidden fields do not matter.
    const now = draft({ form: { ...draft().form, scheduleDate: '2020-01-01', scheduleTime: '' } });
    expect(validateUpload(now, NOW)).toEqual({});
  });

  it("applies the contract's own rules with its words", () => {
    const long = draft({ form: { ...draft().form, title: 'x'.repeat(101) } });
    expect(validateUpload(long, NOW).title).toBe('Judul maksimal 100 karakter.');
    const remix = draft({
      audio: {
        ...withRemixUrl(DEFAULT_AUDIO_REMIX, 'https://youtu.be/abc'),
        startTime: '10',
        endTime: '5',
      },
    });
    expect(validateUpload(remix, NOW).endTime).toBe(
      'Waktu akhir audio harus lebih besar dari waktu mulai.',
    );
  });

  it('refuses files over the limits and a thumbnail that is no image', () => {
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    expect(validateUpload(draft({ thumbnailFile: big }), NOW).thumbnail).toBe(
      'Ukuran thumbnail maksimal 2 MB.',
    );
    const text = new File(['x'], 'a.txt', { type: 'text/plain' });
    expect(validateUpload(draft({ thumbnailFile: text }), NOW).thumbnail).toBe(
      'Thumbnail harus berupa gambar.',
    );
  });
});

describe('the multipart body', () => {
  it('sends the form fields the contract accepts, without schedule or remix fields by default', () => {
    const fields = uploadFields(draft());
    expect(fields).toEqual({
      accountId: ACCOUNT,
      title: 'Judul video',
      description: '',
      tags: '',
      categoryId: '22',
      privacyStatus: 'public',
      publishType: 'now',
      madeForKids: 'false',
      containsSyntheticMedia: 'false',
      videoEffect: 'none',
    });
    expect(UploadFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('declares realistic altered or synthetic content when the box is ticked', () => {
    const fields = uploadFields(draft({ form: { ...draft().form, containsSyntheticMedia: true } }));
    expect(fields.containsSyntheticMedia).toBe('true');
    const parsed = UploadFieldsSchema.safeParse(fields);
    expect(parsed.success && parsed.data.containsSyntheticMedia).toBe('true');
  });

  it('adds playlist, schedule, scraped source and remix fields when they apply', () => {
    const fields = uploadFields(
      draft({
        playlistId: 'PL123',
        videoFile: null,
        scraperSource: {
          scraperVideoUrl: 'https://www.tiktok.com/@a/video/1',
          scraperVideoId: '1',
        },
        form: {
          ...draft().form,
          publishType: 'schedule',
          scheduleDate: '2025-01-02',
          scheduleTime: '08:30',
        },
        audio: { ...withRemixUrl(DEFAULT_AUDIO_REMIX, ' https://youtu.be/abc '), startTime: '1.5' },
      }),
    );
    expect(fields).toMatchObject({
      playlistId: 'PL123',
      scheduleDate: '2025-01-02',
      scheduleTime: '08:30',
      scraperVideoUrl: 'https://www.tiktok.com/@a/video/1',
      scraperVideoId: '1',
      audioRemixUrl: 'https://youtu.be/abc',
      audioStartTime: '1.5',
      audioVolume: '1',
      videoVolume: '0.3',
    });
    expect(fields).not.toHaveProperty('audioEndTime');
    expect(UploadFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('sends the chosen files under the names the API reads', () => {
    const thumbnail = new File(['t'], 'cover.png', { type: 'image/png' });
    const audioFile = new File(['a'], 'lagu.mp3', { type: 'audio/mpeg' });
    const body = buildUploadFormData(
      draft({ thumbnailFile: thumbnail, audio: { ...DEFAULT_AUDIO_REMIX, audioFile } }),
    );
    expect((body.get('videoFile') as File).name).toBe('klip.mp4');
    expect((body.get('thumbnailFile') as File).name).toBe('cover.png');
    expect((body.get('audioFile') as File).name).toBe('lagu.mp3');
    expect(body.get('title')).toBe('Judul video');
    expect(body.get('videoVolume')).toBe('0.5');
    expect(body.get('scraperVideoUrl')).toBeNull();
  });
});
