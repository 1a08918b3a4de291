// SSRF, table-driven: every hostile URL meets every layer that could fetch it. The URL guard,
// the direct fetcher, the yt-dlp adapter (its pre-check), the guard proxy on its own (plain http
// and CONNECT), and the real yt-dlp sent through the proxy with the pre-check skipped (so the
// proxy alone has to stop it). A canary server listens on loopback (IPv4 and IPv6) at the port
// the loopback cases name: it must never see a request. Redirects and DNS rebinding are run
// end to end with the real yt-dlp.
import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectFetchError, fetchDirectMedia } from './direct-fetch.ts';
import { GUARD_REFUSAL, startGuardProxy, type GuardProxy } from './guard-proxy.ts';
import { assertFetchableUrl, UrlNotAllowedError, type ResolveHost } from './url-guard.ts';
import { createYtDlp, formatForQuality, runYtDlp, YtDlpError } from './yt-dlp/index.ts';

const YTDLP = process.env['YTDLP_PATH'] ?? 'yt-dlp';
/** Stands for a public address the tests never really connect to. */
const PUBLIC = '93.184.216.34';

/** Names only this suite knows; anything else goes to the system resolver (/etc/hosts here). */
const RECORDS: Record<string, string[]> = {
  'metadata.test': ['169.254.169.254'],
  'internal.test': ['10.1.2.3'],
  'router.test': ['192.168.1.1'],
  'corp.test': ['172.20.0.5'],
  'cgnat.test': ['100.100.100.100'],
  'mixed.test': [PUBLIC, '127.0.0.1'],
  'v6-loopback.test': ['::1'],
  'v6-mapped.test': ['::ffff:127.0.0.1'],
  'v6-nat64.test': ['64:ff9b::a9fe:a9fe'],
  'v6-ula.test': ['fd12:3456::1'],
  'v6-link.test': ['fe80::1'],
  'zero.test': ['0.0.0.0'],
};

function resolverWith(records: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const known = records[hostname];
    if (known) return known.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    return systemLookup(hostname, { all: true, verbatim: true });
  };
  return Object.assign(resolve, { asked });
}

let canary: Server;
let canaryHits: string[] = [];
let P = 0;
let proxy: GuardProxy;
let root: string;
const resolveHost = resolverWith(RECORDS);

beforeAll(async () => {
  canary = createServer((req, res) => {
    canaryHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'video/mp4' }).end('secret');
  });
  // '::' takes IPv4 too (mapped), so 127.x and ::1 both land here.
  await new Promise<void>((resolve) => canary.listen(0, '::', resolve));
  P = (canary.address() as AddressInfo).port;
  proxy = await startGuardProxy({ resolveHost, connectTimeoutMs: 1000 });
  root = await mkdtemp(join(tmpdir(), 'ssrf-suite-'));
});

afterAll(async () => {
  await proxy.close();
  canary.closeAllConnections();
  await new Promise((resolve) => canary.close(resolve));
  await rm(root, { recursive: true, force: true });
});

interface Case {
  url: string;
  /** What the guard says; `scheme`, `credentials` and `invalid-url` stop before any address. */
  reason: UrlNotAllowedError['reason'];
}

const blocked = (url: string): Case => ({ url, reason: 'blocked-address' });

