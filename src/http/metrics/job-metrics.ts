// The periodic jobs' figures (when each last ran, how long it took, which instance leads it) belong here. They will
// be read from the job leases table through a query once that table exists; until then this adds nothing, and no
// other metric depends on it.
import type { Registry } from 'prom-client';
import type { Context } from '../../context.ts';

export function registerJobMetrics(_registry: Registry, _ctx: Context): void {}
