import type { StatusValue } from '../schemas/status-value.js';
import type { MaintenancePeriod } from '../time/is-under-maintenance.js';

/** The team's word about one component, from an open incident notice (`declareStates`). */
export interface Declaration {
  readonly state: StatusValue;
  /** The notice that declares it: its id links the history's incident to it, its title is the reason shown. */
  readonly notice: { readonly id: string; readonly title: string };
}

/**
 * What the team's notices say for a cycle, beside what the checks measure:
 * declared states by component name, and the maintenance windows of its
 * maintenance notices, which override the checks as the config's windows do.
 */
export interface Declarations {
  readonly states: ReadonlyMap<string, Declaration>;
  readonly maintenance: readonly MaintenancePeriod[];
}

/** No notices: the probe's word alone. */
export const NO_DECLARATIONS: Declarations = { states: new Map(), maintenance: [] };
