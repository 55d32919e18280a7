// The service under the crash run: the real `ayuda serve` in a child process, killed outright and started again.
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const BIN = path.resolve(import.meta.dirname, '../bin/ayuda.js');
const READY_TIMEOUT_MS = 30_000;
const POLL_MS = 50;
const STDERR_TAIL = 4_000;

export interface ServiceProcess {
  pid: number;
  /** Milliseconds from spawn until /readyz answered 200. */
  readyMs: number;
  /** SIGKILL: no shutdown code runs, as when the machine loses power or the kernel kills the process. */
  kill(): Promise<void>;
  /** SIGTERM, then the exit code (null when it had to be killed after the timeout). */
  terminate(timeoutMs?: number): Promise<number | null>;
}

/** Runs an `ayuda` administration command against the same database as the service. */
export async function runAyuda(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  return stdout;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Starts `ayuda serve` and resolves once /readyz answers 200: only then has the database opened cleanly. */
export async function startService(url: string, env: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  const deadline = started + READY_TIMEOUT_MS;
  while (!(await isReady(url))) {
    if (gone) throw new Error(`ayuda serve exited (code ${child.exitCode}) before it was ready:\n${stderr}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`ayuda serve was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${stderr}`);
    }
    await sleep(POLL_MS);
  }
  const readyMs = performance.now() - started;
  return {
    pid: child.pid as number,
    readyMs,
    kill: async () => {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    terminate: async (timeoutMs = 10_000) => {
      if (gone) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
