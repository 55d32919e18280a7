// A Markdown table of any columns, for the cluster and mixed-load reports (report.ts's table has fixed columns).

export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (values: string[]) => `| ${widths.map((w, i) => (values[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
