#!/usr/bin/env node
// The `ayuda` command: serve, migrate, demo and the leaders' administration commands.
import module from 'node:module';
import { nodeVersionProblem } from './node-check.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
// Compiled code is cached on disk, so repeated administration commands start fast.
module.enableCompileCache?.();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
