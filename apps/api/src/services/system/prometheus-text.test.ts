import { describe, expect, it } from 'vitest';
import { escapeLabelValue, formatFamily, formatSample, Histogram } from './prometheus-text.ts';

describe('prometheus text format', () => {
  it('escapes backslash, quote and newline in label values', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(formatSample('x', { route: '/a"b' }, 2)).toBe('x{route="/a\\"b"} 2');
  });

  it('writes a family as HELP, TYPE and one line per sample', () => {
    expect(
      formatFamily('jobs', 'gauge', 'Jobs.\nSecond line', [
        { labels: { queue: 'q', state: 'created' }, value: 3 },
        { value: 0 },
      ]),
    ).toBe(
      [
        '# HELP jobs Jobs.\\nSecond line',
        '# TYPE jobs gauge',
        'jobs{queue="q",state="created"} 3',
        'jobs 0',
      ].join('\n'),
    );
  });

  it('renders histogram buckets cumulatively with +Inf, sum and count per label set', () => {
    const h = new Histogram('d_seconds', 'Durations.', [0.1, 1]);
    h.observe({ route: '/a' }, 0.05);
    h.observe({ route: '/a' }, 0.5);
    h.observe({ route: '/a' }, 7);
    h.observe({ route: '/b' }, 1);
    expect(h.render().split('\n')).toEqual([
      '# HELP d_seconds Durations.',
      '# TYPE d_seconds histogram',
      'd_seconds_bucket{route="/a",le="0.1"} 1',
      'd_seconds_bucket{route="/a",le="1"} 2',
      'd_seconds_bucket{route="/a",le="+Inf"} 3',
      'd_seconds_sum{route="/a"} 7.55',
      'd_seconds_count{route="/a"} 3',
      'd_seconds_bucket{route="/b",le="0.1"} 0',
      'd_seconds_bucket{route="/b",le="1"} 1',
      'd_seconds_bucket{route="/b",le="+Inf"} 1',
      'd_seconds_sum{route="/b"} 1',
      'd_seconds_count{route="/b"} 1',
    ]);
  });
});
