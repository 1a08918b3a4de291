import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM for secrets at rest (API keys, client secrets, OAuth tokens, cookies).
// Stored form: "v1.<iv>.<tag>.<ciphertext>", each part base64url.
//
// Key rotation: a box may hold a previous key (SECRETS_KEY_PREVIOUS) beside the current one
// (SECRETS_KEY). seal() always uses the current key; open() tries the current key, then the
// previous one. GCM's tag tells which key fits: a wrong key fails authentication, it never
// yields wrong plain text. So during a switch every stored value stays readable, whichever
// key sealed it, and `pnpm secrets:rotate` moves them all to the current key.

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** What `reseal` did with one stored value. */
export type ResealResult =
  | { state: 'current' }
  | { state: 'resealed'; sealed: string }
  | { state: 'unreadable'; reason: string };

export interface RotatingSecretBox extends SecretBox {
  /**
   * Moves one stored value to the current key: already under it ('current', left as it is),
   * opened with the previous key and sealed again ('resealed'), or opened by neither
   * ('unreadable': a wrong SECRETS_KEY_PREVIOUS, or a damaged value).
   */
  reseal(sealed: string): ResealResult;
}

export function parseSecretsKey(key: string): Buffer {
  const bytes = Buffer.from(key, 'base64');
  if (bytes.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
  return bytes;
}

function sealWith(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

function split(sealed: string): { iv: Buffer; tag: Buffer; data: Buffer } {
  const [version, iv, tag, data, extra] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined || extra !== undefined) throw new Error('not a sealed secret');
  return { iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), data: Buffer.from(data, 'base64url') };
}

/** The plain text, or undefined when this key did not seal it (the GCM tag does not verify). */
function openWith(key: Buffer, parts: { iv: Buffer; tag: Buffer; data: Buffer }): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, parts.iv);
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.data), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** `previousKey`: SECRETS_KEY_PREVIOUS while a rotation is under way; values it sealed still open. */
/** Whether `key` is a usable SECRETS_KEY (32 bytes, base64): for the env schemas. */
export function isSecretsKey(key: string): boolean {
  try {
    parseSecretsKey(key);
    return true;
  } catch {
    return false;
  }
}

export function createSecretBox(key: string, previousKey?: string): RotatingSecretBox {
  const current = parseSecretsKey(key);
  const previous = previousKey === undefined ? undefined : parseSecretsKey(previousKey);
  return {
    seal: (plain) => sealWith(current, plain),
    open(sealed) {
      const parts = split(sealed);
      const plain = openWith(current, parts) ?? (previous ? openWith(previous, parts) : undefined);
      if (plain === undefined) {
        throw new Error(previous ? 'secret opens with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS' : 'secret does not open with SECRETS_KEY');
      }
      return plain;
    },
    reseal(sealed) {
      let parts: ReturnType<typeof split>;
      try {
        parts = split(sealed);
      } catch (error) {
        return { state: 'unreadable', reason: (error as Error).message };
      }
      if (openWith(current, parts) !== undefined) return { state: 'current' };
      const plain = previous ? openWith(previous, parts) : undefined;
      if (plain === undefined) {
        return { state: 'unreadable', reason: previous ? 'opens with neither key' : 'does not open with SECRETS_KEY and no SECRETS_KEY_PREVIOUS is set' };
      }
      return { state: 'resealed', sealed: sealWith(current, plain) };
    },
  };
}