// Built lazily: the loopback cases carry the canary's port.
function cases(): Case[] {
  return [
    // Loopback in every spelling the WHATWG parser (and so the proxy) understands.
    blocked(`http://127.0.0.1:${P}/`),
    blocked(`http://127.1:${P}/`),
    blocked(`http://127.0.0.2:${P}/`),
    blocked(`http://127.255.255.254:${P}/`),
    blocked(`http://0.0.0.0:${P}/`),
    blocked(`http://0:${P}/`),
    blocked(`http://[::1]:${P}/`),
    blocked(`http://[::]:${P}/`),
    blocked(`http://[0:0:0:0:0:0:0:1]:${P}/`),
    blocked(`http://[::ffff:127.0.0.1]:${P}/`),
    blocked(`http://[::ffff:7f00:1]:${P}/`),
    blocked(`http://[::ffff:0:7f00:1]:${P}/`),
    blocked(`http://[::127.0.0.1]:${P}/`),
    blocked(`http://[64:ff9b::7f00:1]:${P}/`),
    blocked(`http://[64:ff9b:1::7f00:1]:${P}/`),
    blocked(`http://[2002:7f00:1::]:${P}/`),
    blocked(`http://2130706433:${P}/`),
    blocked(`http://0x7f000001:${P}/`),
    blocked(`http://0x7f.1:${P}/`),
    blocked(`http://0177.0.0.1:${P}/`),
    blocked(`http://127.000.000.001:${P}/`),
    blocked(`http://127.0.0.1.:${P}/`),
    blocked(`http://%31%32%37.0.0.1:${P}/`),
    blocked(`http://１２７.０.０.１:${P}/`), // fullwidth digits
    blocked(`http://127。0。0。1:${P}/`), // ideographic full stops
    blocked(`HTTP://[::FFFF:127.0.0.1]:${P}/`),
    blocked(` http://127.0.0.1:${P}/`),
    blocked(`http:/\\127.0.0.1:${P}/`),
    blocked(`https://127.0.0.1:${P}/`),
    blocked(`https://[::1]:${P}/`),
    // Names that are loopback: the system resolver, the trailing dot, RFC 6761, lookalikes.
    blocked(`http://localhost:${P}/`),
    blocked(`http://localhost.:${P}/`),
    blocked(`http://LOCALHOST:${P}/`),
    blocked(`http://media.localhost:${P}/`),
    blocked(`http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:${P}/`),
    blocked(`https://localhost:${P}/`),
    // Cloud metadata and private ranges.
    blocked('http://169.254.169.254/latest/meta-data/'),
    blocked('http://2852039166/latest/meta-data/'),
    blocked('http://0xa9fea9fe/'),
    blocked('http://[::ffff:169.254.169.254]/'),
    blocked('http://[::ffff:a9fe:a9fe]/'),
    blocked('http://[fd00:ec2::254]/latest/meta-data/'),
    blocked('http://10.0.0.1/'),
    blocked('http://10.255.255.255/'),
    blocked('http://172.16.0.1/'),
    blocked('http://172.31.255.254/'),
    blocked('http://192.168.0.1/'),
    blocked('http://192.168.255.254/'),
    blocked('http://100.64.0.1/'),
    blocked('http://100.127.255.254/'),
    blocked('http://[fc00::1]/'),
    blocked('http://[fdff:ffff::1]/'),
    blocked('http://[fe80::1]/'),
    blocked('http://[febf::1]/'),
    blocked('http://224.0.0.1/'),
    blocked('http://255.255.255.255/'),
    blocked('https://10.0.0.1/'),
    blocked('https://[fc00::1]/'),
    // DNS names that resolve there (the injected resolver stands for DNS).
    ...Object.keys(RECORDS).map((name) => blocked(`http://${name}:${P}/`)),
    blocked('https://metadata.test/'),
    blocked('https://mixed.test/'),
    // Other schemes.
    { url: 'file:///etc/passwd', reason: 'scheme' },
    { url: 'file://localhost/etc/passwd', reason: 'scheme' },
    { url: `gopher://127.0.0.1:${P}/_GET%20/`, reason: 'scheme' },
    { url: 'ftp://127.0.0.1/', reason: 'scheme' },
    { url: 'data:text/plain,hello', reason: 'scheme' },
    { url: 'javascript:alert(1)', reason: 'scheme' },
    { url: `dict://127.0.0.1:${P}/info`, reason: 'scheme' },
    { url: `ws://127.0.0.1:${P}/`, reason: 'scheme' },
    { url: `ldap://127.0.0.1:${P}/`, reason: 'scheme' },
    // Credentials.
    { url: `http://user@127.0.0.1:${P}/`, reason: 'credentials' },
    { url: 'http://user:pass@example.com/', reason: 'credentials' },
    { url: `http://example.com@127.0.0.1:${P}/`, reason: 'credentials' },
    { url: `http://127.0.0.1%2f@example.com/`, reason: 'credentials' },
    // Option-looking and broken input.
    { url: '--exec=touch /tmp/pwned', reason: 'invalid-url' },
    { url: '-o/etc/x', reason: 'invalid-url' },
    { url: '--config-location=/etc/passwd', reason: 'invalid-url' },
    { url: 'http://', reason: 'invalid-url' },
  ];
}

async function guardRefusal(url: string): Promise<UrlNotAllowedError> {
  try {
    await assertFetchableUrl(url, { allowPrivateNetwork: false, resolveHost });
  } catch (error) {
    if (error instanceof UrlNotAllowedError) return error;
    throw error;
  }
  throw new Error(`the guard let ${url} through`);
}

/** One raw request to the proxy: absolute-form GET for http, CONNECT for https. */
function throughProxy(url: URL): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const line =
      url.protocol === 'https:'
        ? `CONNECT ${url.hostname}:${port} HTTP/1.1\r\nHost: ${url.hostname}:${port}\r\n\r\n`
        : `GET ${url.href} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`;
    socket.write(line);
  });
}

/** Runs `tasks` a few at a time (two cores, shared). */
async function inBatches<T>(tasks: Array<() => Promise<T>>, width = 3): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += width) {
    results.push(...(await Promise.all(tasks.slice(i, i + width).map((task) => task()))));
  }
  return results;
}

