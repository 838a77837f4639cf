import { dirname } from 'node:path';
import { createUpstreamPages } from '../checks/upstream-pages.js';
import type { CheckSources } from '../cycle/run-cycle.js';
import { createHeartbeatSource, type PreparedHeartbeatSource } from '../heartbeats/heartbeat-source.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { ProbeSettings } from '../settings/probe-settings.js';

/** What the checks of other kinds read across cycles, and the step the heartbeats take before the first. */
export interface PreparedCheckSources extends CheckSources {
  readonly heartbeats: PreparedHeartbeatSource;
}

/**
 * The probe's long-lived sources for its checks: the heartbeats' pushes,
 * in the state directory beside `stateFile` (which replicas share), and
 * the providers' pages, each read at most once per `upstreamRefreshMs`
 * however many components read it. One set for the life of a prober.
 */
export function createCheckSources(
  settings: ProbeSettings,
  stateFile: string,
  log: ProbeLog,
  now: () => Date,
): PreparedCheckSources {
  return {
    heartbeats: createHeartbeatSource({
      stateDir: dirname(stateFile),
      slugs: settings.components.flatMap(({ checks }) => checks.flatMap(({ heartbeat }) => heartbeat?.slug ?? [])),
      log,
      now,
    }),
    upstreamPages: createUpstreamPages({ refreshMs: settings.upstreamRefreshMs, now, log }),
  };
}
