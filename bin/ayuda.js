#!/usr/bin/env node
// The `ayuda` command: serve, migrate, demo and the leaders' administration commands.
import { main } from '../src/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
