import { describe, expect, it } from 'vitest';
import {
  compareYtDlpVersions,
  jsRuntimeArgs,
  jsRuntimeFor,
  parseYtDlpVersion,
  releaseDateOf,
  ytDlpAgeDays,
  type YtDlpVersion,
} from './version.ts';

const node24 = { path: '/opt/node/bin/node', version: 'v24.11.0' };

function v(text: string): YtDlpVersion {
  const parsed = parseYtDlpVersion(text);
  if (!parsed) throw new Error(`not a version: ${text}`);
  return parsed;
}

describe('parseYtDlpVersion', () => {
  it('reads stable and nightly versions as yt-dlp prints them', () => {
    expect(parseYtDlpVersion('2023.03.04\n')).toEqual({ year: 2023, month: 3, day: 4, build: undefined, text: '2023.03.04' });
    expect(parseYtDlpVersion('2026.11.20.123456')).toMatchObject({ year: 2026, month: 11, day: 20, build: 123456, text: '2026.11.20.123456' });
    // Older releases printed single-digit months and days; a channel prefix is allowed.
    expect(parseYtDlpVersion('2025.4.30')?.text).toBe('2025.4.30');
    expect(parseYtDlpVersion('nightly@2025.11.12.232930')?.build).toBe(232930);
  });

  it('refuses what is not a yt-dlp date version', () => {
    for (const text of ['', 'yt-dlp', '1.2.3', '2023.13.01', '2023.00.10', '10.2023.03.04.5', 'broken\n2025.11.12']) {
      expect(parseYtDlpVersion(text), text).toBeUndefined();
    }
  });
});

describe('compareYtDlpVersions and dates', () => {
  it('orders by date, a stable release before the nightlies of its day', () => {
    const ordered = ['2023.03.04', '2025.4.30', '2025.11.11.235959', '2025.11.12', '2025.11.12.000001', '2026.01.02'].map(v);
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1], ordered[i]] as [YtDlpVersion, YtDlpVersion];
      expect(compareYtDlpVersions(a, b), `${a.text} < ${b.text}`).toBeLessThan(0);
      expect(compareYtDlpVersions(b, a)).toBeGreaterThan(0);
    }
    expect(compareYtDlpVersions(v('2025.11.12'), v('2025.11.12'))).toBe(0);
  });

  it('gives the release date and the age in whole days', () => {
    expect(releaseDateOf(v('2025.4.30'))).toBe('2025-04-30');
    expect(releaseDateOf(v('2026.11.20.123456'))).toBe('2026-11-20');
    expect(ytDlpAgeDays(v('2026.08.01'), new Date('2026-11-01T10:00:00Z'))).toBe(92);
    expect(ytDlpAgeDays(v('2026.11.20'), new Date('2026-11-01T00:00:00Z'))).toBe(0);
  });
});

describe('jsRuntimeFor: --js-runtimes only from yt-dlp 2025.11.12 on', () => {
  it.each([
    ['2023.03.04', false],
    ['2025.4.30', false],
    ['2025.10.22', false],
    ['2025.11.11.235959', false],
    ['2025.11.12', true],
    ['2025.11.12.000001', true],
    ['2026.11.20.123456', true],
  ])('yt-dlp %s -> flag %s', (version, wired) => {
    const choice = jsRuntimeFor(version, node24);
    expect(choice.value !== undefined).toBe(wired);
    expect(jsRuntimeArgs(choice)).toEqual(wired ? ['--js-runtimes', 'node:/opt/node/bin/node'] : []);
    if (!wired) expect(choice.reason).toMatch(/--js-runtimes/);
  });

  it('an unknown version gets no flag (it may not know the option)', () => {
    expect(jsRuntimeFor(undefined, node24)).toEqual({ value: undefined, reason: 'Versi yt-dlp tidak diketahui.' });
    expect(jsRuntimeFor('not a version', node24).value).toBeUndefined();
  });

  it('from 2026.06.09 on, Node must be 22 or newer', () => {
    const node20 = { path: '/usr/bin/node', version: 'v20.19.0' };
    expect(jsRuntimeFor('2026.06.08', node20).value).toBe('node:/usr/bin/node');
    expect(jsRuntimeFor('2026.06.09', node20)).toEqual({ value: undefined, reason: expect.stringMatching(/Node 22/) as unknown });
    expect(jsRuntimeFor('2026.06.09', { path: '/n', version: 'v22.0.0' }).value).toBe('node:/n');
  });
});
