import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { clipFileName, HLS_RENDITIONS, type ClipDurationSecs } from './generate-media.ts';
import { acquireMedia } from './media-cache.ts';
import { sendFile, type Throttle } from './send-file.ts';

export interface MediaServerOptions {
  /** ffmpeg used to generate the fixtures. Default `ffmpeg` on PATH. */
  ffmpeg?: string;
  /** How `urls.slow` trickles its body. Default 16 KiB every 100 ms (about 160 KiB/s). */
  slowThrottle?: Throttle;
  /** The port on 127.0.0.1. Default: any free one. A fixed one lets a product started earlier list it (FETCH_ALLOW_PRIVATE_HOSTS). */
  port?: number;
}

export interface MediaServerUrls {
  /** Direct MP4 clips (320x180, H.264 + AAC), by duration. */
  clip3s: string;
  clip8s: string;
  clip40s: string;
  /** Audio-only AAC in MP4 (`audio/mp4`), 5 s. */
  audio: string;
  /** HLS master: video-only 360p/720p/1080p variants and one audio group, 4 s each. */
  hlsMaster: string;
  /** HTML page embedding `embeddedVideo` as `<video src>` and og:video. */
  embedPage: string;
  /** The direct video URL inside `embedPage` (the 8 s clip). */
  embeddedVideo: string;
  /**
   * HTML page of one song: JSON-LD `AudioObject` (title, 5 s, uploader) whose content is `audio`,
   * so yt-dlp's generic extractor reports title, duration and uploader like a music site.
   */
  audioPage: string;
  /**
   * A search URL template (`{query}`, `{limit}`) for audio-lookup's `searchUrlTemplate`: an RSS
   * feed of AUDIO_SEARCH_RESULTS results, read by yt-dlp as a playlist (see README.md).
   */
  audioSearch: string;
  /**
   * The 3 s clip behind a login: 403 with a "login required / bot check" page unless the
   * request carries `sessionCookie`, as a platform that wants cookies.
   */
  loginRequired: string;
  /** The 40 s clip (`video/mp4`, with Content-Length), trickled: for cancel tests. */
  slow: string;
  /** Answers 200 text/html headers, then never sends a byte: for socket timeouts. */
  stall: string;
  /** 404. */
  notFound: string;
  /** 503. */
  serverError: string;
}

export interface MediaRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: string;
  cookie: string | undefined;
  range: string | undefined;
  userAgent: string | undefined;
  /** The status answered; 0 while in flight. */
  status: number;
  /** False while in flight, and when the client went away before the end of the body. */
  completed: boolean;
}

export interface MediaServer {
  baseUrl: string;
  urls: MediaServerUrls;
  /** The generated files (`clip-8s.mp4`, `audio.m4a`, `hls/...`), to compare downloads with. */
  mediaDir: string;
  /** The cookie that opens `urls.loginRequired`. */
  sessionCookie: { name: string; value: string };
  /** A URL on this server that answers 302 to `location` (absolute, or a path here). */
  redirectUrl(location: string): string;
  /**
   * A page over the 3 s clip whose `<title>` and `og:title` are `title` as given (an option, a
   * path, markup): for proving that hostile titles stay metadata.
   */
  titledPageUrl(title: string): string;
  /**
   * The 3 s clip under the file name `name` (the URL's last segment, so yt-dlp takes it as the id
   * and title), also sent as its Content-Disposition file name.
   */
  namedClipUrl(name: string): string;
  /**
   * From the next request on, `urls.slow` trickles at this pace (requests under way keep theirs):
   * a test that no longer needs the download slow, e.g. once the worker it stopped mid-download
   * is gone, need not sit out another slow one.
   */
  setSlowThrottle(throttle: Throttle): void;
  /** Every request, oldest first. */
  readonly requests: readonly MediaRequest[];
  clearRequests(): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

const HLS_PATH = new RegExp(
  `^/hls/(master\\.m3u8|(?:${[...HLS_RENDITIONS.map((r) => r.name), 'audio'].join('|')})/(?:index\\.m3u8|seg-\\d{3}\\.ts))$`,
);

function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.'));
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain'): void {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` }).end(text);
}

function embedPage(videoUrl: string): string {
  return `<!doctype html>
<html>
<head>
<title>Scrapper test clip</title>
<meta property="og:title" content="Scrapper test clip">
<meta property="og:type" content="video.other">
<meta property="og:video" content="${videoUrl}">
<meta property="og:video:type" content="video/mp4">
</head>
<body>
<video controls src="${videoUrl}"></video>
</body>
</html>
`;
}

