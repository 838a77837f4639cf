import { OBSERVATIONS_PATH } from '../api-paths.js';
import type { ProbeCheck } from '../checks/probe-check.js';
import { InputError, type Problem } from '../errors/input-error.js';
import { staleAfterMs } from '../freshness/judge-freshness.js';
import { joinUrl } from '../outbound/join-url.js';
import type { PeerSettings } from '../peers/peer-settings.js';
import { nameComponents } from '../schemas/component-paths.js';
import { type ComponentsConfig, DEFAULT_TIMEOUT_MS } from '../schemas/components-config.js';
import { isRecurringWindow, type MaintenanceWindow } from '../schemas/maintenance-window.js';
import type { Scope } from '../schemas/observations.js';
import type { Region } from '../schemas/region.js';
import { assignSlugs } from '../slugs/assign-slugs.js';
import type { MaintenancePeriod } from '../time/is-under-maintenance.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';
import { type HistoryRetention, resolveHistoryRetention } from './history-retention.js';
import { type CheckSettings, resolveChecks } from './resolve-checks.js';

export type { CheckSettings } from './resolve-checks.js';

export interface ComponentSettings {
  readonly name: string;
  /** `global` components are published by the vote of every region's probe; `regional` ones by this one alone. */
  readonly scope: Scope;
  /** The group it is shown under (`group` in the config), for the badges and the documents that know groups. */
  readonly group?: string | undefined;
  /** The uptime objective in percent (`slo` in the config), for the error budget in the monthly reports. */
  readonly slo?: number | undefined;
  readonly checks: readonly CheckSettings[];
}

/** The flapping protection's settings (`applyThresholds`). */
export interface Thresholds {
  /** Cycles in a row that must see a worse state before it is published. */
  readonly failureThreshold: number;
  /** Cycles in a row that must see a better state before it is published. */
  readonly successThreshold: number;
}

/** Everything a cycle needs, decided once at start-up. */
export interface ProbeSettings extends Thresholds {
  readonly regionCode: string;
  /** What `region` in the status document says. */
  readonly regionName: string;
  readonly schedule: string;
  readonly concurrency: number;
  /** Checked before anything else; when it fails, the cycle publishes nothing. */
  readonly connectivity: ProbeCheck | undefined;
  readonly maintenance: readonly MaintenancePeriod[];
  /** `maintenance[]` as written, for the calendars (a recurring window stays a rule there). */
  readonly maintenanceWindows?: readonly MaintenanceWindow[];
  readonly components: readonly ComponentSettings[];
  /** The other regions, in code order; none for a probe that decides alone. */
  readonly peers: readonly PeerSettings[];
  /** How long fetching every peer may take in all. */
  readonly peerTimeoutMs: number;
  /** A peer's observations older than this are stale and do not vote: three of this probe's intervals. */
  readonly peerMaxAgeMs: number;
  /** How long the history keeps each layer; the defaults when left out. */
  readonly history?: HistoryRetention;
  /** An upstream provider's page is read at most this often (`upstream_refresh_seconds`). */
  readonly upstreamRefreshMs?: number;
}

/** Where the region code came from, to name it when it is wrong: a file and JSON path, `--region`, or `environment`/`REGION`. */
export interface RegionSource {
  readonly code: string | undefined;
  readonly file: string;
  readonly path: string;
}

export interface SettingsInput {
  readonly config: ComponentsConfig;
  /** The config file as shown in messages. */
  readonly configFile: string;
  readonly regions: readonly Region[];
  /** The regions file as shown in messages. */
  readonly regionsFile: string;
  /** The region code chosen by flag or environment; `undefined` leaves the config's. */
  readonly regionOverride?: RegionSource | undefined;
  /** The PEM text of each `ca_file`, by the path as the config writes it (`readCaFiles`). */
  readonly caFiles?: ReadonlyMap<string, string>;
}

