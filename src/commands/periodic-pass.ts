// A pass that runs now, then every few milliseconds, never two at once: a tick while one runs asks for another
// right after it. Stopping aborts the signal the pass is given and waits for the pass to end.
/** Where a worker's passes report what went wrong. */
export interface WorkerLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PeriodicPass {
  /** Asks for a pass now (or right after the running one). */
  tick(): void;
  stop(): Promise<void>;
}

export function startPeriodicPass(everyMs: number, pass: (signal: AbortSignal) => Promise<void>): PeriodicPass {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  const tick = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = pass(stopping.signal).finally(() => {
      running = null;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
