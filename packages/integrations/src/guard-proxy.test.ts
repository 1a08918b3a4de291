import type { LookupAddress } from 'node:dns';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGuardProxy, type GuardProxy, type GuardProxyOptions } from './guard-proxy.ts';
import type { ResolveHost } from './url-guard.ts';

/** A resolver that knows a few names and counts what it was asked. */
function fakeDns(records: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = records[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

/** What the upstream test server saw. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let upstreamPort: number;
let seen: Seen[] = [];
/** Responses the streaming test controls by hand. */
let onStream: ((res: ServerResponse) => void) | undefined;
const proxies: GuardProxy[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/stream' && onStream) {
        onStream(res);
        return;
      }
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.setHeader('x-upstream', 'yes');
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' });
      res.end(`${req.method} ${req.url} ${body}`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});
afterEach(async () => {
  seen = [];
  onStream = undefined;
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

async function proxyWith(options: GuardProxyOptions = {}): Promise<GuardProxy> {
  const proxy = await startGuardProxy({ allowHosts: [`127.0.0.1:${upstreamPort}`], ...options });
  proxies.push(proxy);
  return proxy;
}

/** Writes raw bytes to the proxy and reads until it closes (or `until` matches). */
function exchange(
  proxy: GuardProxy,
  text: string,
  until?: RegExp,
): Promise<{ text: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (until?.test(received)) resolve({ text: received, socket });
    });
    socket.on('end', () => resolve({ text: received, socket }));
    socket.on('error', reject);
    socket.write(text);
  });
}

const statusLine = (text: string) => text.split('\r\n', 1)[0];
const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);

