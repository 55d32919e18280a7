// The periodic jobs' figures, read from the job leases at scrape time (queries/job-leaders.ts): when each last ran,
// how long it took, whether it failed, and which instance leads it now. The holder is an instance's own id
// (host:pid:random), never anything about a person; it changes when an instance restarts, and only the current
// holder's series is kept.
import { Gauge, type Registry } from 'prom-client';
import type { Context } from '../../context.ts';
import { jobLeaders } from '../../queries/job-leaders.ts';

export function registerJobMetrics(registry: Registry, ctx: Context): void {
  const registers = [registry];
  // Each gauge reads the leases itself: a row per job, so four tiny reads a scrape, and no figure from an old one.
  const leaders = () => jobLeaders(ctx);
  new Gauge({
    name: 'ayuda_job_last_run_timestamp_seconds',
    help: 'When each periodic job last finished a run (0: never).',
    labelNames: ['job'],
    registers,
    async collect() {
      this.reset();
      for (const job of await leaders()) {
        this.set({ job: job.job }, job.lastFinishedAt === null ? 0 : Date.parse(job.lastFinishedAt) / 1000);
      }
    },
  });
  new Gauge({
    name: 'ayuda_job_last_duration_seconds',
    help: 'How long the last run of each periodic job took.',
    labelNames: ['job'],
    registers,
    async collect() {
      this.reset();
      for (const job of await leaders()) this.set({ job: job.job }, (job.lastDurationMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'ayuda_job_last_failed',
    help: '1 when the last run of the periodic job failed (its error is in /readyz/detalle).',
    labelNames: ['job'],
    registers,
    async collect() {
      this.reset();
      for (const job of await leaders()) this.set({ job: job.job }, job.lastError === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'ayuda_job_leader',
    help: 'The instance that holds each periodic job now (1), by its instance id.',
    labelNames: ['job', 'holder'],
    registers,
    async collect() {
      this.reset();
      for (const job of await leaders())
        if (job.held && job.holder !== null) this.set({ job: job.job, holder: job.holder }, 1);
    },
  });
}
