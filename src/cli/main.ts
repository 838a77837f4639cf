#!/usr/bin/env node
// The entry point: a Node.js that is not a supported line (./supported-node.ts)
// is refused in one line, before any command is loaded and before anything is
// read or written; then ./dispatch.ts runs. (A command that runs until stopped
// keeps V8's memory reducer working while it waits: ./wait-for-signal.ts.)
import { describeUnsupportedNode } from './supported-node.js';

const refusal = describeUnsupportedNode(process.versions.node);
if (refusal === undefined) {
  await import('./dispatch.js');
} else {
  console.error(refusal);
  process.exitCode = 1;
}
