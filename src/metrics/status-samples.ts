import type { ComponentGroups } from '../schemas/component-groups.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import { STATUS_VALUES } from '../schemas/status-value.js';
import { type Sample, stateSet } from './state-set.js';

export type { ComponentGroups } from '../schemas/component-groups.js';

/**
 * The labels every per-component series carries. `group` is always present,
 * empty for a component without one: Prometheus treats an empty label as
 * absent, and a fixed label set keeps each metric one shape.
 */
export function componentLabels(
  region: string,
  component: string,
  groups: ComponentGroups,
): Readonly<Record<string, string>> {
  return { region, component, group: groups.get(component) ?? '' };
}

/** `service_directory_component_status`: each component's published state as a state set of the five states. */
export function componentStatusSamples(status: ServiceStatus, groups: ComponentGroups): Sample[] {
  return status.components.flatMap((component) =>
    stateSet(componentLabels(status.region, component.name, groups), 'status', component.status, STATUS_VALUES),
  );
}

/** `service_directory_status`: the overall published state as a state set. */
export function overallStatusSamples(status: ServiceStatus): Sample[] {
  return stateSet({ region: status.region }, 'status', status.status, STATUS_VALUES);
}

/** `service_directory_status_age_seconds`: how old the published status is at `now`, never below zero. */
export function statusAgeSamples(status: ServiceStatus, now: Date): Sample[] {
  const ageMs = Math.max(0, now.getTime() - Date.parse(status.updated_at));
  return [{ labels: { region: status.region }, value: ageMs / 1000 }];
}

/** `service_directory_status_updated_timestamp_seconds`: when the status was determined, in Unix seconds. */
export function statusUpdatedSamples(status: ServiceStatus): Sample[] {
  return [{ labels: { region: status.region }, value: Date.parse(status.updated_at) / 1000 }];
}
