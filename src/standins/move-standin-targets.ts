import type { ProbeSettings } from '../settings/probe-settings.js';
import { DEFAULT_STANDIN_BASE_PORT, STANDIN_COMPONENTS } from './start-standin-platform.js';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A check URL aimed at a stand-in on the default ports (loopback,
 * 4101–4104, as `data/components.json` ships) moved to the stand-ins whose
 * control server is on `basePort`; any other URL is returned unchanged.
 */
export function moveStandinUrl(url: string, basePort: number): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || !LOOPBACK_NAMES.has(parsed.hostname)) return url;
  const offset = Number(parsed.port) - DEFAULT_STANDIN_BASE_PORT;
  if (offset < 1 || offset > STANDIN_COMPONENTS.length) return url;
  parsed.port = String(basePort + offset);
  return parsed.href;
}

/**
 * The probe's settings with every check aimed at a default stand-in port
 * moved to the stand-ins on `basePort`, so that `--standins-port` moves the
 * stand-ins and what the probe checks together.
 */
export function moveStandinTargets(settings: ProbeSettings, basePort: number): ProbeSettings {
  if (basePort === DEFAULT_STANDIN_BASE_PORT) return settings;
  return {
    ...settings,
    components: settings.components.map((component) => ({
      ...component,
      checks: component.checks.map((check) => ({ ...check, url: moveStandinUrl(check.url, basePort) })),
    })),
  };
}
