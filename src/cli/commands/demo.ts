import { rmSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { createContext } from '../../context.ts';
import { openDatabase } from '../../db/database.ts';
import { demoEmergency } from '../../demo/demo-data.ts';
import { DEMO_ACCOUNT } from '../../demo/demo-operations.ts';
import { demoSecondFactor } from '../../demo/demo-second-factor.ts';
import { demoControllerEnv, ensureDemoTeamContact, seedDemo } from '../../demo/seed-demo.ts';
import { findEmergency } from '../../queries/emergencies.ts';
import { startServer, stopOnSignals } from '../../server.ts';
import { announceDatabase, databaseLabel, demoDatabaseUrl } from '../database-choice.ts';
import type { CliCommand } from '../io.ts';

export const demo: CliCommand = {
  path: ['demo'],
  summary: 'Inicia el servicio sobre una base de demostración (./data/demo.db) con una emergencia de ejemplo.',
  usage: 'ayuda demo [--reset]   (DEMO_DATABASE_URL cambia la base; --reset la vuelve a crear)',
  options: { reset: { type: 'boolean' } },
  async run(args, io) {
    const url = demoDatabaseUrl(io.env);
    // A demo organisation answers for the demo's data (a real instance names its own; `ayuda serve` warns until then).
    const config = loadConfig({ ...demoControllerEnv(io.env), DATABASE_URL: url });
    announceDatabase(io, config.database);
    if (args.values.reset && config.database.kind === 'sqlite' && config.database.file !== ':memory:') {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${config.database.file}${suffix}`, { force: true });
    }
    const database = await openDatabase(config.database, { listen: false, poolSize: 2 });
    let totpSecret: string | null = null;
    try {
      const ctx = createContext(config, database);
      if (!(await findEmergency(ctx, demoEmergency.slug))) {
        io.err('Creando la emergencia de demostración…');
        const seeded = await seedDemo(ctx);
        io.err(`Listo: ${seeded.approved} publicadas, ${seeded.pending} en revisión, ${seeded.rejected} rechazadas.`);
      }
      await ensureDemoTeamContact(ctx, demoEmergency.slug);
      totpSecret = await demoSecondFactor(ctx);
    } finally {
      await database.close();
    }
    const server = await startServer(config);
    io.err(
      `Demostración escuchando en ${server.url} (enlaces públicos: ${config.baseUrl}; base: ${databaseLabel(config.database)})`,
    );
    io.err(`Panel de líderes: ${server.url}/panel  (${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password})`);
    if (totpSecret) io.err(`  segundo factor (TOTP, agréguelo a una aplicación de autenticación): ${totpSecret}`);
    stopOnSignals(server);
    return new Promise<number>(() => {});
  },
};
