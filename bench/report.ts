// The printed report: environment lines and a Markdown table.

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface Row {
  metric: string;
  service: string;
  bare?: string;
  figure: string;
  target: string;
  met?: boolean;
}

export function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match?.[1]) return match[1].trim();
  } catch {
    // not Linux: fall back to what Node reports
  }
  return cpus()[0]?.model ?? 'unknown';
}

export function environmentLines(): string[] {
  return [
    `- date: ${new Date().toISOString()}`,
    `- node: ${process.version}`,
    `- cpu: ${cpuModel()}, ${cpus().length} cores`,
  ];
}

export function table(rows: Row[]): string {
  const header = ['metric', 'service', 'bare', 'ratio or figure', 'target', 'met'];
  const cells = rows.map((row) => [
    row.metric,
    row.service,
    row.bare ?? '-',
    row.figure,
    row.target,
    row.met === undefined ? '-' : row.met ? 'yes' : 'no',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => (line[i] as string).length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
