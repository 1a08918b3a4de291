import type { LookupAddress } from 'node:dns';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFetchableUrl,
  classifyAddress,
  guardedLookup,
  UrlNotAllowedError,
  type ResolveHost,
  type UrlGuardOptions,
} from './url-guard.ts';

const DENY = { allowPrivateNetwork: false };
const ALLOW = { allowPrivateNetwork: true };

/** A resolver that knows a few names and records what it was asked. */
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

async function refusal(url: string, options: UrlGuardOptions = DENY): Promise<UrlNotAllowedError> {
  try {
    await assertFetchableUrl(url, options);
  } catch (error) {
    if (error instanceof UrlNotAllowedError) return error;
    throw error;
  }
  throw new Error(`${url} was allowed`);
}

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['172.15.255.255', 'public'],
    ['172.32.0.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.1', 'public'],
    ['8.8.8.8', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::192.168.1.1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'], // SIIT-translated IPv4
    ['::ffff:0:a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::a00:1', 'reserved'], // local-use NAT64: the IPv4 may sit anywhere
    ['2001:0:4136:e378::1', 'reserved'], // Teredo
    ['2001:db8::1', 'reserved'],
    // Documentation and other ranges that are no host on the internet (issue 29 item 6).
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.200', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['3fff:fff:ffff::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['5f00:ffff::1', 'reserved'],
    ['192.0.3.1', 'public'],
    ['198.51.101.1', 'public'],
    ['203.0.114.1', 'public'],
    ['4000::1', 'public'],
    ['3ffe::1', 'public'],
    ['5f01::1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['2606:4700::1111', 'public'],
    ['not-an-address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('assertFetchableUrl', () => {
  it.each([
    'http://127.0.0.1/video.mp4',
    'http://127.0.0.1:8080/',
    'http://10.0.0.8/',
    'http://172.20.1.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.1.1/',
    'http://0.0.0.0/',
    'http://224.0.0.251/',
    // Odd spellings the WHATWG parser turns into 127.0.0.1 or 10.0.0.1.
    'http://0x7f.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0x7f000001/',
    'http://012.0.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:a00:1]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[ff02::1]/',
    'https://[64:ff9b::a00:1]/',
  ])('refuses %s', async (url) => {
    const error = await refusal(url);
    expect(error.reason).toBe('blocked-address');
    expect(error.message).toMatch(/jaringan lokal atau privat/);
  });

  it.each(['http://8.8.8.8/', 'https://[2001:4860:4860::8888]/x', 'http://[::ffff:8.8.8.8]/'])(
    'allows the public address %s without asking DNS',
    async (url) => {
      const dns = fakeDns({});
      await expect(assertFetchableUrl(url, { ...DENY, resolveHost: dns })).resolves.toBeInstanceOf(
        URL,
      );
      expect(dns.asked).toEqual([]);
    },
  );

  it.each([
    'ftp://example.com/a.mp4',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:video/mp4,AAAA',
    'gopher://x/',
  ])('refuses the scheme of %s, even on a private network', async (url) => {
    const error = await refusal(url, ALLOW);
    expect(error.reason).toBe('scheme');
    expect(error.message).toMatch(/Hanya URL http atau https/);
  });

  it.each([
    'http://user:secret@example.com/',
    'https://user@example.com/',
    'http://:pw@example.com/',
  ])('refuses credentials in %s', async (url) => {
    const error = await refusal(url, ALLOW);
    expect(error.reason).toBe('credentials');
    expect(error.message).toBe('URL tidak boleh memuat nama pengguna atau kata sandi.');
  });

  it('refuses what is not a URL', async () => {
    expect((await refusal('not a url', ALLOW)).reason).toBe('invalid-url');
    expect((await refusal('/relative/path.mp4', ALLOW)).reason).toBe('invalid-url');
  });

  it('refuses names that resolve to private addresses, checking every address', async () => {
    const resolveHost = fakeDns({
      'internal.example': ['10.0.0.5'],
      localhost: ['127.0.0.1', '::1'],
      'mixed.example': ['93.184.216.34', '192.168.0.10'],
      'v6.example': ['2606:2800:220:1::1', '::ffff:172.16.0.1'],
      'cdn.example': ['93.184.216.34', '2606:2800:220:1::1'],
    });
    for (const host of ['internal.example', 'localhost', 'mixed.example', 'v6.example']) {
      await expect(
        assertFetchableUrl(`https://${host}/v.mp4`, { ...DENY, resolveHost }),
      ).rejects.toMatchObject({
        name: 'UrlNotAllowedError',
        reason: 'blocked-address',
        message: expect.stringContaining(`Host ${host}`),
      });
    }
    const allowed = await assertFetchableUrl('https://cdn.example/v.mp4', { ...DENY, resolveHost });
    expect(allowed.href).toBe('https://cdn.example/v.mp4');
  });

  it.each(['localhost', 'localhost.', 'media.localhost', 'a.b.localhost..'])(
    'refuses %s as loopback without asking DNS (RFC 6761)',
    async (host) => {
      const dns = fakeDns({});
      const error = await refusal(`http://${host}:8080/`, { ...DENY, resolveHost: dns });
      expect(error.reason).toBe('blocked-address');
      expect(error.message).toMatch(/loopback/);
      expect(dns.asked).toEqual([]);
    },
  );

  it('passes DNS failures through as they come', async () => {
    const resolveHost = fakeDns({});
    await expect(
      assertFetchableUrl('https://nowhere.example/', { ...DENY, resolveHost }),
    ).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('lets private addresses through when allowPrivateNetwork is set, without resolving', async () => {
    const resolveHost = fakeDns({});
    for (const url of [
      'http://127.0.0.1:3000/a.mp4',
      'http://[::1]/',
      'http://internal.example/',
    ]) {
      await expect(assertFetchableUrl(url, { ...ALLOW, resolveHost })).resolves.toBeInstanceOf(URL);
    }
    expect(resolveHost.asked).toEqual([]);
  });
});

describe('FETCH_ALLOW_PRIVATE_HOSTS (allowHosts)', () => {
  const allowHosts = ['127.0.0.1:4000', 'media.test:8080', '[::1]:80'];

  it('lets exactly the listed host:port through, scheme ports included', async () => {
    const resolveHost = fakeDns({ 'media.test': ['10.0.0.5'] });
    for (const url of ['http://127.0.0.1:4000/a.mp4', 'http://media.test:8080/x', 'http://[::1]/']) {
      await expect(assertFetchableUrl(url, { ...DENY, allowHosts, resolveHost }), url).resolves.toBeInstanceOf(URL);
    }
  });

  it('keeps the guard on for every other port and host', async () => {
    const resolveHost = fakeDns({ 'media.test': ['10.0.0.5'], 'other.test': ['127.0.0.1'] });
    for (const url of ['http://127.0.0.1:4001/', 'http://127.0.0.1/', 'http://media.test/', 'http://other.test:4000/', 'http://169.254.169.254/', 'http://[::1]:8080/']) {
      const error = await refusal(url, { ...DENY, allowHosts, resolveHost }).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(UrlNotAllowedError);
    }
  });
});

describe('guardedLookup', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function request(allowPrivateNetwork: boolean): Promise<number> {
    const lookup = guardedLookup({
      allowPrivateNetwork,
      resolveHost: fakeDns({ 'media.test': ['127.0.0.1'] }),
    });
    return new Promise((resolve, reject) => {
      // A new connection each time (no kept-alive socket from the other test): the lookup runs.
      get(`http://media.test:${port}/`, { lookup, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).once('error', reject);
    });
  }

  it('refuses at connect time a name that resolves to loopback', async () => {
    await expect(request(false)).rejects.toBeInstanceOf(UrlNotAllowedError);
  });

  it('connects to the checked address when private networks are allowed', async () => {
    await expect(request(true)).resolves.toBe(200);
  });

  it('connects to a private address of a host FETCH_ALLOW_PRIVATE_HOSTS lists, and to no other name', async () => {
    const resolveHost = fakeDns({ 'media.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const lookup = guardedLookup({ allowPrivateNetwork: false, allowHosts: [`media.test:${port}`], resolveHost });
    const fetchVia = (host: string) =>
      new Promise<number>((resolve, reject) => {
        get(`http://${host}:${port}/`, { lookup, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).once('error', reject);
      });
    await expect(fetchVia('media.test')).resolves.toBe(200);
    await expect(fetchVia('other.test')).rejects.toBeInstanceOf(UrlNotAllowedError);
  });
});
