import { TokenClaimsSchema } from '@scrapper/contracts/http/auth';
import type { TokenClaims } from '@scrapper/contracts/http/auth';

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
    const parsed = TokenClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `exp` is in seconds since the epoch (RFC 7519). */
export function isTokenExpired(claims: TokenClaims, nowMs: number): boolean {
  return claims.exp * 1000 <= nowMs;
}
