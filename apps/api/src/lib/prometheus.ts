/**
 * A little of Prometheus's text exposition format (version 0.0.4): counters, gauges and histograms
 * with labels, enough for GET /metrics without a client library.
 */

export type Labels = Record<string, string>;

/** The Content-Type of the text format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** A label value inside double quotes: backslash, double quote and line feed escaped. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatLabels(labels: Labels): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabelValue(value)}"`);
  return pairs.length > 0 ? `{${pairs.join(',')}}` : '';
}

function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Number.POSITIVE_INFINITY) return '+Inf';
  if (n === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(n);
}

/** HELP and TYPE lines, then one line per sample. */
export function metricFamily(
  name: string,
  type: 'counter' | 'gauge' | 'histogram',
  help: string,
  samples: readonly { labels?: Labels; value: number; suffix?: string }[],
): string {
  const lines = [`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`];
  for (const s of samples)
    lines.push(`${name}${s.suffix ?? ''}${formatLabels(s.labels ?? {})} ${formatNumber(s.value)}`);
  return `${lines.join('\n')}\n`;
}

/** Request durations and the like: cumulative buckets, a sum and a count per label set. */
export class Histogram {
  private readonly series = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds, ascending; +Inf is added on output. */
    readonly bounds: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = JSON.stringify(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    for (let i = 0; i < this.bounds.length; i++)
      if (value <= (this.bounds[i] as number)) s.buckets[i] = (s.buckets[i] ?? 0) + 1;
    s.sum += value;
    s.count += 1;
  }

  render(): string {
    const samples: { labels?: Labels; value: number; suffix?: string }[] = [];
    for (const s of this.series.values()) {
      this.bounds.forEach((bound, i) => {
        samples.push({ suffix: '_bucket', labels: { ...s.labels, le: formatNumber(bound) }, value: s.buckets[i] ?? 0 });
      });
      samples.push({ suffix: '_bucket', labels: { ...s.labels, le: '+Inf' }, value: s.count });
      samples.push({ suffix: '_sum', labels: s.labels, value: s.sum });
      samples.push({ suffix: '_count', labels: s.labels, value: s.count });
    }
    return metricFamily(this.name, 'histogram', this.help, samples);
  }
}