function titledPage(title: string, videoUrl: string): string {
  const escaped = escapeXml(title);
  return `<!doctype html>
<html>
<head>
<title>${escaped}</title>
<meta property="og:title" content="${escaped}">
<meta property="og:type" content="video.other">
<meta property="og:video" content="${videoUrl}">
<meta property="og:video:type" content="video/mp4">
</head>
<body>
<video controls src="${videoUrl}"></video>
</body>
</html>
`;
}

/** The song on `audioPage`, as yt-dlp reports it. */
export const AUDIO_PAGE_SONG = {
  title: 'Lagu Uji Scrapper',
  uploader: 'Penyanyi Uji',
  durationSecs: 5,
} as const;

/** Results on every `audioSearch` page, with these durations (as written in the feed). */
export const AUDIO_SEARCH_RESULTS = [
  { duration: '0:05', durationSecs: 5 },
  { duration: '1:05', durationSecs: 65 },
  { duration: '1:00:05', durationSecs: 3605 },
  { duration: '0:42', durationSecs: 42 },
  { duration: '3:30', durationSecs: 210 },
  { duration: '0:09', durationSecs: 9 },
] as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function audioPage(audioUrl: string): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'AudioObject',
    name: AUDIO_PAGE_SONG.title,
    duration: `PT${AUDIO_PAGE_SONG.durationSecs}S`,
    contentUrl: audioUrl,
    encodingFormat: 'audio/mp4',
    author: { '@type': 'Person', name: AUDIO_PAGE_SONG.uploader },
  });
  // No <audio> tag: yt-dlp's html5 extractor would win over the JSON-LD and drop its metadata.
  return `<!doctype html>
<html>
<head>
<title>${AUDIO_PAGE_SONG.title} - ${AUDIO_PAGE_SONG.uploader}</title>
<script type="application/ld+json">${jsonLd}</script>
</head>
<body><h1>${AUDIO_PAGE_SONG.title}</h1></body>
</html>
`;
}

/**
 * Search results as a podcast feed: yt-dlp's generic extractor reads RSS as a playlist whose
 * entries carry title, duration (itunes:duration) and URL, which `--flat-playlist` keeps unresolved.
 * The query is echoed in the titles, so a test can see it arrived as plain text.
 */
