import { dirname } from 'node:path';
import { displayPath } from '../io/display-path.js';
import { CONSOLE_PROBE_LOG, type ProbeLog } from '../log/probe-log.js';
import { redactUrl } from '../outbound/redact-url.js';
import { acquireWriterLock, type WriterLock } from '../public-dir/writer-lock.js';
import { createProber, type Prober, type ProberOptions } from './create-prober.js';
import { type ScheduledCycles, scheduleCycles } from './schedule-cycles.js';
import { standByForLock } from './stand-by-for-lock.js';
import { watchFiles } from './watch-files.js';

/** The prober's options (its `subscriptions`' deliverer runs beside the schedule), and the writer lock's. */
export interface SidecarOptions extends ProberOptions {
  /** How long the writer lock goes untouched before it is taken over; `LOCK_STALE_MS` unless given. */
  readonly lockStaleMs?: number | undefined;
  /** The writer lock, already taken (by `startStandbySidecar`); taken here unless given. */
  readonly lock?: WriterLock;
}

export interface Sidecar {
  readonly prober: Prober;
  /**
   * Resolves if the writer lock is lost (another probe took it over, or its
   * heartbeat failed for half its lease): the sidecar has stopped writing by then.
   */
  readonly lost: Promise<void>;
  /** Ends the schedule and the cycle in flight; resolves once nothing is left writing. */
  stop(): Promise<void>;
}

/**
 * A replica's probe on a shared state directory: a standby while another
 * probe holds the writer lock (`standByForLock`), then the sidecar, once it
 * has taken the lock over. Resolves `undefined` if `signal` ends the wait.
 */
export async function startStandbySidecar(
  options: SidecarOptions & { readonly signal?: AbortSignal },
): Promise<Sidecar | undefined> {
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const { signal } = options;
  const lock = await standByForLock({ ...lockOptionsOf(options, log), signal });
  return lock === undefined ? undefined : startSidecar({ ...options, lock });
}

function lockOptionsOf(options: SidecarOptions, log: ProbeLog) {
  return {
    stateDir: dirname(options.stateFile),
    log,
    staleMs: options.lockStaleMs,
  };
}

/** Components listed one per line at start-up up to this many; beyond it, only the count. */
const LISTED_COMPONENTS_MAX = 20;

/**
 * The probe as a long-running process: a cycle at start, then one per
 * scheduled tick, and one as soon as the team's notices file changes (a
 * `notice` command), so a declaration is published within a cycle's time
 * rather than a schedule's interval. Holds the state directory's writer
 * lock from start to stop; throws `ProbeLockedError` when another probe holds it.
 */
export async function startSidecar(options: SidecarOptions): Promise<Sidecar> {
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const { subscriptions } = options;
  const held = options.lock ?? (await acquireWriterLock(lockOptionsOf(options, log)));
  const prober = createProber({ ...options, log, lease: held });
  let markLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    markLost = resolve;
  });
  const { settings } = options;
  log.info(
    `sidecar for ${settings.regionName} (${settings.regionCode}): ${settings.components.length} components on "${settings.schedule}", ` +
      `publishing to ${displayPath(prober.statusFile)}`,
  );
  const { mirror } = options.publicDir;
  if (mirror !== undefined) {
    log.info(`uploading what changed to ${mirror.target} after each cycle, within ${mirror.deadlineMs} ms`);
  }
  for (const component of settings.components.slice(0, LISTED_COMPONENTS_MAX)) {
    log.info(`  ${component.name}: ${component.checks.map((check) => redactUrl(check.url)).join(', ')}`);
  }
  const cycles: ScheduledCycles = scheduleCycles({
    schedule: settings.schedule,
    // Fencing: a cycle writes only while the lock is still this probe's (`lease`); once not, the sidecar stops.
    runCycle: async (signal) => {
      const report = await prober.runCycle(signal);
      if (!report.published && report.why === 'fenced' && held.lost()) {
        log.error(`lost the writer lock ${displayPath(held.file)}: another probe may be writing; this one stops`);
        markLost();
      } else if (!report.published && report.why === 'fenced') {
        // Not confirmed lately (the lock could not be read or touched): the heartbeat confirms it again, or finds it lost.
        log.error(`could not confirm the writer lock ${displayPath(held.file)} lately: nothing written this cycle`);
      }
      return report;
    },
    log,
  });
  subscriptions?.deliverer.start();
  options.mail?.sender.start();
  const noticesWatch = watchFiles(options.notices?.files ?? [], () => cycles.runSoon());
  return {
    prober,
    lost,
    async stop() {
      noticesWatch.close();
      await cycles.stop();
      await subscriptions?.deliverer.stop();
      await options.mail?.sender.stop();
      prober.close();
      await held.release();
    },
  };
}
