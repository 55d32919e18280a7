// The real service for the benchmark: configured only through the environment, reports its address to the parent.
import { loadConfig } from '../src/config.ts';
import { startServer, stopOnSignals } from '../src/server.ts';

const server = await startServer(loadConfig(process.env), { logger: false });
stopOnSignals(server);
process.send?.({ ready: server.url });
