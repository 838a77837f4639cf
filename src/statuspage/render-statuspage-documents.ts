import {
  STATUSPAGE_ACTIVE_MAINTENANCES_PATH,
  STATUSPAGE_COMPONENTS_PATH,
  STATUSPAGE_INCIDENTS_PATH,
  STATUSPAGE_MAINTENANCES_PATH,
  STATUSPAGE_STATUS_PATH,
  STATUSPAGE_SUMMARY_PATH,
  STATUSPAGE_UNRESOLVED_INCIDENTS_PATH,
  STATUSPAGE_UPCOMING_MAINTENANCES_PATH,
} from '../api-paths.js';
import type { Incident } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { StatuspagePage } from '../schemas/statuspage/statuspage-page.js';
import type { ComponentDays } from './component-days.js';
import { renderStatuspageComponents } from './render-statuspage-components.js';
import { renderStatuspageIncidents } from './render-statuspage-incidents.js';
import { renderStatuspageMaintenances } from './render-statuspage-maintenances.js';
import { statuspageId } from './statuspage-id.js';
import { statuspagePageUrl } from './statuspage-links.js';
import type { StatuspageSettings } from './statuspage-settings.js';
import { STATUSPAGE_STATUS_BY_STATE } from './statuspage-vocabulary.js';

/** How many incidents and maintenances the full lists carry, as Statuspage's do. */
export const STATUSPAGE_LIST_LIMIT = 50;

export interface StatuspageSource {
  /** The published status: the page's time, every component and the overall state. */
  readonly status: ServiceStatus;
  readonly settings: StatuspageSettings;
  /** The probe's history, where it keeps one: component times and incidents. */
  readonly uptime: ComponentDays | undefined;
  readonly incidents: readonly Incident[];
  /** Every notice: the team's, and the config's windows as notices as of `now`. */
  readonly notices: readonly Notice[];
  /** The clock maintenance is judged by. */
  readonly now: Date;
  /**
   * The page's `updated_at`: when what the documents show last changed,
   * which their publisher knows (`publishStatuspage`). Left out, the
   * status's `updated_at`.
   */
  readonly pageUpdatedAt?: string;
}

/** One Statuspage document: its URL path and its exact bytes. */
export interface StatuspageFile {
  readonly path: `/${string}`;
  readonly contents: string;
}

/**
 * The eight documents of Statuspage's public API v2, from the status, the
 * history and the notices. Pure: the same inputs give the same bytes.
 */
export function renderStatuspageDocuments(source: StatuspageSource): StatuspageFile[] {
  const { status, settings } = source;
  const page: StatuspagePage = {
    id: statuspageId('page', status.region),
    name: settings.pageName ?? status.region,
    url: statuspagePageUrl(settings.publicUrl),
    time_zone: 'Etc/UTC',
    updated_at: source.pageUpdatedAt ?? status.updated_at,
  };
  const components = renderStatuspageComponents({
    status,
    groups: settings.groups,
    uptime: source.uptime,
    incidents: source.incidents,
    pageId: page.id,
  });
  const common = { components: components.byName, pageId: page.id, pageUrl: page.url };
  const incidents = renderStatuspageIncidents({ ...common, incidents: source.incidents, notices: source.notices });
  const maintenances = renderStatuspageMaintenances({ ...common, notices: source.notices, now: source.now });
  const unresolved = incidents.filter((incident) => incident.status !== 'resolved' && incident.status !== 'postmortem');
  const upcoming = maintenances.filter((maintenance) => maintenance.status === 'scheduled');
  const active = maintenances.filter(
    (maintenance) => maintenance.status === 'in_progress' || maintenance.status === 'verifying',
  );
  const rollup = STATUSPAGE_STATUS_BY_STATE[status.status];
  const json = (document: object) => `${JSON.stringify(document)}\n`;
  return [
    {
      path: STATUSPAGE_SUMMARY_PATH,
      contents: json({
        page,
        components: components.list,
        incidents: unresolved,
        scheduled_maintenances: maintenances.filter((maintenance) => maintenance.status !== 'completed'),
        status: rollup,
      }),
    },
    { path: STATUSPAGE_STATUS_PATH, contents: json({ page, status: rollup }) },
    { path: STATUSPAGE_COMPONENTS_PATH, contents: json({ page, components: components.list }) },
    { path: STATUSPAGE_INCIDENTS_PATH, contents: json({ page, incidents: incidents.slice(0, STATUSPAGE_LIST_LIMIT) }) },
    { path: STATUSPAGE_UNRESOLVED_INCIDENTS_PATH, contents: json({ page, incidents: unresolved }) },
    {
      path: STATUSPAGE_MAINTENANCES_PATH,
      contents: json({ page, scheduled_maintenances: maintenances.slice(0, STATUSPAGE_LIST_LIMIT) }),
    },
    { path: STATUSPAGE_UPCOMING_MAINTENANCES_PATH, contents: json({ page, scheduled_maintenances: upcoming }) },
    { path: STATUSPAGE_ACTIVE_MAINTENANCES_PATH, contents: json({ page, scheduled_maintenances: active }) },
  ];
}
