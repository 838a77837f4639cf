import { getMaxListeners, setMaxListeners } from 'node:events';
import type { ComponentMemory, ProbeState } from '../schemas/probe-state.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { StatusValue } from '../schemas/status-value.js';
import { applyThresholds } from './apply-thresholds.js';
import { type CheckEndpointOptions, type CheckResult, checkEndpoint, type EndpointCheck } from './check-endpoint.js';
import { classifyComponent } from './classify-component.js';
import { fingerprintChecks } from './fingerprint-checks.js';
import { isUnderMaintenance } from './is-under-maintenance.js';
import { mapConcurrently } from './map-concurrently.js';
import type { CheckSettings, ProbeSettings } from './probe-settings.js';
import { renderStatus } from './render-status.js';

/** One check of one component, with what it found. */
export interface CheckOutcome {
  readonly check: CheckSettings;
  readonly result: CheckResult;
}

/** What a cycle saw and decided for one component. */
export interface ComponentOutcome {
  readonly name: string;
  readonly checks: readonly CheckOutcome[];
  readonly underMaintenance: boolean;
  /** The published state before this cycle; `undefined` on the first observation. */
  readonly before: StatusValue | undefined;
  /** Memory was set aside because it was about other checks (URL, timeout, expected statuses changed). */
  readonly checksChanged: boolean;
  readonly memory: ComponentMemory;
}

export type CycleOutcome =
  /** The checks ran: a status to publish and the memory to keep if it is published. */
  | {
      readonly kind: 'observed';
      readonly status: ServiceStatus;
      readonly state: ProbeState;
      readonly components: readonly ComponentOutcome[];
      readonly durationMs: number;
    }
  /** The probe's own connectivity check got no response at all: nothing it saw can be trusted. */
  | {
      readonly kind: 'offline';
      readonly url: string;
      readonly result: CheckResult;
      readonly durationMs: number;
    }
  /** Stopped from outside (shutdown) before the checks were done: nothing to publish. */
  | { readonly kind: 'aborted'; readonly durationMs: number };

export type CheckFunction = (check: EndpointCheck, options: CheckEndpointOptions) => Promise<CheckResult>;

export interface CycleOptions {
  readonly settings: ProbeSettings;
  /** The memory from the previous published cycle. */
  readonly state: ProbeState;
  readonly check?: CheckFunction;
  /** The wall clock: maintenance windows and `updated_at`. */
  readonly now?: () => Date;
  /** A monotonic clock in milliseconds: the cycle's duration. */
  readonly clock?: () => number;
  readonly signal?: AbortSignal;
}

/**
 * Runs one probe cycle and decides, without writing anything: the
 * connectivity check first, then every check of every component at once
 * (at most `settings.concurrency` in flight), so a cycle takes about the
 * slowest timeout, not their sum. Then each component's observed state,
 * flapping protection, and the status document as of when the checks finished.
 */
export async function runCycle({
  settings,
  state,
  check = checkEndpoint,
  now = () => new Date(),
  clock = () => performance.now(),
  signal,
}: CycleOptions): Promise<CycleOutcome> {
  const started = clock();
  const durationMs = () => Math.round(clock() - started);
  const checkOptions: CheckEndpointOptions = signal === undefined ? {} : { signal };
  // Every check in flight listens to the signal: up to `concurrency` at once, by design, not a leak.
  if (signal !== undefined && getMaxListeners(signal) < settings.concurrency + 1) {
    setMaxListeners(settings.concurrency + 1, signal);
  }

  if (settings.connectivity !== undefined) {
    const result = await check(settings.connectivity, checkOptions);
    if (signal?.aborted) return { kind: 'aborted', durationMs: durationMs() };
    // Any response at all, even a 404 or a 500, proves the network works; only no response means offline.
    if (result.status === undefined) {
      return { kind: 'offline', url: settings.connectivity.url, result, durationMs: durationMs() };
    }
  }

  const tasks = settings.components.flatMap(({ name, checks }) => checks.map((task) => ({ name, task })));
  const done = await mapConcurrently(tasks, settings.concurrency, async ({ name, task }) => ({
    name,
    outcome: { check: task, result: await check(task, checkOptions) },
  }));
  if (signal?.aborted) return { kind: 'aborted', durationMs: durationMs() };
  const finishedAt = now();
  const outcomesByName = new Map<string, CheckOutcome[]>();
  for (const { name, outcome } of done) {
    const list = outcomesByName.get(name);
    if (list === undefined) outcomesByName.set(name, [outcome]);
    else list.push(outcome);
  }
  const previousByName = new Map(state.components.map((memory) => [memory.name, memory]));

  const components: ComponentOutcome[] = [];
  const memories: ComponentMemory[] = [];
  for (const component of settings.components) {
    const checks = outcomesByName.get(component.name) ?? [];
    const underMaintenance = isUnderMaintenance(component.name, settings.maintenance, finishedAt);
    const observed = classifyComponent(
      checks.map(({ check: { degradedMs }, result }) => ({ result, degradedMs })),
      underMaintenance,
    );
    const fingerprint = fingerprintChecks(component.checks);
    const remembered = previousByName.get(component.name);
    // Memory belongs to the checks that made it; memory from before fingerprints is taken as the current checks'.
    const checksChanged = remembered?.fingerprint !== undefined && remembered.fingerprint !== fingerprint;
    const previous = checksChanged ? undefined : remembered;
    const memory = { name: component.name, ...applyThresholds(previous, observed, settings), fingerprint };
    memories.push(memory);
    components.push({
      name: component.name,
      checks,
      underMaintenance,
      before: previous?.published,
      checksChanged,
      memory,
    });
  }

  const status = renderStatus({
    regionName: settings.regionName,
    components: components.map(({ name, memory }) => ({ name, status: memory.published })),
    finishedAt,
  });
  return {
    kind: 'observed',
    status,
    state: { version: 1, components: memories },
    components,
    durationMs: durationMs(),
  };
}
