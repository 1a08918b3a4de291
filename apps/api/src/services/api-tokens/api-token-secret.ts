// The token itself: 32 random bytes after `scr_`, hashed with SHA-256 for storage. A plain
// (unsalted, fast) hash is enough because the token has 256 bits of entropy: nothing can be
// guessed from the hash, and the lookup stays one index probe.
import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@scrapper/contracts/http/me-tokens';

/** `scr_` and 43 base64url characters. */
const TOKEN_PATTERN = /^scr_[A-Za-z0-9_-]{43}$/;
/** Characters after `scr_` shown in lists: enough to recognise a token, far too few to use it. */
const SHOWN_CHARACTERS = 6;

export function generateApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashApiTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function displayPrefixOf(secret: string): string {
  return secret.slice(0, API_TOKEN_PREFIX.length + SHOWN_CHARACTERS);
}

/** Whether a bearer value is meant as a personal token (it may still be unknown or revoked). */
export function isApiTokenSecret(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}

/** Whether it has the shape of a token we issue (anything else is refused without a lookup). */
export function isWellFormedApiTokenSecret(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
