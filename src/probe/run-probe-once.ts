import type { Subscriptions } from '../subscriptions/create-subscriptions.js';
import { type CycleReport, createProber, type ProberOptions } from './create-prober.js';

/** `--once` gives queued webhooks this long after the cycle; what is not accepted by then waits for the next run. */
export const ONCE_DELIVERY_BOUND_MS = 5_000;

export interface ProbeOnceOptions extends ProberOptions {
  readonly subscriptions?: Subscriptions;
}

/**
 * One cycle for cron: probe and publish, then one attempt at each webhook
 * delivery that is due, within `ONCE_DELIVERY_BOUND_MS` in all; the rest
 * stays in the queue file for the next run.
 */
export async function runProbeOnce({ subscriptions, ...options }: ProbeOnceOptions): Promise<CycleReport> {
  const prober = createProber({ ...options, ...(subscriptions ? { afterPublish: subscriptions.afterPublish } : {}) });
  const report = await prober.runCycle();
  if (subscriptions !== undefined) {
    await subscriptions.deliverer.deliverDueOnce(ONCE_DELIVERY_BOUND_MS);
    await subscriptions.deliverer.stop();
  }
  return report;
}