/**
 * Resolves a validated config into settings: inherited check options, the
 * region's name, maintenance windows as instants. Throws `InputError` when no
 * region is given or its code is not in the regions file.
 */
export function resolveProbeSettings({
  config,
  configFile,
  regions,
  regionsFile,
  regionOverride,
  caFiles = new Map(),
}: SettingsInput): ProbeSettings {
  const source = regionOverride ?? { code: config.region, file: configFile, path: 'region' };
  const region = resolveRegion(source, regions, regionsFile);
  const peers = resolvePeers(config.peers, region.code, regions, { configFile, regionsFile });
  const slugs = assignSlugs(config.components.map((component) => component.name));
  const nameComponent = nameComponents(config.components);
  return {
    regionCode: region.code,
    regionName: region.name,
    schedule: config.schedule,
    concurrency: config.concurrency,
    failureThreshold: config.failure_threshold,
    successThreshold: config.success_threshold,
    connectivity:
      config.connectivity_url === undefined
        ? undefined
        : { kind: 'http', url: config.connectivity_url, timeoutMs: DEFAULT_TIMEOUT_MS, expectStatus: undefined },
    maintenanceWindows: config.maintenance,
    maintenance: config.maintenance.map((window) =>
      isRecurringWindow(window)
        ? {
            recurrence: {
              cron: window.cron,
              duration_minutes: window.duration_minutes,
              time_zone: window.time_zone,
            },
            components: window.components,
          }
        : { startMs: Date.parse(window.start), endMs: Date.parse(window.end), components: window.components },
    ),
    components: config.components.map((component, componentIndex) => ({
      name: component.name,
      scope: component.scope,
      group: component.group,
      slo: component.slo,
      checks: resolveChecks(component, {
        slug: slugs.get(component.name) ?? '',
        caFiles,
        configFile,
        where: nameComponent(componentIndex),
      }),
    })),
    peers,
    peerTimeoutMs: config.peer_timeout_ms,
    peerMaxAgeMs: staleAfterMs(scheduleIntervalMs(config.schedule)),
    history: resolveHistoryRetention(config.history),
    upstreamRefreshMs: config.upstream_refresh_seconds * 1000,
  };
}

/**
 * The configured peers, in code order. Each code must be a region of the
 * directory and not this probe's own region (which votes anyway); every
 * problem is reported at once.
 */
function resolvePeers(
  peers: Readonly<Record<string, string>>,
  ownCode: string,
  regions: readonly Region[],
  files: { readonly configFile: string; readonly regionsFile: string },
): PeerSettings[] {
  const known = new Set(regions.map((region) => region.code));
  const problems: Problem[] = [];
  for (const code of Object.keys(peers)) {
    if (code === ownCode) {
      problems.push({
        path: `peers.${code}`,
        reason: `is the region this probe reports for; list only the other regions (this one always votes)`,
      });
    } else if (!known.has(code)) {
      problems.push({
        path: `peers.${code}`,
        reason: `unknown region ${JSON.stringify(code)}: not in ${files.regionsFile}`,
      });
    }
  }
  if (problems.length > 0) throw new InputError(files.configFile, problems);
  return Object.entries(peers)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([region, base]) => ({ region, url: joinUrl(base, OBSERVATIONS_PATH) }));
}

/** The region a code names; an unknown code is an error that lists the known ones. */
export function resolveRegion(source: RegionSource, regions: readonly Region[], regionsFile: string): Region {
  if (source.code === undefined) {
    throw new InputError(source.file, [
      { path: source.path, reason: 'no region given: set "region" here, pass --region CODE, or set REGION' },
    ]);
  }
  const region = regions.find((candidate) => candidate.code === source.code);
  if (region !== undefined) return region;
  const known = regions.map((candidate) => candidate.code).join(', ');
  throw new InputError(source.file, [
    {
      path: source.path,
      reason: `unknown region ${JSON.stringify(source.code)}: not in ${regionsFile}; known codes: ${known}`,
    },
  ]);
}
