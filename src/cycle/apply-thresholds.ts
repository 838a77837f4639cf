import type { StateMemory } from '../schemas/probe-state.js';
import { rankStatus, type StatusValue } from '../schemas/status-value.js';
import type { Thresholds } from '../settings/probe-settings.js';

/**
 * Flapping protection for one component: the published state moves only once
 * enough consecutive cycles agree that the component is worse (or better)
 * than published, and then to what the latest cycle saw. The first
 * observation is published as observed. Maintenance is declared, not
 * measured, so entering or leaving it takes effect at once.
 */
export function applyThresholds(
  previous: StateMemory | undefined,
  observed: StatusValue,
  { failureThreshold, successThreshold }: Thresholds,
): StateMemory {
  if (
    previous === undefined ||
    observed === previous.published ||
    observed === 'under_maintenance' ||
    previous.published === 'under_maintenance'
  ) {
    return { published: observed, observed, pending: null };
  }
  const direction = rankStatus(observed) > rankStatus(previous.published) ? 'worse' : 'better';
  const cycles = previous.pending?.direction === direction ? previous.pending.cycles + 1 : 1;
  const threshold = direction === 'worse' ? failureThreshold : successThreshold;
  if (cycles >= threshold) return { published: observed, observed, pending: null };
  return { published: previous.published, observed, pending: { direction, cycles } };
}
