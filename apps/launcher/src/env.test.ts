import { EnvError } from '@scrapper/contracts/rules/env-values';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('the launcher configuration', () => {
  it('refuses a DATABASE_URL the API and worker would refuse, as an operator error', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(loadEnv({ DATABASE_URL: 'postgresql://u@h1,h2/db' }).databaseUrl).toBe(
      'postgresql://u@h1,h2/db',
    );
  });

  it('reads SCRAPPER_DEV like every other on/off setting', () => {
    expect(loadEnv({}).dev).toBe(false);
    expect(loadEnv({ SCRAPPER_DEV: '1' }).dev).toBe(true);
    expect(loadEnv({ SCRAPPER_DEV: 'true' }).dev).toBe(true);
    expect(() => loadEnv({ SCRAPPER_DEV: 'ya' })).toThrow(EnvError);
  });
});
