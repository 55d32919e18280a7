// Child processes for the servers under test: started with IPC, ready when they report their URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Child {
  name: string;
  pid: number;
  url: string;
  /** performance.now() when the process was spawned: start-up times count from here. */
  spawnedAt: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const CLOCK_TICKS = 100; // USER_HZ on Linux
const STOP_TIMEOUT_MS = 10_000;

/** A port nobody listens on right now (released before the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node <script> ...args`; onCrash fires if it exits before stop() is called. */
export function startChild(
  name: string,
  script: string,
  options: { args?: string[]; env?: NodeJS.ProcessEnv; nodeArgs?: string[]; onCrash: (message: string) => void },
): Promise<Child> {
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...(options.args ?? [])], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (!stopping) options.onCrash(`${name} exited unexpectedly (code ${code}, signal ${signal})`);
  });
  const stop = async () => {
    if (stopping) return exited;
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${name} did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready`));
    });
    child.on('message', (message: { ready?: string }) => {
      if (!message.ready) return;
      clearTimeout(timer);
      child.disconnect(); // the IPC channel is not needed any more and must not keep the child alive
      resolve({ name, pid: child.pid as number, url: message.ready, spawnedAt, stop });
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux); null when unavailable. */
export function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc (Linux); 0 when unavailable. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name, which may itself contain spaces: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory; max() is the highest value since the last reset(). */
export function memorySampler(pid: number, everyMs = 100) {
  let peak = 0;
  let overall = 0;
  const sample = () => {
    const mb = residentMb(pid) ?? 0;
    peak = Math.max(peak, mb);
    overall = Math.max(overall, mb);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    reset: () => {
      sample();
      peak = residentMb(pid) ?? 0;
    },
    max: () => {
      sample();
      return peak;
    },
    overall: () => overall,
    stop: () => clearInterval(timer),
  };
}
