import type { TokenClaims } from '@scrapper/contracts/http/auth';

// The session is restored from the token before the first render, on every page, the login
// page included: these plain checks say what TokenClaimsSchema says (jwt.test.ts compares
// them) without loading zod and the contracts into the entry chunk.
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** The claims of our tokens, or null (unknown claims are dropped, as the schema does). */
export function readTokenClaims(value: unknown): TokenClaims | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { sub, username, role, exp, iat } = value as Record<string, unknown>;
  if (typeof sub !== 'string' || !UUID.test(sub)) return null;
  if (typeof username !== 'string') return null;
  if (role !== 'user' && role !== 'admin') return null;
  if (!isInteger(exp)) return null;
  if (iat !== undefined && !isInteger(iat)) return null;
  return iat === undefined ? { sub, username, role, exp } : { sub, username, role, exp, iat };
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a JWT without verifying it: the browser only needs to know who is
 * logged in and until when. The server verifies the signature on every call.
 * Returns null for anything that is not a well-formed token with our claims.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    return readTokenClaims(JSON.parse(decodeBase64Url(payload)));
  } catch {
    return null;
  }
}

/** `exp` is in seconds since the epoch (RFC 7519). */
export function isTokenExpired(claims: TokenClaims, nowMs: number): boolean {
  return claims.exp * 1000 <= nowMs;
}
