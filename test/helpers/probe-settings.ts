import type { CheckSettings, ComponentSettings, ProbeSettings } from '../../src/settings/probe-settings.js';

/** A component as tests write it: regional unless they say otherwise. */
export type TestComponent = Omit<ComponentSettings, 'scope'> & Partial<Pick<ComponentSettings, 'scope'>>;

/** One check with test-friendly defaults: short timeout, any 2xx. */
export function checkAt(url: string, extra: Partial<CheckSettings> = {}): CheckSettings {
  return { url, timeoutMs: 1000, degradedMs: 500, expectStatus: undefined, minCertificateDays: 14, ...extra };
}

/** Probe settings for tests: region Amsterdam 1, thresholds 2, no maintenance, connectivity check or peers. */
export function settingsFor(components: TestComponent[], extra: Partial<ProbeSettings> = {}): ProbeSettings {
  return {
    regionCode: 'ams1',
    regionName: 'Amsterdam 1',
    schedule: '* * * * * *',
    concurrency: 64,
    failureThreshold: 2,
    successThreshold: 2,
    connectivity: undefined,
    maintenance: [],
    components: components.map((component) => ({ scope: 'regional', ...component })),
    peers: [],
    peerTimeoutMs: 1000,
    peerMaxAgeMs: 3000,
    ...extra,
  };
}
