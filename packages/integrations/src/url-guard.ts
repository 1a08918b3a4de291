import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/** Why a URL may not be fetched. */
export type UrlRefusal = 'invalid-url' | 'scheme' | 'credentials' | 'blocked-address';

/** What an address is, for the guard: everything but `public` is refused by default. */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

export class UrlNotAllowedError extends Error {
  override readonly name = 'UrlNotAllowedError';
  /** A refused address stays refused: never worth another attempt (see retry.ts). */
  readonly retryable = false;
  readonly reason: UrlRefusal;
  /** The address that was refused, for `blocked-address`. */
  readonly address: string | undefined;

  constructor(reason: UrlRefusal, message: string, address?: string) {
    super(message);
    this.reason = reason;
    this.address = address;
  }
}

/** Where fetching may reach besides the public internet (ALLOW_PRIVATE_NETWORK_FETCH, FETCH_ALLOW_PRIVATE_HOSTS). */
export interface FetchPolicy {
  allowPrivateNetwork: boolean;
  allowHosts: readonly string[];
}

/** Resolves a host name to every address it has (the guard checks all of them). */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export interface UrlGuardOptions {
  /** ALLOW_PRIVATE_NETWORK_FETCH: tests and the demo reach 127.0.0.1. */
  allowPrivateNetwork: boolean;
  /**
   * FETCH_ALLOW_PRIVATE_HOSTS: exactly these `host:port` destinations (as the WHATWG parser
   * writes the host, e.g. `127.0.0.1:4000`, `[::1]:8080`) pass whatever their address, while the
   * guard stays on for everything else. The narrow alternative to `allowPrivateNetwork`.
   */
  allowHosts?: readonly string[];
  /** Default: the system resolver (`dns.lookup`, all addresses). Tests map names here. */
  resolveHost?: ResolveHost;
}

/** `host:port` of a URL with the scheme's port filled in, as FETCH_ALLOW_PRIVATE_HOSTS lists it. */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

const resolveWithSystem: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

type Range = readonly [prefix: readonly number[], bits: number, kind: AddressKind];

const IPV4_RANGES: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'], // carrier-grade NAT: inside a provider's network
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'], // includes cloud metadata at 169.254.169.254
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'], // TEST-NET-1, documentation (RFC 5737)
  [[192, 88, 99, 0], 24, 'reserved'], // deprecated 6to4 relay anycast (RFC 7526)
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'], // benchmarking, used for internal networks in practice
  [[198, 51, 100, 0], 24, 'reserved'], // TEST-NET-2, documentation
  [[203, 0, 113, 0], 24, 'reserved'], // TEST-NET-3, documentation
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'], // includes 255.255.255.255
];

const IPV6_RANGES: readonly Range[] = [
  // Local-use NAT64 (RFC 8215): the IPv4 inside may sit anywhere the operator chose, so the
  // whole prefix is refused rather than judged.
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48, 'reserved'],
  [[0x20, 0x01, 0, 0], 32, 'reserved'], // Teredo: tunnels to an IPv4 server named inside
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], // documentation
  [[0x3f, 0xff, 0], 20, 'reserved'], // documentation (RFC 9637)
  [[0x5f, 0], 16, 'reserved'], // SRv6 SIDs (RFC 9602): not a host on the internet
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'reserved'], // deprecated site-local: still private in old networks
  [[0xfc, 0], 7, 'unique-local'],
  [[0xff, 0], 8, 'multicast'],
  [[0x01, 0, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // 100::/64 discard
];

function inRange(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** 16 bytes, or undefined when not an IPv6 address. Accepts `::`, a zone id and a dotted tail. */
function parseIPv6(text: string): number[] | undefined {
  let address = text.replace(/%.*$/, '');
  if (isIP(address) !== 6) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    address = `${address.slice(0, dotted.index)}${(a * 256 + b).toString(16)}:${(c * 256 + d).toString(16)}`;
  }
  const halves = address.split('::');
  const toGroups = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => parseInt(group, 16));
  const left = toGroups(halves[0] ?? '');
  const right = toGroups(halves[1] ?? '');
  const groups =
    halves.length === 2
      ? [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
      : left;
  if (groups.length !== 8) return undefined;
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function classifyIPv4(bytes: readonly number[]): AddressKind {
  return IPV4_RANGES.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2] ?? 'public';
}

function classifyIPv6(bytes: readonly number[]): AddressKind {
  const allZero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (allZero(0, 16)) return 'unspecified';
  if (allZero(0, 15) && bytes[15] === 1) return 'loopback';
  // IPv4 hidden in IPv6 reaches the IPv4 host: ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible),
  // 64:ff9b::a.b.c.d (NAT64), 2002:aabb:ccdd:: (6to4). Judge the IPv4 inside.
  const isMapped = allZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const isCompatible = allZero(0, 12);
  // ::ffff:0:a.b.c.d (SIIT, RFC 2765) is translated to the IPv4 host like a mapped address.
  const isTranslated = inRange(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96);
  const isNat64 = inRange(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96);
  if (isMapped || isCompatible || isTranslated || isNat64) return classifyIPv4(bytes.slice(12, 16));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return classifyIPv4(bytes.slice(2, 6));
  return IPV6_RANGES.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2] ?? 'public';
}

