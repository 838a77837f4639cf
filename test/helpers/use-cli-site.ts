import { afterEach, beforeEach } from 'vitest';
import type { CliProcess } from './run-cli.js';
import { makeTempSite, type TempSite } from './temp-site.js';

/** The temp site of the test running now, and the CLI processes it started. */
export interface CliSite {
  site: TempSite;
  /** Killed (if still running) and waited for after the test, before the site is removed. */
  readonly children: CliProcess[];
}

/**
 * Registers the hooks of a test file that runs the CLI as child processes
 * in a fresh temp site per test: every child still running is killed and
 * waited for, then the site is removed.
 */
export function useCliSite(): CliSite {
  const current = { children: [] as CliProcess[] } as CliSite;
  beforeEach(async () => {
    current.site = await makeTempSite();
    current.children.length = 0;
  });
  afterEach(async () => {
    for (const child of current.children.splice(0)) {
      if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
      await child.exited();
    }
    await current.site.remove();
  });
  return current;
}
