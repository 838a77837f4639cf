#!/usr/bin/env node
// What `npm run build|serve|probe|standins|start|verify` runs: refuses a Node.js
// that is not one of package.json's engines lines before compiling anything
// (./check-node.mjs), recompiles only if src/ changed since the last compile,
// then runs the compiled CLI in this same process. Production runs
// `node dist/src/cli/main.js` directly, which refuses the same versions.
import { fileURLToPath } from 'node:url';
import { refuseUnsupportedNode } from './check-node.mjs';
import { compile, needsCompile } from './compile.mjs';

if (refuseUnsupportedNode()) {
  // Refused in one line: nothing compiled, nothing run.
} else if (needsCompile() && compile() !== 0) {
  process.exitCode = 1;
} else {
  const main = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
  process.argv = [process.argv[0] ?? process.execPath, main, ...process.argv.slice(2)];
  await import(main);
}
