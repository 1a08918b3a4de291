// OWASP's device cookie (Blocking Brute Force Attacks, "device cookies"): a browser that logged
// in successfully as a username gets a signed cookie naming that username and a random device
// id. A login that brings a valid one for the username it asks for is from a known device: it
// is not held by the locks that unknown browsers build up, only by the failures of its own.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE_NAME = 'scrapper_device';
/** Sent to the login route only (and change-password's siblings), never to the rest of the API. */
const COOKIE_PATH = '/api/auth';

export interface DeviceCookie {
  username: string;
  deviceId: string;
}

/** Its own key, derived from JWT_SECRET: a device cookie can never pass as anything else. */
function deviceKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('scrapper device cookie v1').digest();
}

function signature(jwtSecret: string, body: string): Buffer {
  return createHmac('sha256', deviceKey(jwtSecret)).update(body).digest();
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** `<username, base64url>.<device id>.<HMAC-SHA256, base64url>` */
export function signDeviceCookie(cookie: DeviceCookie, jwtSecret: string): string {
  const body = `${Buffer.from(cookie.username.toLowerCase()).toString('base64url')}.${cookie.deviceId}`;
  return `${body}.${signature(jwtSecret, body).toString('base64url')}`;
}

/** The cookie's username and device, or undefined for a forged, altered or malformed value. */
export function verifyDeviceCookie(value: string | undefined, jwtSecret: string): DeviceCookie | undefined {
  if (!value) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [user, deviceId, mac] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(user) || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(jwtSecret, `${user}.${deviceId}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { username: Buffer.from(user, 'base64url').toString('utf8'), deviceId };
}

/** One cookie's value out of a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value: HttpOnly, SameSite=Strict, Secure when the page came over https. */
export function deviceCookieHeader(value: string, options: { secure: boolean; maxAgeDays: number }): string {
  const attributes = [
    `${DEVICE_COOKIE_NAME}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${options.maxAgeDays * 24 * 3600}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
