import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { watchChild } from '../../helpers/run-cli.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const WAIT_MODULE = pathToFileURL(join(REPO_ROOT, 'dist', 'src', 'cli', 'wait-for-signal.js')).href;

/**
 * Waits for a signal with a ref'd timer of its own keeping it alive, clears that
 * timer once the signal has come and prints what is left listening and how many
 * timers waitForSignal started are still alive: with its handlers removed and the
 * nudge's timer stopped, nothing else holds the process and it exits.
 */
const WAIT_THEN_REPORT = `
import { createHook } from 'node:async_hooks';
const { waitForSignal } = await import(${JSON.stringify(WAIT_MODULE)});
const keepAlive = setInterval(() => {}, 1_000);
// The nudge's timer is unref'd, so only its own life says whether it was stopped.
const timers = new Set();
createHook({ init: (id, type) => type === 'Timeout' && timers.add(id), destroy: (id) => timers.delete(id) }).enable();
const signalled = waitForSignal();
console.log(\`waiting; timers: \${timers.size}\`);
const signal = await signalled;
clearInterval(keepAlive);
await new Promise((resolve) => setImmediate(resolve));
console.log(\`got \${signal}; listeners: \${process.listenerCount('SIGTERM')} SIGTERM, \${process.listenerCount('SIGINT')} SIGINT; timers: \${timers.size}\`);
`;

describe('waitForSignal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'resolves with %s, then leaves nothing that holds the process or listens',
    async (signal) => {
      const waiting = watchChild(spawn(process.execPath, ['--input-type=module', '--eval', WAIT_THEN_REPORT]));
      await waiting.waitForOutput(/^waiting; timers: 1$/m);
      waiting.child.kill(signal);
      expect(await waiting.exited()).toBe(0);
      expect(waiting.output()).toContain(`got ${signal}; listeners: 0 SIGTERM, 0 SIGINT; timers: 0`);
    },
  );
});
