// Waiting for what another instance shows: its change feed brings a write within milliseconds, not at once.

/** Polls check until it passes; returns how long it took, or throws after limitMs. */
export async function eventually(check: () => Promise<boolean>, limitMs = 2000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}
