import { dirname } from 'node:path';
import { displayPath } from '../io/read-document.js';
import { CONSOLE_PROBE_LOG } from '../outbound/probe-log.js';
import { redactUrl } from '../outbound/redact-url.js';
import type { Subscriptions } from '../subscriptions/create-subscriptions.js';
import { createProber, type Prober, type ProberOptions } from './create-prober.js';
import { type ScheduledCycles, scheduleCycles } from './schedule-cycles.js';
import { acquireWriterLock } from './writer-lock.js';

export interface SidecarOptions extends ProberOptions {
  /** The feed and the webhooks: told after every published cycle; its deliverer runs beside the schedule. */
  readonly subscriptions?: Subscriptions;
}

export interface Sidecar {
  readonly prober: Prober;
  /** Ends the schedule and the cycle in flight; resolves once nothing is left writing. */
  stop(): Promise<void>;
}

/** Components listed one per line at start-up up to this many; beyond it, only the count. */
const LISTED_COMPONENTS_MAX = 20;

/**
 * The probe as a long-running process: a cycle at start, then one per
 * scheduled tick. Holds the state directory's writer lock from start to
 * stop; throws `ProbeLockedError` when another probe holds it.
 */
export async function startSidecar(options: SidecarOptions): Promise<Sidecar> {
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const { subscriptions } = options;
  const prober = createProber({
    ...options,
    log,
    ...(subscriptions ? { afterPublish: subscriptions.afterPublish } : {}),
  });
  const lock = await acquireWriterLock({ stateDir: dirname(options.stateFile), log });
  const { settings } = options;
  log.info(
    `sidecar for ${settings.regionName} (${settings.regionCode}): ${settings.components.length} components on "${settings.schedule}", ` +
      `publishing to ${displayPath(prober.statusFile)}`,
  );
  if (options.mirror !== undefined) {
    log.info(
      `uploading what changed to ${options.mirror.target} after each cycle, within ${options.mirror.deadlineMs} ms`,
    );
  }
  for (const component of settings.components.slice(0, LISTED_COMPONENTS_MAX)) {
    log.info(`  ${component.name}: ${component.checks.map((check) => redactUrl(check.url)).join(', ')}`);
  }
  const cycles: ScheduledCycles = scheduleCycles({
    schedule: settings.schedule,
    runCycle: (signal) => prober.runCycle(signal),
    log,
  });
  subscriptions?.deliverer.start();
  return {
    prober,
    async stop() {
      await cycles.stop();
      await subscriptions?.deliverer.stop();
      prober.close();
      await lock.release();
    },
  };
}