function audioSearchFeed(baseUrl: string, query: string, limit: number): string {
  const items = AUDIO_SEARCH_RESULTS.slice(0, limit).map(
    (result, index) => `<item>
<title>${escapeXml(`${query} - Lagu ${index + 1}`)}</title>
<itunes:duration>${result.duration}</itunes:duration>
<enclosure url="${baseUrl}/media/audio.m4a?result=${index + 1}" type="audio/mp4" length="1"/>
</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
<title>${escapeXml(`Hasil pencarian: ${query}`)}</title>
${items.join('\n')}
</channel>
</rss>
`;
}

const LOGIN_PAGE = `<!doctype html>
<html>
<head><title>Login required</title></head>
<body>
<h1>Login required</h1>
<p>Bot check: confirm you are not a robot, or log in to continue watching.</p>
</body>
</html>
`;

function hasCookie(header: string | undefined, name: string, value: string): boolean {
  if (!header) return false;
  return header.split(';').some((pair) => pair.trim() === `${name}=${value}`);
}

/**
 * Serves media generated at start with ffmpeg (see README.md) on 127.0.0.1, for the real yt-dlp
 * and ffmpeg in tests. The generated folder is shared by the servers of one process and removed
 * when the last one closes.
 */
export async function startMediaServer(options: MediaServerOptions = {}): Promise<MediaServer> {
  const media = await acquireMedia(options.ffmpeg ?? 'ffmpeg');
  let slowThrottle = options.slowThrottle ?? { chunkBytes: 16 * 1024, intervalMs: 100 };
  const sessionCookie = { name: 'scrapper_session', value: randomBytes(8).toString('hex') };
  const requests: MediaRequest[] = [];
  const clips: Record<string, ClipDurationSecs> = {
    [`/media/${clipFileName(3)}`]: 3,
    [`/media/${clipFileName(8)}`]: 8,
    [`/media/${clipFileName(40)}`]: 40,
  };
  let baseUrl = '';

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed');
      return;
    }
    const clip = clips[path];
    if (clip !== undefined) {
      await sendFile(req, res, join(media.dir, clipFileName(clip)), 'video/mp4');
      return;
    }
    if (path === '/media/audio.m4a') {
      await sendFile(req, res, join(media.dir, 'audio.m4a'), 'audio/mp4');
      return;
    }
    if (HLS_PATH.test(path)) {
      await sendFile(req, res, join(media.dir, path), contentTypeOf(path));
      return;
    }
    if (path === '/pages/embed.html') {
      sendText(res, 200, embedPage(`${baseUrl}/media/${clipFileName(8)}`), 'text/html');
      return;
    }
    if (path === '/pages/titled.html') {
      sendText(res, 200, titledPage(query.get('title') ?? '', `${baseUrl}/media/${clipFileName(3)}`), 'text/html');
      return;
    }
    if (path.startsWith('/named/')) {
      let name: string;
      try {
        name = decodeURIComponent(path.slice('/named/'.length));
      } catch {
        sendText(res, 400, 'Bad name');
        return;
      }
      // Header values are latin1 without CR/LF; the RFC 5987 form carries the rest.
      const plain = name.replace(/[^\x20-\x7e]|"/g, '_');
      res.setHeader('Content-Disposition', `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      await sendFile(req, res, join(media.dir, clipFileName(3)), 'video/mp4');
      return;
    }
    if (path === '/pages/song.html') {
      sendText(res, 200, audioPage(`${baseUrl}/media/audio.m4a`), 'text/html');
      return;
    }
    if (path === '/search/audio') {
      const limit = Number(query.get('limit') ?? AUDIO_SEARCH_RESULTS.length);
      const count = Number.isInteger(limit) && limit > 0 ? limit : AUDIO_SEARCH_RESULTS.length;
      sendText(
        res,
        200,
        audioSearchFeed(baseUrl, query.get('q') ?? '', count),
        'application/rss+xml',
      );
      return;
    }
    if (path === '/members/clip.mp4') {
      if (!hasCookie(req.headers.cookie, sessionCookie.name, sessionCookie.value)) {
        sendText(res, 403, LOGIN_PAGE, 'text/html');
        return;
      }
      await sendFile(req, res, join(media.dir, clipFileName(3)), 'video/mp4');
      return;
    }
    if (path === '/slow/clip.mp4') {
      await sendFile(req, res, join(media.dir, clipFileName(40)), 'video/mp4', slowThrottle);
      return;
    }
    if (path === '/stall') {
      // Headers only; the body never comes. close() cuts the connection.
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.flushHeaders();
      return;
    }
    if (path === '/error/503') {
      sendText(res, 503, 'Service temporarily unavailable');
      return;
    }
    if (path === '/redirect') {
      const location = query.get('to');
      if (!location) {
        sendText(res, 400, 'Missing ?to=');
        return;
      }
      res.writeHead(302, { Location: location }).end();
      return;
    }
    sendText(res, 404, 'Not found');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const entry: MediaRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      cookie: req.headers.cookie,
      range: req.headers.range,
      userAgent: req.headers['user-agent'],
      status: 0,
      completed: false,
    };
    requests.push(entry);
    let closed = false;
    // A client that went away first closes the response before it could finish.
    res.once('finish', () => {
      entry.completed = !closed;
    });
    res.once('close', () => {
      closed = true;
      entry.status = res.statusCode;
    });
    route(req, res, url.pathname, url.searchParams).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendText(res, 500, error instanceof Error ? error.message : String(error));
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await media.release();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    mediaDir: media.dir,
    urls: {
      clip3s: `${baseUrl}/media/${clipFileName(3)}`,
      clip8s: `${baseUrl}/media/${clipFileName(8)}`,
      clip40s: `${baseUrl}/media/${clipFileName(40)}`,
      audio: `${baseUrl}/media/audio.m4a`,
      hlsMaster: `${baseUrl}/hls/master.m3u8`,
      embedPage: `${baseUrl}/pages/embed.html`,
      embeddedVideo: `${baseUrl}/media/${clipFileName(8)}`,
      audioPage: `${baseUrl}/pages/song.html`,
      audioSearch: `${baseUrl}/search/audio?q={query}&limit={limit}`,
      loginRequired: `${baseUrl}/members/clip.mp4`,
      slow: `${baseUrl}/slow/clip.mp4`,
      stall: `${baseUrl}/stall`,
      notFound: `${baseUrl}/media/missing.mp4`,
      serverError: `${baseUrl}/error/503`,
    },
    sessionCookie,
    redirectUrl: (location) => `${baseUrl}/redirect?to=${encodeURIComponent(location)}`,
    titledPageUrl: (title) => `${baseUrl}/pages/titled.html?title=${encodeURIComponent(title)}`,
    namedClipUrl: (name) => `${baseUrl}/named/${encodeURIComponent(name)}`,
    requests,
    setSlowThrottle(throttle) {
      slowThrottle = throttle;
    },
    clearRequests() {
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await media.release();
    },
  };
}
