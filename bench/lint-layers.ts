// npm run lint:layers: fails when a file under src/ imports from a higher layer, or folders or files import
// each other in a circle (the layer order is in bench/layers.ts and docs/architecture.md).
import { checkLayers, readTree, SOURCE_ROOT } from './layers.ts';

const violations = checkLayers(readTree(SOURCE_ROOT));
for (const violation of violations) console.error(`${violation.kind}: ${violation.message}`);
console.log(violations.length === 0 ? 'Layers: ok' : `Layers: ${violations.length} violation(s)`);
process.exitCode = violations.length === 0 ? 0 : 1;
