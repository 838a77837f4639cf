import { checkKindOf } from '../../src/schemas/check-url.js';
import type { CheckSettings, ComponentSettings, ProbeSettings } from '../../src/settings/probe-settings.js';
import { HEARTBEAT_URL_PREFIX } from '../../src/settings/resolve-checks.js';

/** A component as tests write it: regional unless they say otherwise. */
export type TestComponent = Omit<ComponentSettings, 'scope'> & Partial<Pick<ComponentSettings, 'scope'>>;

/**
 * One check with test-friendly defaults: short timeout, any 2xx, of the kind
 * its URL names (as the settings give it). The fields `extra` adds are the
 * test's to make sense of: a heartbeat check gets its expectation there.
 */
export function checkAt(url: string, extra: Partial<CheckSettings> = {}): CheckSettings {
  const kind = url.startsWith(HEARTBEAT_URL_PREFIX) ? 'heartbeat' : checkKindOf(url);
  const check = {
    kind,
    url,
    timeoutMs: 1000,
    degradedMs: 500,
    expectStatus: undefined,
    minCertificateDays: 14,
    ...extra,
  };
  return check as CheckSettings;
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
