import { describe, expect, it } from 'vitest';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { type SchedulerClock, scheduleCycles } from '../../../src/probe-process/schedule-cycles.js';

/**
 * A clock the test moves: the wall clock and the monotonic clock advance
 * together, except when the wall clock is stepped, as NTP does.
 */
function steppableClock(start: string) {
  let wallMs = Date.parse(start);
  let monoMs = 0;
  let timers: { id: number; at: number; callback: () => void }[] = [];
  let nextId = 1;
  const clock: SchedulerClock = {
    now: () => new Date(wallMs),
    monotonic: () => monoMs,
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.push({ id, at: monoMs + ms, callback });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  return {
    clock,
    /** Lets `ms` pass, firing each timer at its time, and letting promises settle after each. */
    async advance(ms: number) {
      const end = monoMs + ms;
      for (;;) {
        // Lets the cycle started by the last timer (or at start) finish first.
        await new Promise((resolve) => setImmediate(resolve));
        const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        wallMs += due.at - monoMs;
        monoMs = due.at;
        timers = timers.filter((timer) => timer !== due);
        due.callback();
      }
      wallMs += end - monoMs;
      monoMs = end;
    },
    step(ms: number) {
      wallMs += ms;
    },
  };
}

function recorder() {
  const lines: string[] = [];
  const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(`ERROR ${line}`) };
  return { lines, log };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('scheduleCycles through clock steps', () => {
  it('runs one cycle per slot on a steady clock', async () => {
    const { clock, advance } = steppableClock('2026-11-22T10:00:00.000Z');
    const { log } = recorder();
    let cycles = 0;
    const scheduled = scheduleCycles({ schedule: '*/5 * * * * *', log, clock, runCycle: async () => void cycles++ });
    await advance(60_000);
    await scheduled.stop();
    expect(cycles).toBe(1 + 12);
  });

  it('goes on through a one-hour step back, with one log line for the step', async () => {
    const { clock, advance, step } = steppableClock('2026-11-22T10:00:00.000Z');
    const { lines, log } = recorder();
    let cycles = 0;
    const scheduled = scheduleCycles({ schedule: '*/5 * * * * *', log, clock, runCycle: async () => void cycles++ });
    await advance(10_000);
    const before = cycles;
    step(-HOUR_MS);
    await advance(60_000);
    await scheduled.stop();
    expect(cycles - before).toBeGreaterThanOrEqual(11);
    expect(cycles - before).toBeLessThanOrEqual(13);
    expect(lines.filter((line) => line.includes('clock'))).toEqual([
      expect.stringMatching(/^wall clock stepped back by 3600 s/),
    ]);
  });

  it('goes on through a one-day step forward, with one log line and no line per missed slot', async () => {
    const { clock, advance, step } = steppableClock('2026-11-22T10:00:00.000Z');
    const { lines, log } = recorder();
    let cycles = 0;
    const scheduled = scheduleCycles({ schedule: '*/2 * * * * *', log, clock, runCycle: async () => void cycles++ });
    await advance(10_000);
    const before = cycles;
    step(DAY_MS);
    await advance(60_000);
    await scheduled.stop();
    expect(cycles - before).toBeGreaterThanOrEqual(29);
    expect(cycles - before).toBeLessThanOrEqual(31);
    expect(lines).toEqual([expect.stringMatching(/^wall clock stepped forward by 86400 s/)]);
  });

  it('keeps to the wall-clock slots of an hourly schedule after a step, re-deriving them at least once a minute', async () => {
    const { clock, advance, step } = steppableClock('2026-11-22T10:00:00.000Z');
    const { log } = recorder();
    const started: string[] = [];
    const scheduled = scheduleCycles({
      schedule: '0 0 * * * *',
      log,
      clock,
      runCycle: async () => void started.push(clock.now().toISOString()),
    });
    await advance(10 * 60_000);
    // Now 10:10; stepped to 10:50, so the next slot is 11:00, ten minutes later rather than fifty.
    step(40 * 60_000);
    await advance(11 * 60_000);
    await scheduled.stop();
    expect(started).toEqual(['2026-11-22T10:00:00.000Z', '2026-11-22T11:00:00.000Z']);
  });
});
