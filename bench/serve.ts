// The real service for the benchmark: configured only through the environment, reports its address to the parent.
// It starts as `ayuda serve` does (bin/ayuda.js): compiled code is cached on disk, so start-up is measured as a
// restarted instance sees it.
import module from 'node:module';

module.enableCompileCache?.();
const { loadConfig } = await import('../src/config.ts');
const { startServer, stopOnSignals } = await import('../src/server.ts');

const server = await startServer(loadConfig(process.env), { logger: false });
stopOnSignals(server);
process.send?.({ ready: server.url });
