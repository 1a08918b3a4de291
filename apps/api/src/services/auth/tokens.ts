import { jwtVerify, SignJWT } from 'jose';
import { TokenClaimsSchema, type SessionUser, type TokenClaims } from '@scrapper/contracts/http/auth';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * A token for the user at their current session version (users.session_version): raising the
 * version (a password change or reset) makes every token signed before it invalid.
 */
export async function signToken(user: SessionUser, secret: string, sessionVersion: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ username: user.username, role: user.role, sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key(secret));
}

/** The token's claims, or undefined for a forged, expired, malformed or foreign token. */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const parsed = TokenClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a verified token still belongs to the user's current sessions (older versions: no). */
export function isCurrentSession(claims: TokenClaims, user: { sessionVersion: number }): boolean {
  return (claims.sv ?? 0) === user.sessionVersion;
}
