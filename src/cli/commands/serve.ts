import { loadConfig } from '../../config.ts';
import { startServer, stopOnSignals } from '../../server.ts';
import { announceDatabase } from '../database-choice.ts';
import type { CliCommand } from '../io.ts';

export const serve: CliCommand = {
  path: ['serve'],
  summary: 'Inicia el servicio (PORT, HOST, DATABASE_URL, BASE_URL…).',
  usage: 'ayuda serve',
  async run(_args, io) {
    const config = loadConfig(io.env);
    announceDatabase(io, config.database);
    const server = await startServer(config);
    io.err(`Ayuda Directa escuchando en ${server.url}`);
    stopOnSignals(server);
    return new Promise<number>(() => {}); // runs until a signal stops it
  },
};
