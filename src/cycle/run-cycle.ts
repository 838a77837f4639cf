import { getMaxListeners, setMaxListeners } from 'node:events';
import type { CheckContext, CheckFunction } from '../checks/check-context.js';
import type { CheckResult } from '../checks/check-endpoint.js';
import { resolveHostWithSystem } from '../checks/resolve-host.js';
import { runCheck } from '../checks/run-check.js';
import { shareLookups } from '../checks/share-lookups.js';
import { mapConcurrently } from '../outbound/map-concurrently.js';
import {
  type FetchPeersOptions,
  fetchPeersObservations,
  type PeerObservations,
} from '../peers/fetch-peer-observations.js';
import type { PeerSettings } from '../peers/peer-settings.js';
import type { ObservationsDocument } from '../schemas/observations.js';
import type { ComponentMemory, ProbeState } from '../schemas/probe-state.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { ProbeSettings } from '../settings/probe-settings.js';
import { type CheckOutcome, type ComponentOutcome, decideComponent } from './decide-component.js';
import { type Declarations, NO_DECLARATIONS } from './declarations.js';
import { renderObservations } from './render-observations.js';
import { renderStatus } from './render-status.js';

export type { CheckOutcome, ComponentOutcome } from './decide-component.js';

export type CycleOutcome =
  /** The checks ran: a status to publish and the memory to keep if it is published. */
  | {
      readonly kind: 'observed';
      readonly status: ServiceStatus;
      /** What this region observed, before thresholds, and the votes: published beside the status. */
      readonly observations: ObservationsDocument;
      readonly state: ProbeState;
      readonly components: readonly ComponentOutcome[];
      /** Every configured peer as this cycle received it. */
      readonly peers: readonly PeerObservations[];
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

export type { CheckFunction };

/** What the probe keeps across cycles for the checks of other kinds: the heartbeats' pushes, the upstream pages read. */
export type CheckSources = Pick<CheckContext, 'heartbeats' | 'upstreamPages'>;

export type FetchPeersFunction = (
  peers: readonly PeerSettings[],
  options: FetchPeersOptions,
) => Promise<PeerObservations[]>;

export interface CycleOptions {
  readonly settings: ProbeSettings;
  /** The memory from the previous published cycle. */
  readonly state: ProbeState;
  readonly check?: CheckFunction | undefined;
  /** Handed to every check with the cycle's resolver, signal and clock. */
  readonly sources?: CheckSources | undefined;
  readonly fetchPeers?: FetchPeersFunction | undefined;
  /** What the team's notices declare (`declareStates`); none unless given. */
  readonly declarations?: Declarations | undefined;
  /** The wall clock: maintenance windows, `updated_at` and the peers' freshness. */
  readonly now?: (() => Date) | undefined;
  /** A monotonic clock in milliseconds: the cycle's duration. */
  readonly clock?: (() => number) | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Runs one probe cycle and decides, without writing anything: the
 * connectivity check first, then every check of every component at once
 * (at most `settings.concurrency` in flight), so a cycle takes about the
 * slowest timeout, not their sum. Then each component's observed state; for
 * global components the peers' observations (fetched at once, within
 * `settings.peerTimeoutMs`) and the vote; flapping protection; the team's
 * declarations, at once; and the status and observations documents as of
 * when the checks finished.
 */
export async function runCycle({
  settings,
  state,
  check = runCheck,
  sources,
  fetchPeers = fetchPeersObservations,
  declarations = NO_DECLARATIONS,
  now = () => new Date(),
  clock = () => performance.now(),
  signal,
}: CycleOptions): Promise<CycleOutcome> {
  const started = clock();
  const durationMs = () => Math.round(clock() - started);
  // One lookup per host name for the whole cycle, however many checks name it.
  const checkOptions: CheckContext = {
    resolveHost: shareLookups(resolveHostWithSystem),
    signal,
    now,
    ...sources,
  };
  // Every check in flight listens to the signal (up to `concurrency` at once), then every peer fetch: by design, not a leak.
  const listeners = Math.max(settings.concurrency, settings.peers.length) + 1;
  if (signal !== undefined && getMaxListeners(signal) < listeners) setMaxListeners(listeners, signal);

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

  const hasGlobal = settings.components.some((component) => component.scope === 'global');
  const peers =
    hasGlobal && settings.peers.length > 0
      ? await fetchPeers(settings.peers, {
          timeoutMs: settings.peerTimeoutMs,
          maxAgeMs: settings.peerMaxAgeMs,
          now,
          signal,
        })
      : [];
  if (signal?.aborted) return { kind: 'aborted', durationMs: durationMs() };

  const components: ComponentOutcome[] = [];
  const memories: ComponentMemory[] = [];
  for (const component of settings.components) {
    const outcome = decideComponent({
      component,
      checks: outcomesByName.get(component.name) ?? [],
      remembered: previousByName.get(component.name),
      peers,
      settings,
      declarations,
      finishedAt,
    });
    components.push(outcome);
    memories.push(outcome.memory);
  }

  const status = renderStatus({
    regionName: settings.regionName,
    components: components.map(({ name, published }) => ({ name, status: published })),
    finishedAt,
  });
  const observations = renderObservations({
    regionCode: settings.regionCode,
    observedAt: finishedAt,
    components: components.map(({ name, scope, observed, checks, vote, certificateWarning }) => ({
      name,
      scope,
      observed,
      results: checks.map(({ result }) => result),
      vote,
      certificateWarning,
    })),
    peers,
  });
  return {
    kind: 'observed',
    status,
    observations,
    state: { version: 1, components: memories },
    components,
    peers,
    durationMs: durationMs(),
  };
}
