import { groupsOf } from '../schemas/component-groups.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import type { MaintenanceWindow } from '../schemas/maintenance-window.js';

/** What the Statuspage documents take from `data/components.json`, beside the published documents. */
export interface StatuspageSettings {
  /** `page_name`; the region's name when left out. */
  readonly pageName: string | undefined;
  /** `public_url`: the page's URL and the base of every shortlink. */
  readonly publicUrl: string | undefined;
  /** Each component's `group`, by component name. */
  readonly groups: ReadonlyMap<string, string>;
  /** The windows, rendered as scheduled maintenances against the clock of each render. */
  readonly maintenance: readonly MaintenanceWindow[];
  /** How many days ahead recurring windows' occurrences are listed (`maintenance_announce_days`). */
  readonly announceDays: number;
}

/** The Statuspage settings of a validated components config. */
export function statuspageSettingsOf(config: ComponentsConfig): StatuspageSettings {
  return {
    pageName: config.page_name,
    publicUrl: config.public_url,
    // As the uptime summary names them: one reading of the config for both.
    groups: groupsOf(config.components),
    maintenance: config.maintenance,
    announceDays: config.maintenance_announce_days,
  };
}
