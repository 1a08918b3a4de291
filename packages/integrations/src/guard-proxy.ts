// A small forward proxy that yt-dlp (and the ffmpeg it starts) must use, so that every URL it
// fetches, not only the one it starts from, passes the URL guard: redirects, HLS playlists and
// fragments, media URLs. Plain HTTP comes in absolute form (`GET http://host/path`) and is
// forwarded; HTTPS comes as a CONNECT tunnel (TLS stays end to end, the proxy sees host and port
// only). Each target is resolved once, every address is judged by url-guard's rules, and the
// connection goes to an address that was judged: a second DNS answer cannot differ (rebinding).
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream';
import {
  assertFetchableUrl,
  classifyAddress,
  UrlNotAllowedError,
  type ResolveHost,
} from './url-guard.ts';

export interface GuardProxyOptions {
  /** How host names resolve. Default: the system resolver (all addresses). Tests map names here. */
  resolveHost?: ResolveHost;
  /**
   * For tests only: `host:port` targets (as the WHATWG parser writes the host, e.g.
   * `127.0.0.1:4000`) let through whatever their address, so a test server on loopback can be
   * the allowed start while everything else stays guarded.
   */
  allowHosts?: readonly string[];
  /** A tunnel or forwarded request with no traffic either way for this long is closed. Default 120 s. */
  idleTimeoutMs?: number;
  /** Connecting to a target gives up after this long (per address). Default 30 s. */
  connectTimeoutMs?: number;
  /** Failures that are not a refusal (upstream resets, client errors), for the process log. */
  onError?: (error: Error) => void;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for yt-dlp's `--proxy`. */
  url: string;
  port: number;
  /** Stops listening and cuts every open tunnel and request. */
  close(): Promise<void>;
}

/** The first words of every refusal's status line; yt-dlp repeats them in its error. */
export const GUARD_REFUSAL = 'Blocked by URL guard';

const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

// Hop-by-hop headers (RFC 9110 7.6.1) and the proxy's own: never passed on.
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** An answer that ends a request at the proxy: the status line says why, the body says it in full. */
class Refusal extends Error {
  readonly status: number;
  readonly phrase: string;

  constructor(status: number, phrase: string, message: string) {
    super(message);
    this.status = status;
    // The status line is ASCII without CR/LF whatever a host name looked like.
    this.phrase = phrase.replace(/[^\x20-\x7e]/g, '?');
  }
}

/** A target that passed the guard: where to connect, in the resolver's order. */
interface CheckedTarget {
  host: string;
  port: number;
  addresses: string[];
}

function refusalOf(error: UrlNotAllowedError, host: string): Refusal {
  if (error.reason !== 'blocked-address') {
    return new Refusal(403, `${GUARD_REFUSAL}: ${error.reason}`, error.message);
  }
  if (error.address === undefined) {
    return new Refusal(403, `${GUARD_REFUSAL}: ${host} has no address`, error.message);
  }
  const address = error.address;
  const who = host === address ? address : `${host} (${address})`;
  // A name refused without resolving (localhost) is loopback by definition.
  const kind = isIP(address) === 0 ? 'loopback' : classifyAddress(address);
  return new Refusal(403, `${GUARD_REFUSAL}: ${who} is ${kind}`, error.message);
}

/**
 * Judges a target with url-guard's rules (the same function that checks the URL a download starts
 * from) and returns the addresses it judged. `url` has been through the WHATWG parser, so odd
 * spellings (`0x7f.1`, `2130706433`, `[::ffff:7f00:1]`) are canonical addresses already.
 */
