#!/usr/bin/env node
// Compiles src/ to dist/ with tsc and stamps the time. With --if-changed it
// compiles only when a source or compiler setting is newer than the stamp, so
// `npm run <command>` costs a directory walk, not a type check, on every run.
// Like every npm script, it first refuses a Node.js that is not a supported
// line (./check-node.mjs). With --no-type-check it emits without type checking
// (tsc --noCheck: the same JavaScript in half the CPU): `prepare` uses it,
// because an install compiles a tree that `npm test` has already checked, and
// `npm test` checks it again; an edit run through `npm run <command>` is still
// checked before it runs, and tsc's incremental build still reports what the
// unchecked build let through.
// Plain JavaScript: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { refuseUnsupportedNode } from './check-node.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.compiled');
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** The newest modification time under src/ and of the compiler settings, in ms. */
function newestSourceMs() {
  let newest = 0;
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  for (const file of SETTINGS)
    newest = Math.max(newest, statSync(join(ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return newest;
}

/** Whether dist/ is older than what it is compiled from (or was never stamped). */
export function needsCompile() {
  const stamped = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs;
  return stamped === undefined || newestSourceMs() > stamped;
}

/**
 * Runs tsc on tsconfig.build.json (without the type check with `check: false`)
 * and stamps dist/ when it succeeds; returns tsc's exit status.
 */
export function compile({ check = true } = {}) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const args = [tsc, '-p', join(ROOT, 'tsconfig.build.json'), ...(check ? [] : ['--noCheck'])];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  const now = new Date();
  closeSync(openSync(STAMP, 'a'));
  utimesSync(STAMP, now, now);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !refuseUnsupportedNode()) {
  if (!process.argv.includes('--if-changed') || needsCompile()) {
    process.exitCode = compile({ check: !process.argv.includes('--no-type-check') });
  }
}
