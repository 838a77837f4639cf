import { join } from 'node:path';
import { expect } from 'vitest';
import type { ProbeLog } from '../../src/log/probe-log.js';
import { createProber } from '../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import { settingsFor, type TestComponent } from './probe-settings.js';

/** Where and over what `runTwoProbeCycles` probes. */
export interface TwoCyclesSetup {
  /** The components, each failing at its first failed check (threshold 1). */
  readonly components: TestComponent[];
  /** The public/ the probe writes (status, badges, feeds, component documents). */
  readonly publicDir: string;
  /** Its state and SQLite history go to `root/.state/`. */
  readonly root: string;
  readonly log: ProbeLog;
}

/**
 * A real prober's two published cycles a minute apart, by a clock that
 * starts a minute back: the history then holds a minute of data, enough
 * for the uptime figures (badges, reports). Fails the test unless both
 * cycles publish. Returns when the history begins (the first cycle's time).
 */
export async function runTwoProbeCycles({ components, publicDir, root, log }: TwoCyclesSetup): Promise<Date> {
  let clock = Date.now() - 60_000;
  const prober = createProber({
    settings: settingsFor(components, { failureThreshold: 1 }),
    publicDir: createPublicDirWriter(publicDir),
    stateFile: join(root, '.state', 'probe-state.json'),
    historyFile: join(root, '.state', 'history.sqlite'),
    log,
    now: () => new Date(clock),
  });
  try {
    const firstCycleAt = new Date(clock);
    expect((await prober.runCycle()).published).toBe(true);
    clock += 60_000;
    expect((await prober.runCycle()).published).toBe(true);
    return firstCycleAt;
  } finally {
    prober.close();
  }
}