describe('SSRF: every hostile URL at every layer', () => {
  it('is refused by the guard, the direct fetcher, the yt-dlp adapter, the proxy and the real yt-dlp behind it; the canary hears nothing', async () => {
    const table = cases();
    const ytdlp = createYtDlp({
      binary: YTDLP,
      allowPrivateNetwork: false,
      proxyUrl: proxy.url,
      resolveHost,
      tempRoot: root,
      killGraceMs: 500,
    });
    let checks = 0;
    for (const { url, reason } of table) {
      // 1. The guard, with the reason expected.
      const refused = await guardRefusal(url);
      expect(refused.reason, url).toBe(reason);
      checks++;

      // 2. The direct fetcher: a permanent failure, no file.
      const outputPath = join(root, `direct-${checks}.mp4`);
      const direct = await fetchDirectMedia({
        url,
        outputPath,
        maxBytes: 1_000_000,
        socketTimeoutSecs: 2,
        allowPrivateNetwork: false,
        resolveHost,
      }).catch((error: unknown) => error);
      expect(direct, url).toBeInstanceOf(DirectFetchError);
      expect((direct as DirectFetchError).kind, url).toBe('permanent');
      expect(existsSync(outputPath) || existsSync(`${outputPath}.part`), url).toBe(false);
      checks++;

      // 3. The yt-dlp adapter refuses before it starts the program.
      const probe = await ytdlp.probe({ url, socketTimeoutSecs: 2 }).catch((error: unknown) => error);
      expect(probe, url).toBeInstanceOf(YtDlpError);
      expect((probe as YtDlpError).kind, url).toBe('permanent');
      checks++;

      // 4. The proxy on its own, for what a client could ask it.
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        parsed = undefined;
      }
      if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
        const answer = await throughProxy(parsed);
        // Absolute-form requests carry credentials too: the proxy refuses them like the guard.
        expect(answer, url).toMatch(/^HTTP\/1\.1 403 Blocked by URL guard/);
        checks++;
      }
    }

    // 5. The real yt-dlp, pre-check skipped: only the proxy stands between it and the target.
    // data: has no host to reach (yt-dlp decodes it itself) and the invalid ones no URL at all.
    const network = table.filter(({ url, reason }) => reason !== 'invalid-url' && !url.startsWith('data:'));
    // Ten URLs per run (`--ignore-errors` goes on after each failure): Python's start-up is most
    // of what a run costs, and every URL still gets its own attempt and its own ERROR line.
    const groups: string[][] = [];
    for (let i = 0; i < network.length; i += 10) groups.push(network.slice(i, i + 10).map(({ url }) => url));
    const runs = groups.map((urls) => async () => {
      const home = await mkdtemp(join(root, 'home-'));
      let stdout = '';
      const outcome = await runYtDlp({
        binary: YTDLP,
        args: ['--ignore-config', '--proxy', proxy.url, '--no-exec', '--ignore-errors', '--socket-timeout', '3', '-j', '--', ...urls],
        home,
        proxyUrl: proxy.url,
        signal: AbortSignal.timeout(60_000),
        killGraceMs: 500,
        onStdoutLine: (line) => (stdout += line),
      });
      const leftovers = await readdir(home);
      await rm(home, { recursive: true, force: true });
      return { urls, outcome, stdout, leftovers };
    });
    for (const { urls, outcome, stdout, leftovers } of await inBatches(runs, 2)) {
      const label = urls.join(' ');
      expect(outcome.exitCode, label).not.toBe(0);
      // Nothing extracted: -j prints one JSON line per URL that worked, and none did.
      expect(stdout, label).toBe('');
      expect(outcome.stderr.match(/^ERROR: /gm)?.length ?? 0, `${label}\n${outcome.stderr}`).toBeGreaterThanOrEqual(urls.length);
      expect(leftovers, label).toEqual([]);
      checks += urls.length;
    }
    // Spot check that the refusal came from the guard, not from a dead end.
    const sample = await runYtDlp({
      binary: YTDLP,
      args: ['--ignore-config', '--proxy', proxy.url, '-J', '--', `http://2130706433:${P}/v.mp4`],
      home: root,
      proxyUrl: proxy.url,
      signal: AbortSignal.timeout(30_000),
      killGraceMs: 500,
      onStdoutLine: () => undefined,
    });
    expect(sample.stderr).toContain(GUARD_REFUSAL);

    expect(canaryHits).toEqual([]);
    console.log(`ssrf cases: ${table.length} (layer checks: ${checks})`);
  }, 90_000);
});

