import type { UptimeDocument } from '../schemas/uptime.js';
import type { Sample } from './state-set.js';
import { type ComponentGroups, componentLabels } from './status-samples.js';

/** The uptime document's periods, by the `window` label they get. */
export const UPTIME_WINDOWS = [
  ['1d', 'last_24h'],
  ['7d', 'last_7d'],
  ['30d', 'last_30d'],
  ['90d', 'last_90d'],
] as const;

/**
 * `service_directory_component_uptime_ratio`: each component's uptime over
 * 1, 7, 30 and 90 days, from 0 to 1, as the published uptime document has
 * it (computed over the minutes with data). A period without data has no
 * sample rather than a made-up value.
 */
export function uptimeSamples(uptime: UptimeDocument, groups: ComponentGroups): Sample[] {
  return uptime.components.flatMap((component) =>
    UPTIME_WINDOWS.flatMap(([window, key]) => {
      const percent = component.uptime[key].uptime_percent;
      return percent === null
        ? []
        : [{ labels: { ...componentLabels(uptime.region, component.name, groups), window }, value: percent / 100 }];
    }),
  );
}
