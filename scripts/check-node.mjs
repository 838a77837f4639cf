#!/usr/bin/env node
// The one Node.js policy of every command and npm script: the release lines
// package.json's `engines` names run, the LTS lines the project is tested on
// (.ci/run); any other version is refused in one line before anything is
// compiled or run. That includes the odd lines (23, 25, 27): Current
// releases that never become LTS and lose support six months after they
// ship, on which nothing here is tested. src/cli/supported-node.ts gives
// the compiled CLI the same lines and the same words (a unit test holds the
// two in step). `npm test` and the other npm scripts run this file first;
// scripts/cli.mjs and scripts/compile.mjs (so `npm ci`'s prepare) import it. Plain JavaScript: it runs before anything is
// compiled, on whatever Node.js is there.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

/** The supported major versions, from `engines` ("^22 || ^24 || ^26"). */
export const SUPPORTED_MAJORS = [...String(engines).matchAll(/\^(\d+)/g)].map((match) => Number(match[1]));

/** The refusal for `version` (as in `process.versions.node`), or undefined when it is a supported line. */
export function describeUnsupportedNode(version) {
  if (SUPPORTED_MAJORS.includes(Number.parseInt(version, 10))) return undefined;
  const lines = `${SUPPORTED_MAJORS.slice(0, -1).join(', ')} or ${SUPPORTED_MAJORS.at(-1)}`;
  return `service-directory runs on Node.js ${lines}, the LTS lines it is tested on; this is Node.js ${version}: install Node.js 24 (nvm install reads it from .nvmrc) and run npm ci again`;
}

/** Prints the refusal and sets exit status 1 on an unsupported Node.js; true when it did. */
export function refuseUnsupportedNode() {
  const refusal = describeUnsupportedNode(process.versions.node);
  if (refusal === undefined) return false;
  console.error(refusal);
  process.exitCode = 1;
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) refuseUnsupportedNode();
