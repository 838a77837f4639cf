import type { Registry } from 'prom-client';
import { CONSOLE_PROBE_LOG } from '../log/probe-log.js';
import type { ProbeMetrics } from '../metrics/probe-metrics.js';
import { startMetricsListener } from '../metrics/start-metrics-listener.js';
import { type Sidecar, type SidecarOptions, startSidecar, startStandbySidecar } from './start-sidecar.js';

/** The probe's metrics and where to serve them. */
export interface SidecarMetrics {
  readonly registry: Registry;
  readonly metrics: ProbeMetrics;
  readonly port: number;
  readonly host: string;
}

/**
 * The sidecar with its metrics listener (`probe --metrics-port`): the
 * metrics follow the configured peers and the webhook queue, the listener
 * opens first (a taken port fails the start before the writer lock is
 * held), the prober reports to the metrics' observer, and `stop()` closes
 * both. With `standby` (`probe --standby`), the sidecar first waits as a
 * standby for the writer lock, metrics served meanwhile, and resolves
 * `undefined` if the signal ends the wait. Without metrics, it is the
 * sidecar alone.
 */
export async function startObservedSidecar(
  options: SidecarOptions,
  observed: SidecarMetrics | undefined,
  standby?: { readonly signal: AbortSignal },
): Promise<Sidecar | undefined> {
  const start = (sidecarOptions: SidecarOptions) =>
    standby === undefined
      ? startSidecar(sidecarOptions)
      : startStandbySidecar({ ...sidecarOptions, signal: standby.signal });
  if (observed === undefined) return start(options);
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const { registry, metrics, port, host } = observed;
  const { subscriptions } = options;
  metrics.follow({
    peers: options.settings.peers.map((peer) => peer.region),
    region: options.settings.regionName,
    pendingDeliveries: subscriptions && (() => subscriptions.deliverer.pending()),
    groups: new Map(
      options.settings.components.flatMap(({ name, group }) => (group === undefined ? [] : [[name, group]])),
    ),
  });
  const listener = await startMetricsListener({ registry, port, host, log: log.error });
  log.info(`metrics on ${listener.url}`);
  const sidecar = await start({ ...options, observer: metrics.observer }).catch(async (error: unknown) => {
    await listener.close();
    throw error;
  });
  if (sidecar === undefined) {
    await listener.close();
    return undefined;
  }
  return {
    prober: sidecar.prober,
    lost: sidecar.lost,
    async stop() {
      await Promise.all([sidecar.stop(), listener.close()]);
    },
  };
}
