import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';

const base = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  SECRETS_KEY: randomBytes(32).toString('base64'),
};

describe('PREVIEW_RETENTION_HOURS', () => {
  it('keeps preview clips 24 hours unless set', () => {
    expect(loadEnv(base).previewRetentionSeconds).toBe(24 * 3600);
    expect(loadEnv({ ...base, PREVIEW_RETENTION_HOURS: '1.5' }).previewRetentionSeconds).toBe(5400);
  });

  it('stops with a message naming the setting when it is not a positive number', () => {
    expect(() => loadEnv({ ...base, PREVIEW_RETENTION_HOURS: '0' })).toThrow(/PREVIEW_RETENTION_HOURS/);
    expect(() => loadEnv({ ...base, PREVIEW_RETENTION_HOURS: 'sehari' })).toThrow(/PREVIEW_RETENTION_HOURS/);
  });
});

describe('JOB_RETENTION_DAYS', () => {
  it('leaves each queue its own retention when unset, else applies the days to every queue', () => {
    expect(loadEnv(base).jobRetentionSeconds).toBeUndefined();
    expect(loadEnv({ ...base, JOB_RETENTION_DAYS: '14' }).jobRetentionSeconds).toBe(14 * 86_400);
  });

  it('refuses zero, negative and more than a year', () => {
    for (const value of ['0', '-1', '366', 'x']) {
      expect(() => loadEnv({ ...base, JOB_RETENTION_DAYS: value }), value).toThrow(/JOB_RETENTION_DAYS/);
    }
  });
});
