import type { CheckSettings, ComponentSettings, ProbeSettings } from '../../src/probe/probe-settings.js';

/** One check with test-friendly defaults: short timeout, any 2xx. */
export function checkAt(url: string, extra: Partial<CheckSettings> = {}): CheckSettings {
  return { url, timeoutMs: 1000, degradedMs: 500, expectStatus: undefined, ...extra };
}

/** Probe settings for tests: region Amsterdam 1, thresholds 2, no maintenance or connectivity check. */
export function settingsFor(components: ComponentSettings[], extra: Partial<ProbeSettings> = {}): ProbeSettings {
  return {
    regionCode: 'ams1',
    regionName: 'Amsterdam 1',
    schedule: '* * * * * *',
    concurrency: 64,
    failureThreshold: 2,
    successThreshold: 2,
    connectivity: undefined,
    maintenance: [],
    components,
    ...extra,
  };
}
