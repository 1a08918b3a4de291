import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { nextSteps } from './next-steps.ts';

const base = { address: 'http://127.0.0.1:3000', adminUsername: 'admin', login: {}, logFile: undefined };

describe('the start banner', () => {
  it('says nothing of private networks while the URL guard is fully on', () => {
    expect(nextSteps(base)).not.toMatch(/PERINGATAN/);
    expect(nextSteps({ ...base, privateFetch: loadEnv({}).privateFetch })).not.toMatch(/PERINGATAN/);
  });

  it('opens with a warning naming ALLOW_PRIVATE_NETWORK_FETCH when it is on', () => {
    const banner = nextSteps({ ...base, privateFetch: loadEnv({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' }).privateFetch });
    expect(banner.split('\n')[0]).toMatch(/^ {2}PERINGATAN: ALLOW_PRIVATE_NETWORK_FETCH=true di proses ini: pengaman URL dimatikan/);
  });

  it('names the destinations FETCH_ALLOW_PRIVATE_HOSTS lets through', () => {
    const banner = nextSteps({ ...base, privateFetch: loadEnv({ FETCH_ALLOW_PRIVATE_HOSTS: '127.0.0.1:9000' }).privateFetch });
    expect(banner).toContain('PERINGATAN: FETCH_ALLOW_PRIVATE_HOSTS di proses ini mengizinkan tujuan privat berikut: 127.0.0.1:9000.');
  });
});
