import type { ProbeLog } from '../log/probe-log.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { nextCronRun } from '../time/next-cron-run.js';

/** The clocks and timers the scheduler runs on; a test steps the wall clock through them. */
export interface SchedulerClock {
  /** The wall clock: which cron slot is next. */
  readonly now: () => Date;
  /** A monotonic clock in milliseconds: how long a sleep really lasted. */
  readonly monotonic: () => number;
  readonly setTimer: (callback: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
}

/** The system's clocks and Node's timers. */
export const SYSTEM_SCHEDULER_CLOCK: SchedulerClock = {
  now: () => new Date(),
  monotonic: () => performance.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The longest sleep before the next slot is derived again from the wall clock, so a step is caught up with soon. */
export const MAX_SLEEP_MS = 60_000;
/** How far the wall clock may drift from the monotonic one across one sleep before it counts as stepped. */
export const CLOCK_STEP_TOLERANCE_MS = 2_000;

export interface ScheduleOptions {
  /** A node-cron expression, seconds field allowed. */
  readonly schedule: string;
  /** One cycle; the signal aborts it on `stop()`. Must not reject, but a rejection is logged, not fatal. */
  readonly runCycle: (signal: AbortSignal) => Promise<unknown>;
  readonly log: ProbeLog;
  readonly clock?: SchedulerClock;
}

export interface ScheduledCycles {
  /**
   * A cycle now, between the slots (something it reads changed: the
   * notices), or right after the one in flight, which may have read it
   * before the change; the slots stay as they were.
   */
  runSoon(): void;
  /** Stops the schedule, aborts a cycle in flight and waits for it to end. */
  stop(): Promise<void>;
}

/** What the scheduler is sleeping towards, and the two clocks when it went to sleep. */
interface Sleep {
  readonly slotMs: number;
  /** The sleep ends at the slot (not a shorter re-check). */
  readonly untilSlot: boolean;
  readonly wallMs: number;
  readonly monotonicMs: number;
}

/**
 * Wires a schedule to "run one cycle": one cycle now, then one per slot of
 * the cron expression, never two at once (a slot that finds a cycle still
 * running is skipped and logged). Sleeps on the monotonic clock, at most
 * `MAX_SLEEP_MS` at a time, and derives the next slot from the wall clock
 * after every wake. A wall clock that moved more or less than the monotonic
 * one during a sleep was stepped (NTP, a resumed VM): that is logged once,
 * and the schedule simply goes on from the new time, with no cycle lost to a
 * step back and no flood of missed slots after a step forward.
 */
export function scheduleCycles({
  schedule,
  runCycle,
  log,
  clock = SYSTEM_SCHEDULER_CLOCK,
}: ScheduleOptions): ScheduledCycles {
  const controller = new AbortController();
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  let timer: unknown;
  let sleep: Sleep;
  let again = false;

  function trigger(): void {
    if (stopped) return;
    if (inFlight !== undefined) {
      log.info('tick skipped: the previous cycle is still running');
      return;
    }
    inFlight = runCycle(controller.signal)
      .then(
        () => undefined,
        (error: unknown) =>
          log.error(`cycle failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      )
      .finally(() => {
        inFlight = undefined;
        if (again) {
          again = false;
          trigger();
        }
      });
  }

  function sleepAfter(from: Date): void {
    const slotMs = nextCronRun(schedule, from).getTime();
    const wallMs = clock.now().getTime();
    const delayMs = Math.max(0, slotMs - wallMs);
    sleep = { slotMs, untilSlot: delayMs <= MAX_SLEEP_MS, wallMs, monotonicMs: clock.monotonic() };
    timer = clock.setTimer(wake, Math.min(delayMs, MAX_SLEEP_MS));
  }

  function wake(): void {
    if (stopped) return;
    const now = clock.now();
    const stepMs = now.getTime() - sleep.wallMs - (clock.monotonic() - sleep.monotonicMs);
    const stepped = Math.abs(stepMs) > CLOCK_STEP_TOLERANCE_MS;
    if (stepped) {
      log.info(
        `wall clock stepped ${stepMs < 0 ? 'back' : 'forward'} by ${Math.round(Math.abs(stepMs) / 1000)} s; ` +
          `the schedule goes on from ${formatTimestamp(now)}`,
      );
    }
    // A sleep to the slot has lasted as long as it should, whatever the wall clock now says.
    if (sleep.untilSlot) trigger();
    // Without a step, never before the slot just served: the wall clock may read a hair early.
    const from = sleep.untilSlot && !stepped ? Math.max(now.getTime(), sleep.slotMs) : now.getTime();
    sleepAfter(new Date(from));
  }

  trigger();
  sleepAfter(clock.now());

  return {
    runSoon() {
      if (inFlight === undefined) trigger();
      else again = true;
    },
    async stop() {
      stopped = true;
      clock.clearTimer(timer);
      controller.abort(new Error('probe stopping'));
      await inFlight;
    },
  };
}
