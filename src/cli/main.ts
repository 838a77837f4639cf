#!/usr/bin/env node
// The entry point: a Node.js that is not a supported line (./supported-node.ts)
// is refused in one line, before any command is loaded and before anything is
// read or written; then a process meant to run until stopped keeps V8's memory
// reducer working (./memory-reducer-nudge.ts), and ./dispatch.ts runs.
import { nudgeMemoryReducer, runsUntilStopped } from './memory-reducer-nudge.js';
import { describeUnsupportedNode } from './supported-node.js';

const refusal = describeUnsupportedNode(process.versions.node);
if (refusal === undefined) {
  if (runsUntilStopped(process.argv.slice(2))) nudgeMemoryReducer();
  await import('./dispatch.js');
} else {
  console.error(refusal);
  process.exitCode = 1;
}
