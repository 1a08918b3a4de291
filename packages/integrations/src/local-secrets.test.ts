import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateLocalSecrets, SECRETS_FILE } from './local-secrets.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('local secrets', () => {
  it('generates once and reuses the same secrets afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    dirs.push(dir);
    const first = loadOrCreateLocalSecrets(dir);
    const second = loadOrCreateLocalSecrets(dir);
    expect(second).toEqual(first);
    expect(Buffer.from(first.secretsKey, 'base64')).toHaveLength(32);
    expect(statSync(join(dir, SECRETS_FILE)).mode & 0o777).toBe(0o600);
  });
});