/** Classifies a literal IPv4 or IPv6 address (brackets and zone ids allowed); junk is `reserved`. */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const ipv4 = isIP(bare) === 4 ? parseIPv4(bare) : undefined;
  if (ipv4) return classifyIPv4(ipv4);
  const ipv6 = parseIPv6(bare);
  if (ipv6) return classifyIPv6(ipv6);
  return 'reserved';
}

function blockedAddressError(host: string, address: string, kind: AddressKind): UrlNotAllowedError {
  const where = host === address ? `Alamat ${address}` : `Host ${host} (${address})`;
  return new UrlNotAllowedError(
    'blocked-address',
    `${where} berada di jaringan lokal atau privat (${kind}); unduhan ke alamat seperti itu tidak diizinkan.`,
    address,
  );
}

/**
 * `localhost`, `x.localhost` and their trailing-dot forms are loopback by definition (RFC 6761):
 * systemd-resolved and browsers answer them without DNS, so they are refused without asking.
 */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function localhostError(host: string): UrlNotAllowedError {
  return new UrlNotAllowedError(
    'blocked-address',
    `Host ${host} selalu menunjuk ke komputer ini (loopback), yang berada di jaringan lokal atau privat; unduhan ke alamat seperti itu tidak diizinkan.`,
    host,
  );
}

/** Throws when any of the addresses is not public. */
function assertPublicAddresses(host: string, addresses: readonly LookupAddress[]): void {
  if (addresses.length === 0) {
    throw new UrlNotAllowedError('blocked-address', `Host ${host} tidak memiliki alamat IP.`);
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind !== 'public') throw blockedAddressError(host, address, kind);
  }
}

/**
 * The URL as the fetcher will see it, or UrlNotAllowedError: http(s) only, no credentials, and
 * unless `allowPrivateNetwork`, a host whose every address is public. The WHATWG parser turns odd
 * forms (`0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`) into canonical addresses first. DNS errors
 * (ENOTFOUND, EAI_AGAIN) are thrown as they come. The check is as good as the connection that
 * follows: fetchers should connect through `guardedLookup` so a second resolution cannot differ.
 */
export async function assertFetchableUrl(
  url: string | URL,
  options: UrlGuardOptions,
): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UrlNotAllowedError('invalid-url', 'URL tidak valid.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UrlNotAllowedError(
      'scheme',
      `Hanya URL http atau https yang boleh diunduh (bukan ${parsed.protocol}).`,
    );
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UrlNotAllowedError(
      'credentials',
      'URL tidak boleh memuat nama pengguna atau kata sandi.',
    );
  }
  if (parsed.hostname === '')
    throw new UrlNotAllowedError('invalid-url', 'URL tidak memiliki nama host.');
  if (options.allowPrivateNetwork) return parsed;
  if (options.allowHosts?.includes(hostPortOf(parsed))) return parsed;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    const kind = classifyAddress(host);
    if (kind !== 'public') throw blockedAddressError(host, host, kind);
    return parsed;
  }
  if (isLocalhostName(host)) throw localhostError(host);
  const resolveHost = options.resolveHost ?? resolveWithSystem;
  assertPublicAddresses(host, await resolveHost(host));
  return parsed;
}

/**
 * A `lookup` for node:http(s)/net that resolves once and refuses non-public addresses, so the
 * address checked is the address connected to (no DNS rebinding between check and connect).
 */
export function guardedLookup(options: UrlGuardOptions): LookupFunction {
  const resolveHost = options.resolveHost ?? resolveWithSystem;
  // The URL check judged host and port; the connection to an allowed host may use its addresses.
  const allowedNames = new Set((options.allowHosts ?? []).map((entry) => entry.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1')));
  return (hostname, lookupOptions, callback) => {
    const open = options.allowPrivateNetwork || allowedNames.has(hostname);
    if (!open && isLocalhostName(hostname)) {
      callback(localhostError(hostname), '', 0);
      return;
    }
    resolveHost(hostname).then(
      (found) => {
        const wanted =
          lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = found.filter(({ family }) => wanted === 0 || family === wanted);
        try {
          if (!open) assertPublicAddresses(hostname, addresses);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        const first = addresses[0];
        if (lookupOptions.all) callback(null, [...addresses]);
        else if (first) callback(null, first.address, first.family);
        else
          callback(
            Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
