import type { Registry } from 'prom-client';
import type { ProbeMetrics } from '../metrics/probe-metrics.js';
import { startMetricsListener } from '../metrics/start-metrics-listener.js';
import { CONSOLE_PROBE_LOG } from '../outbound/probe-log.js';
import { type Sidecar, type SidecarOptions, startSidecar } from './start-sidecar.js';

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
 * both. Without metrics, it is `startSidecar`.
 */
export async function startObservedSidecar(
  options: SidecarOptions,
  observed: SidecarMetrics | undefined,
): Promise<Sidecar> {
  if (observed === undefined) return startSidecar(options);
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const { registry, metrics, port, host } = observed;
  const { subscriptions } = options;
  metrics.follow({
    peers: options.settings.peers.map((peer) => peer.region),
    ...(subscriptions === undefined ? {} : { pendingDeliveries: () => subscriptions.deliverer.pending() }),
  });
  const listener = await startMetricsListener({ registry, port, host, log: log.error });
  log.info(`metrics on ${listener.url}`);
  const sidecar = await startSidecar({ ...options, observer: metrics.observer }).catch(async (error: unknown) => {
    await listener.close();
    throw error;
  });
  return {
    prober: sidecar.prober,
    async stop() {
      await Promise.all([sidecar.stop(), listener.close()]);
    },
  };
}