/** A GET through the proxy with node's own client (absolute-form, as yt-dlp sends it). */
function viaProxy(
  proxy: GuardProxy,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; message: string; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        method: options.method ?? 'GET',
        path: url,
        headers: { host: new URL(url).host, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            message: res.statusMessage ?? '',
            headers: res.headers,
            body,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

// The addresses url-guard.test.ts refuses, as hosts: the proxy judges with the same function.
const REFUSED_HOSTS = [
  '127.0.0.1',
  '10.0.0.8',
  '172.20.1.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.1.1',
  '0.0.0.0',
  '224.0.0.251',
  '0x7f.1',
  '2130706433',
  '0177.0.0.1',
  '127.1',
  '0x7f000001',
  '012.0.0.1',
  '[::1]',
  '[::]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:a00:1]',
  '[fe80::1]',
  '[fc00::1]',
  '[fd00:ec2::254]',
  '[ff02::1]',
  '[64:ff9b::a00:1]',
];

describe('startGuardProxy: refusals', () => {
  it.each(REFUSED_HOSTS)('refuses plain http to %s with 403 and the reason', async (host) => {
    // Not the allowed port: 127.1 and friends on it *are* the allowed target.
    const proxy = await proxyWith();
    const response = await viaProxy(proxy, `http://${host}:8080/x`);
    expect(response.status).toBe(403);
    expect(response.message).toMatch(/^Blocked by URL guard: \S+ is [a-z-]+$/);
    expect(response.body).toMatch(/jaringan lokal atau privat/);
    expect(seen).toEqual([]);
  });

  it.each(REFUSED_HOSTS)('refuses a CONNECT tunnel to %s', async (host) => {
    const proxy = await proxyWith();
    const { text } = await exchange(
      proxy,
      `CONNECT ${host}:443 HTTP/1.1\r\nHost: ${host}:443\r\n\r\n`,
    );
    expect(statusLine(text)).toMatch(/^HTTP\/1\.1 403 Blocked by URL guard: \S+ is [a-z-]+$/);
    expect(bodyOf(text)).toMatch(/jaringan lokal atau privat/);
  });

  it('judges the canonical address, whatever the spelling: 0x7f.1 is 127.0.0.1', async () => {
    const proxy = await proxyWith();
    const response = await viaProxy(proxy, `http://0x7f.1:${upstreamPort + 1}/`);
    expect(response.message).toBe('Blocked by URL guard: 127.0.0.1 is loopback');
  });

  it('refuses names with any non-public address, naming host and address', async () => {
    const resolveHost = fakeDns({
      'internal.example': ['10.0.0.5'],
      'mixed.example': ['93.184.216.34', '192.168.0.10'],
    });
    const proxy = await proxyWith({ resolveHost });
    const internal = await viaProxy(proxy, 'http://internal.example/video.mp4');
    expect(internal.status).toBe(403);
    expect(internal.message).toBe('Blocked by URL guard: internal.example (10.0.0.5) is private');
    const { text } = await exchange(proxy, 'CONNECT mixed.example:443 HTTP/1.1\r\n\r\n');
    expect(statusLine(text)).toBe(
      'HTTP/1.1 403 Blocked by URL guard: mixed.example (192.168.0.10) is private',
    );
  });

  it('answers 502 for a name that does not resolve', async () => {
    const proxy = await proxyWith({ resolveHost: fakeDns({}) });
    const response = await viaProxy(proxy, 'http://nowhere.example/');
    expect(response.status).toBe(502);
    expect(response.message).toBe('Bad Gateway (ENOTFOUND for nowhere.example)');
  });

  it('refuses what is not a proxy request: origin form, https in absolute form, a bad CONNECT', async () => {
    const proxy = await proxyWith();
    const origin = await exchange(proxy, 'GET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(statusLine(origin.text)).toBe('HTTP/1.1 400 Bad Request');
    const https = await viaProxy(proxy, `https://127.0.0.1:${upstreamPort}/`);
    expect(https.status).toBe(400);
    for (const authority of ['example.com', 'user@example.com:443', 'example.com:99999', '/x']) {
      const { text } = await exchange(proxy, `CONNECT ${authority} HTTP/1.1\r\n\r\n`);
      expect(statusLine(text)).toBe('HTTP/1.1 400 Bad Request');
    }
    expect(seen).toEqual([]);
  });
});

describe('startGuardProxy: forwarding', () => {
  it('forwards plain http to an allowed target: method, path, query, body and headers, minus hop-by-hop ones', async () => {
    const proxy = await proxyWith();
    const response = await viaProxy(proxy, `http://127.0.0.1:${upstreamPort}/page?id=7`, {
      method: 'POST',
      headers: {
        'x-client': 'kept',
        'proxy-authorization': 'Basic c2VjcmV0',
        'proxy-connection': 'keep-alive',
        'content-type': 'text/plain',
      },
      body: 'hello',
    });
    expect(response).toMatchObject({ status: 200, body: 'POST /page?id=7 hello' });
    expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(response.headers['x-upstream']).toBe('yes');
    const [request] = seen;
    expect(request?.headers).toMatchObject({
      host: `127.0.0.1:${upstreamPort}`,
      'x-client': 'kept',
      connection: 'close',
    });
    expect(request?.headers['proxy-authorization']).toBeUndefined();
    expect(request?.headers['proxy-connection']).toBeUndefined();
  });

  it('passes the status of the target on as it is', async () => {
    const proxy = await proxyWith();
    const response = await viaProxy(proxy, `http://127.0.0.1:${upstreamPort}/missing`);
    expect(response.status).toBe(404);
    expect(response.message).toBe('Not Found');
  });

  it('resolves a name once and connects to the address it judged (no second lookup to rebind)', async () => {
    const resolveHost = fakeDns({ 'media.test': ['127.0.0.1'] });
    const proxy = await proxyWith({ resolveHost, allowHosts: [`media.test:${upstreamPort}`] });
    const response = await viaProxy(proxy, `http://media.test:${upstreamPort}/v.mp4`);
    expect(response.status).toBe(200);
    expect(resolveHost.asked).toEqual(['media.test']);
    expect(seen[0]?.headers.host).toBe(`media.test:${upstreamPort}`);
  });

  it('streams: the client has the first bytes before the target has finished', async () => {
    const proxy = await proxyWith();
    let finish: () => void = () => undefined;
    onStream = (res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write('first-chunk');
      finish = () => res.end('last');
    };
    const received = await new Promise<string>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port: proxy.port,
        path: `http://127.0.0.1:${upstreamPort}/stream`,
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          // Only now does the target end its body: a proxy that buffered would wait forever.
          if (body === 'first-chunk') finish();
        });
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    expect(received).toBe('first-chunklast');
  });

  it('stops fetching when the client goes away mid-body', async () => {
    const proxy = await proxyWith();
    const upstreamClosed = new Promise<void>((resolve) => {
      onStream = (res) => {
        res.writeHead(200);
        const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024)), 5);
        res.on('close', () => {
          clearInterval(timer);
          resolve();
        });
      };
    });
    const { socket } = await exchange(
      proxy,
      `GET http://127.0.0.1:${upstreamPort}/stream HTTP/1.1\r\nHost: x\r\n\r\n`,
      /\r\n\r\n/,
    );
    socket.destroy();
    await upstreamClosed;
    // And it goes on serving others.
    expect((await viaProxy(proxy, `http://127.0.0.1:${upstreamPort}/after`)).status).toBe(200);
  });

  it('answers 502 when the allowed target is down, and keeps running', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const proxy = await proxyWith({
      allowHosts: [`127.0.0.1:${port}`, `127.0.0.1:${upstreamPort}`],
    });
    const response = await viaProxy(proxy, `http://127.0.0.1:${port}/`);
    expect(response.status).toBe(502);
    const { text } = await exchange(proxy, `CONNECT 127.0.0.1:${port} HTTP/1.1\r\n\r\n`);
    expect(statusLine(text)).toBe('HTTP/1.1 502 Bad Gateway');
    expect((await viaProxy(proxy, `http://127.0.0.1:${upstreamPort}/ok`)).status).toBe(200);
  });
});

describe('startGuardProxy: CONNECT tunnels', () => {
  it('tunnels to an allowed target, both ways', async () => {
    const proxy = await proxyWith();
    const { text, socket } = await exchange(
      proxy,
      `CONNECT 127.0.0.1:${upstreamPort} HTTP/1.1\r\nHost: 127.0.0.1:${upstreamPort}\r\n\r\n` +
        // Bytes right behind the CONNECT (the "head") reach the target too.
        `GET /through-the-tunnel HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`,
      /\r\n0\r\n\r\n$/,
    );
    socket.destroy();
    expect(statusLine(text)).toBe('HTTP/1.1 200 Connection Established');
    expect(text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*GET \/through-the-tunnel /);
  });

  it('closes a tunnel that has been idle too long', async () => {
    const proxy = await proxyWith({ idleTimeoutMs: 150 });
    const started = Date.now();
    const { text } = await exchange(proxy, `CONNECT 127.0.0.1:${upstreamPort} HTTP/1.1\r\n\r\n`);
    // `exchange` resolved on the end of the stream: the proxy hung up by itself.
    expect(statusLine(text)).toBe('HTTP/1.1 200 Connection Established');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('cuts open tunnels on close', async () => {
    const proxy = await proxyWith();
    const { socket } = await exchange(
      proxy,
      `CONNECT 127.0.0.1:${upstreamPort} HTTP/1.1\r\n\r\n`,
      /\r\n\r\n/,
    );
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await proxy.close();
    await ended;
  });
});
