// Reads a /metrics answer with parse-prometheus-text-format, a parser this project did not write, into one list of
// samples. That parser folds every labelled series of a histogram into one (it keeps the buckets of the last and
// drops the labels), so the TYPE and HELP lines of histograms are taken out first: each of their sample lines
// (_bucket, _sum, _count) is then read as an untyped sample of its own, labels and all.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function samplesOf(text: string): Sample[] {
  const histograms = new Set([...text.matchAll(/^# TYPE (\S+) histogram$/gm)].map((match) => match[1] as string));
  const kept = text
    .split('\n')
    .filter((line) => {
      const declared = /^# (?:TYPE|HELP) (\S+)/.exec(line);
      return declared === null || !histograms.has(declared[1] as string);
    })
    .join('\n');
  const families = parsePrometheusTextFormat(kept);
  return families.flatMap((family) =>
    family.metrics.map((metric) => ({ name: family.name, labels: metric.labels ?? {}, value: Number(metric.value) })),
  );
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function figure(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
