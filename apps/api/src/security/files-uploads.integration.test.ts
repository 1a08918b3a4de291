// Uploads, on every route that takes files or file text: the YouTube upload form (video,
// thumbnail, audio), the effect preview, and the cookie sets (cookie files are read in the
// browser and sent as text). Over size, over count, wrong type under a right name and type,
// polyglots, empty files, malformed bodies: each is a 4xx, and afterwards storage, the preview
// temp folder and the database hold exactly what they held before. File-name tricks on an
// accepted upload never reach a key or a path.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { cookieSets, youtubeUploads } from '@scrapper/db/schema';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../test/youtube.ts';

const MAX_VIDEO_BYTES = 256 * 1024;
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

let h: Harness;
let fake: FakeGoogle;
let work: string;
let admin: string;
let alice: string;
let aliceAccount: string;
let clip: Buffer;
let png: Buffer;
let jpeg: Buffer;
let m4a: Buffer;
let cases = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'files-uploads-'));
  // prettier-ignore
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=96x64:rate=10:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(work, 'clip.mp4')]);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=32x18', '-frames:v', '1', join(work, 't.png')]);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=32x18', '-frames:v', '1', join(work, 't.jpg')]);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', join(work, 'a.m4a')]);
  clip = readFileSync(join(work, 'clip.mp4'));
  png = readFileSync(join(work, 't.png'));
  jpeg = readFileSync(join(work, 't.jpg'));
  m4a = readFileSync(join(work, 'a.m4a'));
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness({ ...fakeGoogleEnv(fake), UPLOAD_MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES) });
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  aliceAccount = await connectAccount(h, alice, await createClientSecret(h, admin));
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
});

interface FilePart {
  field: string;
  /** Sent as written, quotes and all: the server must cope with whatever a client says. */
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart body built by hand, so names and counts are exactly what the test says. */
function multipart(fields: Record<string, string>, files: FilePart[], extraFields: Array<[string, string]> = []): { body: Buffer; type: string } {
  const boundary = `----scrapper-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of [...Object.entries(fields), ...extraFields]) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function send(path: string, body: Buffer, type: string, token = alice): Promise<{ status: number; body: any }> {
  try {
    const res = await fetch(`${h.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // binary (a preview) or text
    }
    return { status: res.status, body: parsed };
  } catch (error) {
    // The server may answer and close while a big body is still going out: that is a refusal too,
    // but the test wants to see the status, so this should not happen with the sizes used here.
    throw new Error(`request failed: ${(error as Error).message}`);
  }
}

const fields = () => ({ accountId: aliceAccount, title: 'Video Kucing', madeForKids: 'false' });
const video = (data = clip, filename = 'clip.mp4', type = 'video/mp4'): FilePart => ({ field: 'videoFile', filename, type, data });
const thumb = (data = png, filename = 't.png', type = 'image/png'): FilePart => ({ field: 'thumbnailFile', filename, type, data });
const audio = (data = m4a, filename = 'a.m4a', type = 'audio/mp4'): FilePart => ({ field: 'audioFile', filename, type, data });

async function uploadRows(): Promise<number> {
  const [row] = await h.database.db.select({ n: count() }).from(youtubeUploads);
  return row?.n ?? 0;
}

