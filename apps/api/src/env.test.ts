import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'api-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', DATA_DIR: dataDir };

describe('api env', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv(base);
    expect(env.port).toBe(3000);
    expect(env.host).toBe('127.0.0.1');
    expect(env.adminUsername).toBe('admin');
  });
  it('generates JWT_SECRET and SECRETS_KEY once into DATA_DIR and reuses them', () => {
    const a = loadEnv(base);
    const b = loadEnv(base);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(b.secretsKey).toBe(a.secretsKey);
  });
  it('prefers the given secrets', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const env = loadEnv({ ...base, JWT_SECRET: 'j'.repeat(40), SECRETS_KEY: key });
    expect(env.jwtSecret).toBe('j'.repeat(40));
    expect(env.secretsKey).toBe(key);
  });
  it('stops with a message naming each bad value', () => {
    expect(() => loadEnv({ ...base, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ ...base, SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(() => loadEnv({ ...base, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ ...base, DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ DATA_DIR: dataDir })).toThrow(/DATABASE_URL/);
  });
  it('treats empty values as unset', () => {
    expect(loadEnv({ ...base, PORT: '', ADMIN_PASSWORD: '' }).port).toBe(3000);
  });
});
