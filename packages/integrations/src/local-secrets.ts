import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  /** 32 bytes, base64: the AES-256-GCM key for secrets at rest. */
  secretsKey: string;
}

export const SECRETS_FILE = 'secrets.json';

function readSecrets(file: string): LocalSecrets {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    typeof (parsed as Record<string, unknown>).jwtSecret !== 'string' ||
    typeof (parsed as Record<string, unknown>).secretsKey !== 'string'
  ) {
    throw new Error(`${file} is not a valid secrets file; remove it to generate new secrets`);
  }
  return parsed as LocalSecrets;
}

/**
 * JWT_SECRET and SECRETS_KEY when the operator gave none: generated once into DATA_DIR and
 * reused on every start. API and worker may start at the same moment, so the file is created
 * exclusively and whoever loses the race reads the winner's.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRETS_FILE);
  const fresh: LocalSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    secretsKey: randomBytes(32).toString('base64'),
  };
  try {
    writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // The winner may still be writing: retry briefly on a half-written file.
  for (let attempt = 0; ; attempt++) {
    try {
      return readSecrets(file);
    } catch (error) {
      if (attempt >= 20) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}
