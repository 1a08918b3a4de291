// The Prometheus text exposition format, version 0.0.4: small enough to write by hand, which
// spares a dependency. https://prometheus.io/docs/instrumenting/exposition_formats/

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Record<string, string>;

export interface Sample {
  labels?: Labels;
  value: number;
}

/** Label values escape backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text escapes backslash and line feed. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

export function formatSample(name: string, labels: Labels | undefined, value: number): string {
  const pairs = Object.entries(labels ?? {}).map(([key, v]) => `${key}="${escapeLabelValue(v)}"`);
  return `${name}${pairs.length > 0 ? `{${pairs.join(',')}}` : ''} ${formatValue(value)}`;
}

/** One metric family: its HELP and TYPE lines, then the sample lines. */
export function formatFamily(
  name: string,
  type: 'counter' | 'gauge',
  help: string,
  samples: Sample[],
): string {
  return [
    `# HELP ${name} ${escapeHelp(help)}`,
    `# TYPE ${name} ${type}`,
    ...samples.map((s) => formatSample(name, s.labels, s.value)),
  ].join('\n');
}

/** Upper bounds in seconds: Prometheus's defaults, plus room for slow uploads and streams. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Series {
  labels: Labels;
  /** Per bucket (not cumulative); the last slot is +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

/** A histogram whose series are told apart by their labels, kept in memory for this process. */
export class Histogram {
  readonly name: string;
  readonly help: string;
  readonly buckets: number[];
  readonly #series = new Map<string, Series>();

  constructor(name: string, help: string, buckets: number[] = DURATION_BUCKETS) {
    this.name = name;
    this.help = help;
    this.buckets = [...buckets].sort((a, b) => a - b);
  }

  observe(labels: Labels, value: number): void {
    const key = JSON.stringify(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels,
        counts: new Array<number>(this.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    const index = this.buckets.findIndex((bound) => value <= bound);
    const slot = index === -1 ? this.buckets.length : index;
    series.counts[slot] = (series.counts[slot] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} histogram`];
    for (const series of this.#series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += series.counts[i] ?? 0;
        lines.push(
          formatSample(
            `${this.name}_bucket`,
            { ...series.labels, le: formatValue(bound) },
            cumulative,
          ),
        );
      });
      lines.push(
        formatSample(`${this.name}_bucket`, { ...series.labels, le: '+Inf' }, series.count),
      );
      lines.push(formatSample(`${this.name}_sum`, series.labels, series.sum));
      lines.push(formatSample(`${this.name}_count`, series.labels, series.count));
    }
    return lines.join('\n');
  }
}