async function checkTarget(
  url: URL,
  port: number,
  resolveHost: ResolveHost,
  allowHosts: ReadonlySet<string>,
): Promise<CheckedTarget> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowed = allowHosts.has(`${url.hostname}:${port}`);
  const seen: LookupAddress[] = [];
  const recording: ResolveHost = async (name) => {
    const found = await resolveHost(name);
    seen.push(...found);
    return found;
  };
  try {
    await assertFetchableUrl(url, { allowPrivateNetwork: allowed, resolveHost: recording });
    // An allowed host skips the address check, and with it the resolution.
    if (isIP(host) === 0 && seen.length === 0) seen.push(...(await resolveHost(host)));
  } catch (error) {
    if (error instanceof UrlNotAllowedError) throw refusalOf(error, host);
    const code = (error as NodeJS.ErrnoException).code ?? 'DNS error';
    throw new Refusal(502, `Bad Gateway (${code} for ${host})`, `Host ${host} tidak ditemukan.`);
  }
  // IPv4 first: a container often has IPv6 addresses but no IPv6 route, and a connect that
  // hangs until its timeout would cost more than one that is refused at once.
  const byFamily = [...seen].sort((a, b) => a.family - b.family);
  const addresses = isIP(host) !== 0 ? [host] : byFamily.map(({ address }) => address);
  if (addresses.length === 0) {
    throw new Refusal(502, `Bad Gateway (no address for ${host})`, `Host ${host} tidak ditemukan.`);
  }
  return { host, port, addresses };
}

/** A socket connected to one of the checked addresses (tried in order), or the last error. */
function connectChecked(target: CheckedTarget, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    let index = 0;
    const tryNext = (lastError?: Error) => {
      const address = target.addresses[index];
      index += 1;
      if (address === undefined) {
        reject(lastError ?? new Error(`cannot connect to ${target.host}`));
        return;
      }
      const socket = connect({ host: address, port: target.port });
      const fail = (error: Error) => {
        socket.destroy();
        tryNext(error);
      };
      socket.setTimeout(timeoutMs, () =>
        fail(new Error(`connect to ${address}:${target.port} timed out`)),
      );
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.removeListener('error', fail);
        socket.setTimeout(0);
        resolve(socket);
      });
    };
    tryNext();
  });
}

/** Raw header pairs without hop-by-hop ones (nor those the Connection header names). */
function endToEndHeaders(raw: readonly string[], drop: readonly string[] = []): string[] {
  const named = new Set(drop);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === 'connection') {
      for (const token of (raw[i + 1] ?? '').split(',')) named.add(token.trim().toLowerCase());
    }
  }
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    kept.push(name, raw[i + 1] ?? '');
  }
  return kept;
}

function refusalResponse(refusal: Refusal): string {
  const body = `${refusal.message}\n`;
  return (
    `HTTP/1.1 ${refusal.status} ${refusal.phrase}\r\n` +
    'Content-Type: text/plain; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(refusal.status, refusal.phrase, {
    'content-type': 'text/plain; charset=utf-8',
    connection: 'close',
  });
  res.end(`${refusal.message}\n`);
}

/**
 * Starts the guard on 127.0.0.1 (a random port). One per process is enough: every yt-dlp run
 * gets its `url` as `--proxy`. The listening socket does not keep the process alive.
 */
