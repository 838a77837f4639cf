#!/usr/bin/env node
// What `npm run build|serve|probe|standins|start|verify` runs: refuses a Node.js
// older than package.json's engines before compiling anything, recompiles only
// if src/ changed since the last compile, then runs the compiled CLI in this
// same process. Production runs `node dist/src/cli/main.js` directly.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, needsCompile } from './compile.mjs';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const needed = Number(/^>=(\d+)$/.exec(engines)?.[1]);
if (!(Number.parseInt(process.versions.node, 10) >= needed)) {
  console.error(
    `service-directory needs Node.js ${needed} or newer (package.json engines: ${engines}); this is Node.js ${process.versions.node}`,
  );
  process.exitCode = 1;
} else if (needsCompile() && compile() !== 0) {
  process.exitCode = 1;
} else {
  const main = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
  process.argv = [process.argv[0] ?? process.execPath, main, ...process.argv.slice(2)];
  await import(main);
}