describe('SSRF: redirects and DNS rebinding, end to end', () => {
  let redirector: Server;
  let R = 0;
  /** The proxy for this block lets the redirector (as start.test) through, and nothing else. */
  let startProxy: GuardProxy;
  const startResolver = resolverWith({ ...RECORDS, 'start.test': ['127.0.0.1'] });

  beforeAll(async () => {
    redirector = createServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    R = (redirector.address() as AddressInfo).port;
    startProxy = await startGuardProxy({
      resolveHost: startResolver,
      allowHosts: [`start.test:${R}`],
      connectTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await startProxy.close();
    redirector.closeAllConnections();
    await new Promise((resolve) => redirector.close(resolve));
  });

  it('a redirect from an allowed start into loopback, metadata, private names or other schemes is refused', async () => {
    const targets = [
      `http://127.0.0.1:${P}/v.mp4`,
      `http://[::1]:${P}/v.mp4`,
      `http://2130706433:${P}/v.mp4`,
      `http://[::ffff:7f00:1]:${P}/v.mp4`,
      `http://localhost:${P}/v.mp4`,
      `http://localhost.:${P}/v.mp4`,
      'http://169.254.169.254/latest/meta-data/',
      `http://metadata.test:${P}/`,
      `http://mixed.test:${P}/v.mp4`,
      `https://127.0.0.1:${P}/v.mp4`,
      'file:///etc/passwd',
      `gopher://127.0.0.1:${P}/_x`,
    ];
    // The adapter's pre-check sees start.test as public; the proxy connects it to the redirector.
    const ytdlp = createYtDlp({
      binary: YTDLP,
      allowPrivateNetwork: false,
      proxyUrl: startProxy.url,
      resolveHost: resolverWith({ 'start.test': [PUBLIC] }),
      tempRoot: root,
      killGraceMs: 500,
    });
    const outputDir = join(root, 'redirects');
    const runs = targets.map((to) => async () => {
      const url = `http://start.test:${R}/redirect/v.mp4?to=${encodeURIComponent(to)}`;
      const dir = join(outputDir, String(targets.indexOf(to)));
      const result = await ytdlp
        .download({
          url,
          outputDir: dir,
          format: formatForQuality('best'),
          maxFilesizeBytes: 1_000_000,
          socketTimeoutSecs: 3,
        })
        .catch((error: unknown) => error);
      return { to, result, left: existsSync(dir) ? await readdir(dir) : [] };
    });
    for (const { to, result, left } of await inBatches(runs)) {
      expect(result, to).toBeInstanceOf(YtDlpError);
      expect(left, to).toEqual([]);
    }
    expect(canaryHits).toEqual([]);
    console.log(`ssrf redirect cases: ${targets.length}`);
  }, 60_000);

  it('rebinding: the proxy resolves once and connects to the address it judged', async () => {
    // First answer public (the proxy would connect there), every later one loopback.
    let answers = 0;
    const asked: string[] = [];
    const rebinding: ResolveHost = async (hostname) => {
      asked.push(hostname);
      return answers++ === 0 ? [{ address: PUBLIC, family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    const rebindProxy = await startGuardProxy({ resolveHost: rebinding, connectTimeoutMs: 300 });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: rebindProxy.port, path: `http://rebind.test:${P}/v.mp4`, headers: { host: `rebind.test:${P}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      // The public address is unreachable here: 502, and never the canary.
      expect(status).toBe(502);
      expect(asked).toEqual(['rebind.test']);
    } finally {
      await rebindProxy.close();
    }
    // The second order: loopback first is refused outright.
    answers = 1;
    const refusing = await startGuardProxy({ resolveHost: rebinding });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(refusing.port, '127.0.0.1');
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.write(`CONNECT rebind.test:${P} HTTP/1.1\r\nHost: rebind.test:${P}\r\n\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 403 Blocked by URL guard: rebind\.test \(127\.0\.0\.1\) is loopback/);
    } finally {
      await refusing.close();
    }
    expect(canaryHits).toEqual([]);
  });

  it('rebinding: the direct fetcher checks the address it connects to, not only the first answer', async () => {
    let answers = 0;
    const rebinding: ResolveHost = async () =>
      answers++ === 0 ? [{ address: PUBLIC, family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const outputPath = join(root, 'rebind.mp4');
    const error = await fetchDirectMedia({
      url: `http://rebind.test:${P}/v.mp4`,
      outputPath,
      maxBytes: 1000,
      socketTimeoutSecs: 2,
      allowPrivateNetwork: false,
      resolveHost: rebinding,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DirectFetchError);
    expect((error as DirectFetchError).message).toMatch(/rebind\.test \(127\.0\.0\.1\)/);
    expect(existsSync(outputPath)).toBe(false);
    expect(canaryHits).toEqual([]);
    canaryHits = [];
  });
});
