/** The Prometheus text exposition format 0.0.4, written by hand (a handful of families, no dependency). */

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;
export type MetricType = 'counter' | 'gauge' | 'histogram';

/** A label value: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** A sample value as Prometheus reads it (`NaN`, `+Inf`, `-Inf` spelled its way). */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  if (!labels) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(labels)) parts.push(`${name}="${escapeLabelValue(value)}"`);
  return parts.length > 0 ? `{${parts.join(',')}}` : '';
}

/** Collects families and samples, then `text()` gives the exposition (one trailing line feed). */
export class Exposition {
  private readonly lines: string[] = [];

  /** Starts a family: its HELP and TYPE lines, written once before its samples. */
  family(name: string, type: MetricType, help: string): this {
    this.lines.push(`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`);
    return this;
  }

  sample(name: string, labels: Labels | undefined, value: number): this {
    this.lines.push(`${name}${formatLabels(labels)} ${formatValue(value)}`);
    return this;
  }

  /** A family with a single unlabelled sample. */
  single(name: string, type: MetricType, help: string, value: number): this {
    return this.family(name, type, help).sample(name, undefined, value);
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}
