// Start-up of one instance, counted from the spawn of its process: when /readyz first answers 200, and when the
// first search is answered (it waits for the in-memory search index, which the server builds after it listens).
import { type Child, residentMb } from './children.ts';

const POLL_MS = 10;
const GIVE_UP_MS = 120_000;

export interface Startup {
  /** The instance's name. */
  name: string;
  /** Spawn to the first 200 on /readyz. */
  readyMs: number;
  /** Spawn to the first search answered: the index is built. */
  indexMs: number;
  /** Resident memory once the index is built. */
  rssMb: number;
}

/** The later of the two: the instance can serve every read. */
export const startupMs = (startup: Startup) => Math.max(startup.readyMs, startup.indexMs);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Called as soon as the child reports its address (it listens by then), so no time is lost before polling. */
export async function measureStartup(child: Child, searchPath: string): Promise<Startup> {
  const deadline = performance.now() + GIVE_UP_MS;
  let readyMs = 0;
  while (readyMs === 0) {
    const status = await fetch(`${child.url}/readyz`)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status === 200) readyMs = performance.now() - child.spawnedAt;
    else if (performance.now() > deadline) throw new Error(`${child.name}: /readyz never answered 200`);
    else await sleep(POLL_MS);
  }
  const response = await fetch(child.url + searchPath);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${child.name}: first search answered ${response.status}`);
  return { name: child.name, readyMs, indexMs: performance.now() - child.spawnedAt, rssMb: residentMb(child.pid) ?? 0 };
}