const previewTemp = () => {
  const dir = join(h.env.dataDir, 'tmp', 'previews');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** The folder goes once the answer is out, a moment after the client has it. */
async function previewTempEmpty(): Promise<boolean> {
  for (let waited = 0; waited < 5000 && previewTemp().length > 0; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return previewTemp().length === 0;
}

/** State that a refused request must leave as it was. */
async function snapshot() {
  return { stored: await h.storedFiles('uploads/'), rows: await uploadRows() };
}

describe('YouTube upload form', () => {
  const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
  const refusals: Array<[string, () => { body: Buffer; type: string }, number | number[], RegExp?]> = [
    // Over size: 413 before anything is kept.
    ['video one byte over the limit', () => multipart(fields(), [video(Buffer.concat([clip, Buffer.alloc(MAX_VIDEO_BYTES + 1 - clip.length)]))]), 413, /terlalu besar/],
    ['video ten times the limit', () => multipart(fields(), [video(Buffer.concat([clip, Buffer.alloc(10 * MAX_VIDEO_BYTES)]))]), 413],
    ['thumbnail over 2 MiB (after a stored video)', () => multipart(fields(), [video(), thumb(Buffer.concat([png, Buffer.alloc(THUMBNAIL_MAX_BYTES)]))]), 413, /Thumbnail terlalu besar/],
    // Over count.
    ['two videos', () => multipart(fields(), [video(), video()]), 400, /Hanya satu/],
    ['two thumbnails', () => multipart(fields(), [video(), thumb(), thumb()]), 400, /Hanya satu/],
    ['a file field the form does not have', () => multipart(fields(), [video(), { field: 'evilFile', filename: 'x.mp4', type: 'video/mp4', data: clip }]), 400, /tidak dikenal/],
    // Busboy's file count (one per field the form has) stops the fourth: 413, like too many fields.
    ['four files', () => multipart(fields(), [video(), thumb(), audio(), { field: 'videoFile', filename: 'x.mp4', type: 'video/mp4', data: clip }]), [400, 413]],
    ['too many fields', () => multipart(fields(), [video()], Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x'] as [string, string])), 413, /terlalu banyak/],
    ['a field over 64 KiB', () => multipart({ ...fields(), description: 'x'.repeat(70 * 1024) }, [video()]), 400],
    // Wrong type with the right name and type.
    ['text named .mp4', () => multipart(fields(), [video(Buffer.from('just some text, not a video'.repeat(40)))]), 400, /File video harus/],
    ['HTML named .mp4', () => multipart(fields(), [video(HTML)]), 400],
    ['a PNG named .mp4', () => multipart(fields(), [video(png)]), 400],
    ['a video sent as image/png', () => multipart(fields(), [video(clip, 'clip.png', 'image/png')]), 400],
    ['HTML named .jpg typed image/jpeg', () => multipart(fields(), [video(), thumb(HTML, 'x.jpg', 'image/jpeg')]), 400, /Thumbnail harus/],
    ['HTML named .png typed image/png', () => multipart(fields(), [video(), thumb(HTML, 'x.png', 'image/png')]), 400],
    ['PNG magic then HTML (polyglot head)', () => multipart(fields(), [video(), thumb(Buffer.concat([png.subarray(0, 8), HTML]), 'x.png')]), 400],
    ['JPEG magic then HTML (polyglot head)', () => multipart(fields(), [video(), thumb(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), HTML]), 'x.jpg', 'image/jpeg')]), 400],
    ['an SVG thumbnail', () => multipart(fields(), [video(), thumb(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg', 'image/svg+xml')]), 400],
    ['a real PNG typed image/svg+xml', () => multipart(fields(), [video(), thumb(png, 'x.png', 'image/svg+xml')]), 400],
    ['text named .m4a', () => multipart(fields(), [video(), audio(Buffer.from('not audio at all '.repeat(50)))]), 400, /File audio harus/],
    ['a video as the audio file, typed video/mp4', () => multipart(fields(), [video(), audio(clip, 'a.mp4', 'video/mp4')]), 400],
    // Empty files.
    ['zero-byte video', () => multipart(fields(), [video(Buffer.alloc(0))]), 400],
    ['zero-byte thumbnail', () => multipart(fields(), [video(), thumb(Buffer.alloc(0))]), 400],
    ['zero-byte audio', () => multipart(fields(), [video(), audio(Buffer.alloc(0))]), 400],
    // Bodies that are not (well-formed) multipart.
    ['a truncated body', () => {
      const whole = multipart(fields(), [video()]);
      return { body: whole.body.subarray(0, whole.body.length - 200), type: whole.type };
    }, 400],
    ['a boundary that never appears', () => ({ body: Buffer.from('garbage'.repeat(100)), type: 'multipart/form-data; boundary=nothere' }), 400],
    ['JSON instead of multipart', () => ({ body: Buffer.from(JSON.stringify(fields())), type: 'application/json' }), [400, 415]],
    ['text/plain', () => ({ body: Buffer.from('videoFile=x'), type: 'text/plain' }), [400, 415]],
  ];

  it.each(refusals)('%s: refused, nothing stored, no record', async (_name, build, status, message) => {
    const before = await snapshot();
    const { body, type } = build();
    const res = await send('/api/youtube/upload', body, type);
    const expected = Array.isArray(status) ? status : [status];
    expect(expected, JSON.stringify(res.body).slice(0, 300)).toContain(res.status);
    if (message) expect(res.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
    cases++;
  });

  it('file-name tricks on an accepted upload become neither keys nor paths; the stored name is cleaned', async () => {
    const names = [
      '../../../../etc/passwd.mp4',
      '..\\..\\Windows\\evil.mp4',
      'C:\\Windows\\System32\\evil.mp4',
      '/etc/cron.d/evil.mp4',
      '%2e%2e%2f%2e%2e%2fevil.mp4',
      '%252e%252e%252fevil.mp4',
      'evil\u0000.mp4',
      '-rf --exec touch x.mp4',
      '.htaccess',
      '...',
      `${'ä'.repeat(320)}.mp4`,
      '\uff0e\uff0e\uff0fevil.mp4',
      'evil\r\nX-Injected: 1.mp4',
    ];
    for (const filename of names) {
      const before = await h.storedFiles('uploads/');
      const { body, type } = multipart(fields(), [video(clip, filename), thumb(jpeg, filename, 'image/jpeg')]);
      const res = await send('/api/youtube/upload', body, type);
      expect(res.status, `${JSON.stringify(filename)}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(202);
      const added = (await h.storedFiles('uploads/')).filter((key) => !before.includes(key));
      expect(added, filename).toHaveLength(2);
      const id = String(res.body.id).replace(/[^0-9a-f-]/g, '');
      for (const key of added) expect(key, filename).toMatch(new RegExp(`^uploads/[0-9a-f-]{36}/${id}/(video\\.mp4|thumbnail\\.jpg)$`));
      const [row] = await h.database.db.select().from(youtubeUploads).where(eq(youtubeUploads.id, res.body.id as string));
      const stored = row?.videoFileName ?? '';
      // eslint-disable-next-line no-control-regex
      expect(stored, filename).not.toMatch(/[/\\\u0000-\u001f]/);
      expect(stored.length, filename).toBeLessThanOrEqual(200);
      expect(row?.videoStorageKey, filename).toMatch(/^uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/video\.mp4$/);
      cases++;
    }
  });
});

describe('effect preview', () => {
  const refusals: Array<[string, () => { body: Buffer; type: string }, number[]]> = [
    ['video over the limit', () => multipart({ effect: 'grayscale' }, [video(Buffer.concat([clip, Buffer.alloc(MAX_VIDEO_BYTES)]))]), [413]],
    // The preview takes one file: busboy's file count answers a second one with 413.
    ['two videos', () => multipart({ effect: 'grayscale' }, [video(), video()]), [400, 413]],
    ['a thumbnail field', () => multipart({ effect: 'grayscale' }, [video(), thumb()]), [400, 413]],
    ['text named .mp4', () => multipart({ effect: 'grayscale' }, [video(Buffer.from('not a video '.repeat(60)))]), [400]],
    ['zero-byte video', () => multipart({ effect: 'grayscale' }, [video(Buffer.alloc(0))]), [400]],
    ['an effect that is not ours', () => multipart({ effect: 'grayscale,drawtext=text=x' }, [video()]), [400]],
    ['an effect that is an option', () => multipart({ effect: '-vf' }, [video()]), [400]],
    ['no file at all', () => multipart({ effect: 'grayscale' }, []), [400]],
    ['a truncated body', () => {
      const whole = multipart({ effect: 'grayscale' }, [video()]);
      return { body: whole.body.subarray(0, whole.body.length - 200), type: whole.type };
    }, [400]],
  ];

  it.each(refusals)('%s: refused, the temp folder left empty', async (_name, build, status) => {
    const before = await snapshot();
    const { body, type } = build();
    const res = await send('/api/media/preview-effect', body, type);
    expect(status, JSON.stringify(res.body).slice(0, 300)).toContain(res.status);
    expect(await snapshot()).toEqual(before);
    expect(await previewTempEmpty()).toBe(true);
    cases++;
  });

  it('a file name that looks like a path or an option is only a name (the render works, nothing is left)', async () => {
    const { body, type } = multipart({ effect: 'grayscale' }, [video(clip, '../../../tmp/-i concat:evil.mp4')]);
    const res = await send('/api/media/preview-effect', body, type);
    expect(res.status).toBe(200);
    expect(await previewTempEmpty()).toBe(true);
    cases++;
  });
});

describe('cookie sets (cookie files are sent as text)', () => {
  async function cookieRows(): Promise<unknown[]> {
    return h.database.db.select().from(cookieSets);
  }

  it('refuses over-long cookies, too many cookies and an over-size body; the stored set is unchanged', async () => {
    const ok = await h.request('POST', '/api/config/cookies', { token: admin, body: { tiktok: ['sessionid=abc'] } });
    expect(ok.status).toBe(200);
    const before = await cookieRows();
    const attempts: Array<[unknown, number[]]> = [
      [{ tiktok: ['x'.repeat(20_001)] }, [400]],
      [{ youtube: Array.from({ length: 51 }, (_, i) => `c${i}=v`) }, [400]],
      // Each list and cookie within its limit, the body over BODY_LIMIT_BYTES (1 MiB).
      [{ tiktok: Array.from({ length: 50 }, () => 'a'.repeat(19_000)), youtube: Array.from({ length: 50 }, () => 'b'.repeat(19_000)) }, [413]],
      [{ tiktok: [{ file: '/etc/passwd' }] }, [400]],
      [{ tiktok: 'sessionid=abc' }, [400]],
    ];
    for (const [body, statuses] of attempts) {
      const res = await h.request('POST', '/api/config/cookies', { token: admin, body });
      expect(statuses, JSON.stringify(res.body).slice(0, 200)).toContain(res.status);
      expect(await cookieRows()).toEqual(before);
      cases++;
    }
    // A multipart "cookie file" to the JSON route is not parsed at all.
    const { body, type } = multipart({}, [{ field: 'file', filename: '../cookies.txt', type: 'text/plain', data: Buffer.from('# Netscape HTTP Cookie File\n') }]);
    const res = await send('/api/config/cookies', body, type, admin);
    expect([400, 415]).toContain(res.status);
    expect(await cookieRows()).toEqual(before);
    cases++;
    // Cookie text that looks like options or paths is stored as text, never used as either.
    const odd = ['sessionid=--exec touch /tmp/pwned', 'path=../../etc/passwd', 'o=-o /etc/x; b=--batch-file /etc/passwd'];
    const saved = await h.request('POST', '/api/config/cookies', { token: admin, body: { instagram: odd } });
    expect(saved.status).toBe(200);
    expect(saved.body.instagram).toHaveLength(3);
    expect(existsSync('/tmp/pwned')).toBe(false);
    cases++;
    console.log(`upload cases: ${cases}`);
  });
});
