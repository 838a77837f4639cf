import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { type ScheduledCycles, scheduleCycles } from '../../../src/probe-process/schedule-cycles.js';
import { waitFor } from '../../helpers/test-server.js';

const EVERY_SECOND = '* * * * * *';
let running: ScheduledCycles | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function recorder() {
  const lines: string[] = [];
  const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(`ERROR ${line}`) };
  return { lines, log };
}

describe('scheduleCycles', () => {
  it('runs a cycle at once, then one per tick', async () => {
    const { log } = recorder();
    const started: number[] = [];
    running = scheduleCycles({ schedule: EVERY_SECOND, log, runCycle: async () => void started.push(Date.now()) });
    expect(started).toHaveLength(1);
    // The next second-boundary starts the second; a loaded machine may make node-cron miss one.
    await waitFor(async () => started.length >= 2);
  });

  it('never runs two cycles at once: a tick during a long cycle is skipped and logged', async () => {
    const { lines, log } = recorder();
    let active = 0;
    let most = 0;
    let cycles = 0;
    running = scheduleCycles({
      schedule: EVERY_SECOND,
      log,
      runCycle: async (signal) => {
        cycles += 1;
        active += 1;
        most = Math.max(most, active);
        await sleep(2_500, undefined, { signal }).catch(() => undefined);
        active -= 1;
      },
    });
    // A tick comes within a second, while the 2.5 s cycle still runs.
    await waitFor(async () => lines.includes('tick skipped: the previous cycle is still running'));
    expect(most).toBe(1);
    expect(cycles).toBe(1);
    expect(lines).toContain('tick skipped: the previous cycle is still running');
  });

  it('stops by aborting the cycle in flight and waiting for it', async () => {
    const { log } = recorder();
    let finished = false;
    const cycles = scheduleCycles({
      schedule: EVERY_SECOND,
      log,
      runCycle: async (signal) => {
        await sleep(30_000, undefined, { signal }).catch(() => undefined);
        finished = true;
      },
    });
    const stopping = Date.now();
    await cycles.stop();
    expect(finished).toBe(true);
    expect(Date.now() - stopping).toBeLessThan(2_000);
  });

  it('runs no cycle after stop', async () => {
    const { log } = recorder();
    let cycles = 0;
    const scheduled = scheduleCycles({
      schedule: EVERY_SECOND,
      log,
      runCycle: async () => {
        cycles += 1;
      },
    });
    await scheduled.stop();
    await sleep(1_200);
    expect(cycles).toBe(1);
  });

  it('logs a cycle that throws and keeps the schedule', async () => {
    const { lines, log } = recorder();
    let cycles = 0;
    running = scheduleCycles({
      schedule: EVERY_SECOND,
      log,
      runCycle: async () => {
        cycles += 1;
        throw new Error('disk on fire');
      },
    });
    await waitFor(async () => cycles >= 2);
    expect(lines.some((line) => line.startsWith('ERROR cycle failed: Error: disk on fire'))).toBe(true);
  });
});
