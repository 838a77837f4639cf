import type { StatusValue } from '../schemas/status-value.js';
import type { StatuspageImpact } from '../schemas/statuspage/statuspage-incident.js';
import type { StatuspageStatus } from '../schemas/statuspage/statuspage-page.js';

/**
 * The overall state in Statuspage's words: its indicator and the
 * description its own pages show for that indicator. Maintenance is its own
 * indicator, below any outage, as the v1 overall state ranks it.
 */
export const STATUSPAGE_STATUS_BY_STATE: Readonly<Record<StatusValue, StatuspageStatus>> = {
  operational: { indicator: 'none', description: 'All Systems Operational' },
  under_maintenance: { indicator: 'maintenance', description: 'Service Under Maintenance' },
  degraded_performance: { indicator: 'minor', description: 'Partially Degraded Service' },
  partial_outage: { indicator: 'major', description: 'Partial System Outage' },
  major_outage: { indicator: 'critical', description: 'Major System Outage' },
};

/**
 * The impact of an incident whose worst state was `state`: the indicator of
 * that state, except that maintenance or nothing at all is no impact (an
 * incident is never maintenance; scheduled maintenance has its own impact).
 */
export function impactOfState(state: StatusValue): StatuspageImpact {
  const { indicator } = STATUSPAGE_STATUS_BY_STATE[state];
  return indicator === 'maintenance' ? 'none' : indicator;
}
