import { Gauge, type Registry } from 'prom-client';
import type { Sample } from './state-set.js';

/**
 * A gauge whose samples are derived afresh at every scrape from what the
 * process already holds: `samples()` is asked at collection time, so the
 * metric never keeps a second copy of the truth, and a series whose subject
 * went away (a component removed from the status) goes with it.
 */
export function registerSampledGauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly string[],
  samples: () => readonly Sample[],
): Gauge {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, value } of samples()) this.set(labels, value);
    },
  });
}
