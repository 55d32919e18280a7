// The printed table of one engine's crash run, and the figures that fail it.
import type { Verdict } from './crash-check.ts';
import { fixed } from './report.ts';

export interface EngineRun {
  engine: string;
  verdict: Verdict | null;
  /** Per kill: requests in flight when SIGKILL was sent, and ms until the restarted service was ready. */
  kills: { inFlight: number; readyMs: number }[];
  /** Exit code of the graceful stop after the run (null: it had to be killed). */
  stopCode: number | null;
  failures: string[];
}

/** Reasons the run fails: anything acknowledged lost or doubled, a database that did not reopen. */
export function verdictFailures(run: EngineRun): string[] {
  const v = run.verdict;
  const failures = [...run.failures];
  if (!v) return failures;
  if (v.lost > 0) failures.push(`${v.lost} acknowledged submissions are missing`);
  if (v.duplicated > 0) failures.push(`${v.duplicated} submissions are stored more than once`);
  if (v.wrongId > 0) failures.push(`${v.wrongId} stored records carry another id than their 202 gave`);
  if (v.badTimeline > 0) failures.push(`${v.badTimeline} records lack exactly one 'submitted' timeline event`);
  return failures;
}

export function engineTable(run: EngineRun): string {
  const v = run.verdict;
  const n = (value: number | undefined) => (value === undefined ? '-' : fixed(value));
  const others = v ? Object.entries(v.otherStatus).map(([status, count]) => `${status}: ${count}`) : [];
  const rows: [string, string, string][] = [
    ['sent', n(v?.sent), ''],
    ['acknowledged (202)', n(v?.acknowledged), ''],
    ['found in the database, of the acknowledged', n(v?.found), '= acknowledged'],
    ['lost (acknowledged, missing)', n(v?.lost), '0'],
    ['duplicated (same source + externalId)', n(v?.duplicated), '0'],
    ['stored id differs from the 202', n(v?.wrongId), '0'],
    ["without exactly one 'submitted' event", n(v?.badTimeline), '0'],
    ['unacknowledged but committed', n(v?.committedUnacknowledged), 'allowed'],
    ['no status line (cut by a kill)', n(v?.cut), ''],
    ['refused (service down)', n(v?.refused), ''],
    ['other statuses', others.length > 0 ? others.join(', ') : '0', ''],
    ['kills (SIGKILL)', String(run.kills.length), ''],
    ['requests in flight at each kill', run.kills.map((k) => k.inFlight).join(', ') || '-', ''],
    ['restart until /readyz 200, ms', run.kills.map((k) => fixed(k.readyMs)).join(', ') || '-', 'reopens'],
    ['exit code of the final SIGTERM', run.stopCode === null ? 'none' : String(run.stopCode), '0'],
  ];
  const header: [string, string, string] = ['figure', 'value', 'must be'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
