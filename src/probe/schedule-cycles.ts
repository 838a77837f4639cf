import { schedule as scheduleTask } from 'node-cron';
import type { ProbeLog } from './probe-log.js';

export interface ScheduleOptions {
  /** A node-cron expression, seconds field allowed. */
  readonly schedule: string;
  /** One cycle; the signal aborts it on `stop()`. Must not reject, but a rejection is logged, not fatal. */
  readonly runCycle: (signal: AbortSignal) => Promise<unknown>;
  readonly log: ProbeLog;
}

export interface ScheduledCycles {
  /** Stops the schedule, aborts a cycle in flight and waits for it to end. */
  stop(): Promise<void>;
}

/**
 * Wires a schedule to "run one cycle": one cycle now, then one per tick,
 * never two at once. The guard is ours rather than node-cron's `noOverlap`
 * because the start-up cycle runs outside node-cron: a tick that finds a
 * cycle still running is skipped and logged.
 */
export function scheduleCycles({ schedule, runCycle, log }: ScheduleOptions): ScheduledCycles {
  const controller = new AbortController();
  let inFlight: Promise<void> | undefined;
  let stopped = false;

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
      });
  }

  const task = scheduleTask(schedule, trigger, {
    name: 'probe-cycle',
    logger: {
      info: () => {},
      debug: () => {},
      warn: (message) => log.error(`scheduler: ${message}`),
      error: (message) => log.error(`scheduler: ${String(message)}`),
    },
  });
  trigger();

  return {
    async stop() {
      stopped = true;
      await task.destroy();
      controller.abort(new Error('probe stopping'));
      await inFlight;
    },
  };
}