export async function startGuardProxy(options: GuardProxyOptions = {}): Promise<GuardProxy> {
  const resolveHost: ResolveHost =
    options.resolveHost ?? ((name) => dnsLookup(name, { all: true, verbatim: true }));
  const allowHosts = new Set(options.allowHosts ?? []);
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  // A peer hanging up (a cancelled download, a closed tunnel) is how connections end, not news.
  const report = (error: Error) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNRESET' || code === 'EPIPE' || error.message === 'idle timeout') return;
    options.onError?.(error);
  };
  // Upstream sockets and hijacked tunnel sockets: the server's own tracking does not cover them.
  const open = new Set<Duplex>();
  const track = (socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      sendRefusal(res, new Refusal(400, 'Bad Request', 'Proxy hanya menerima URL absolut.'));
      return;
    }
    if (url.protocol !== 'http:') {
      // https:// goes through CONNECT; anything else is not ours to fetch.
      const message = `Proxy meneruskan http:// saja (bukan ${url.protocol}); https memakai CONNECT.`;
      sendRefusal(res, new Refusal(400, 'Bad Request', message));
      return;
    }
    const port = url.port === '' ? 80 : Number(url.port);
    let upstream: Socket;
    try {
      const target = await checkTarget(url, port, resolveHost, allowHosts);
      upstream = await connectChecked(target, connectTimeoutMs);
    } catch (error) {
      if (error instanceof Refusal) sendRefusal(res, error);
      else sendRefusal(res, new Refusal(502, 'Bad Gateway', (error as Error).message));
      return;
    }
    track(upstream);
    if (res.destroyed) {
      upstream.destroy();
      return;
    }
    upstream.setTimeout(idleTimeoutMs, () => upstream.destroy(new Error('idle timeout')));
    const headers = [
      'Host',
      url.host,
      ...endToEndHeaders(req.rawHeaders, ['host']),
      'Connection',
      'close',
    ];
    const outgoing = httpRequest({
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      setHost: false,
      createConnection: () => upstream,
    });
    outgoing.on('response', (incoming) => {
      res.writeHead(
        incoming.statusCode ?? 502,
        incoming.statusMessage,
        endToEndHeaders(incoming.rawHeaders),
      );
      pipeline(incoming, res, (error) => {
        if (error) upstream.destroy();
      });
    });
    outgoing.on('error', (error) => {
      if (!res.headersSent) sendRefusal(res, new Refusal(502, 'Bad Gateway', error.message));
      else res.destroy();
      if (!res.writableEnded) report(error);
    });
    // The client went away: stop fetching for it.
    res.once('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    pipeline(req, outgoing, (error) => {
      if (error) outgoing.destroy();
    });
  }

  async function tunnel(req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    track(client);
    // Until the tunnel stands, an error just ends the client.
    const dropClient = () => client.destroy();
    client.on('error', dropClient);
    const authority = /^(\[[0-9a-fA-F:.]+\]|[^\s/?#@[\]:]+):(\d{1,5})$/.exec(req.url ?? '');
    const port = Number(authority?.[2]);
    let url: URL | undefined;
    try {
      if (authority && port > 0 && port < 65536) url = new URL(`http://${authority[1]}:${port}/`);
    } catch {
      url = undefined;
    }
    if (!url) {
      const message = 'CONNECT memerlukan host:port.';
      client.end(refusalResponse(new Refusal(400, 'Bad Request', message)));
      return;
    }
    let upstream: Socket;
    try {
      const target = await checkTarget(url, port, resolveHost, allowHosts);
      upstream = await connectChecked(target, connectTimeoutMs);
    } catch (error) {
      const refusal =
        error instanceof Refusal
          ? error
          : new Refusal(502, 'Bad Gateway', (error as Error).message);
      if (!client.destroyed) client.end(refusalResponse(refusal));
      return;
    }
    track(upstream);
    if (client.destroyed) {
      upstream.destroy();
      return;
    }
    client.removeListener('error', dropClient);
    const closeBoth = (error?: Error) => {
      if (error) report(error);
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', closeBoth);
    client.on('error', closeBoth);
    // No traffic either way for a while: the tunnel is dead weight.
    upstream.setTimeout(idleTimeoutMs, () => closeBoth(new Error('idle timeout')));
    client.setTimeout(idleTimeoutMs, () => closeBoth(new Error('idle timeout')));
    // A client that is gone cannot take what the target still sends.
    client.once('close', () => upstream.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    // Both ways with backpressure (pipe pauses the reader while the writer's buffer is full);
    // an end on one side is passed on as an end (half close), so nothing in flight is cut.
    upstream.pipe(client);
    client.pipe(upstream);
  }

  const server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      report(error as Error);
      res.destroy();
    });
  });
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    // An http.Server's CONNECT socket is its net.Socket, handed over as it is.
    tunnel(req, client as Socket, head).catch((error: unknown) => {
      report(error as Error);
      client.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  // Idle keep-alive connections from yt-dlp are closed like tunnels are.
  server.setTimeout(idleTimeoutMs);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => report(error));
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}

const shared = new Map<string, Promise<GuardProxy>>();

/**
 * The process's fallback guard, started on first use: a yt-dlp run that was handed no proxy (and
 * may not reach private networks) goes through this one, so a forgotten hand-off cannot open the
 * hole again. One per FETCH_ALLOW_PRIVATE_HOSTS list (a process has one, so in practice one): a
 * run with a narrow list must not be refused its listed hosts by a guard that never heard of
 * them. The worker and the API start their own and pass it; these are never closed.
 */
export function sharedGuardProxy(allowHosts: readonly string[] = []): Promise<GuardProxy> {
  const key = [...new Set(allowHosts)].sort().join(',');
  let proxy = shared.get(key);
  if (!proxy) {
    proxy = startGuardProxy({ allowHosts: key ? key.split(',') : [] }).catch((error: unknown) => {
      shared.delete(key);
      throw error;
    });
    shared.set(key, proxy);
  }
  return proxy;
}
