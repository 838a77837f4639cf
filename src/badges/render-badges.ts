import type { ServiceStatus } from '../schemas/service-status.js';
import { type StatusValue, worstStatus } from '../schemas/status-value.js';
import type { UptimeDocument } from '../schemas/uptime.js';
import { assignSlugs } from '../slugs/assign-slugs.js';
import type { BadgeContent } from './shields-endpoint.js';
import { STATE_LABELS_LOWER } from './state-words.js';
import { firstDayWithin, uptimeLabel } from './uptime-label.js';

/** A badge to publish: where under `/badges/`, without extension (`.json` and `.svg` follow), and what it says. */
export interface Badge {
  readonly name: string;
  readonly content: BadgeContent;
}

/** Each state's colour, from shields' named colours: green is up, blue planned, yellow to red worse and worse. */
export const STATUS_COLORS: Readonly<Record<StatusValue, string>> = {
  operational: 'brightgreen',
  under_maintenance: 'blue',
  degraded_performance: 'yellow',
  partial_outage: 'orange',
  major_outage: 'red',
};

/** Uptime colours by the lowest percentage that earns them, highest first; below the last, red. */
export const UPTIME_COLORS: readonly (readonly [number, string])[] = [
  [99.9, 'brightgreen'],
  [99, 'green'],
  [98, 'yellowgreen'],
  [95, 'yellow'],
  [90, 'orange'],
];

/** What an uptime badge says without data. */
export const NO_DATA_MESSAGE = 'no data';

/**
 * An uptime percentage as a badge shows it: two decimals, rounded down so
 * that 99.999 % never reads as 100 %, and `100%` only when it is.
 */
export function formatUptime(percent: number): string {
  if (percent >= 100) return '100%';
  return `${(Math.floor(percent * 100) / 100).toFixed(2)}%`;
}

function statusBadge(label: string, status: StatusValue): BadgeContent {
  return { schemaVersion: 1, label, message: STATE_LABELS_LOWER[status], color: STATUS_COLORS[status] };
}

function uptimeBadge(label: string, percent: number | null | undefined): BadgeContent {
  if (percent === null || percent === undefined) {
    return { schemaVersion: 1, label, message: NO_DATA_MESSAGE, color: 'lightgrey' };
  }
  const color = UPTIME_COLORS.find(([floor]) => percent >= floor)?.[1] ?? 'red';
  return { schemaVersion: 1, label, message: formatUptime(percent), color };
}

/** An uptime figure and the first day it rests on, where that is inside the window (`firstDayWithin`). */
interface UptimeFigure {
  readonly percent: number | null | undefined;
  readonly since: string | undefined;
}

/** The lowest of the figures that have data, with what it rests on; `null` when none has. */
function lowest(figures: readonly UptimeFigure[]): UptimeFigure {
  let found: UptimeFigure = { percent: null, since: undefined };
  for (const figure of figures) {
    if (typeof figure.percent !== 'number') continue;
    if (typeof found.percent !== 'number' || figure.percent < found.percent) found = figure;
  }
  return found;
}

function uptimeFigureBadge(subject: string, figure: UptimeFigure): BadgeContent {
  return uptimeBadge(uptimeLabel(subject, figure.since), figure.percent);
}

/**
 * Every badge for one published cycle, pure: the whole platform
 * (`status`, `uptime`), each group (`groups/SLUG/...`) and each component
 * (`components/SLUG/...`), its current state and its 30-day uptime. A
 * group's state is the worst of its components', and the 30-day uptime of
 * the platform or a group is its least available component's (the history
 * keeps no joint figure). Components without uptime data say `no data`;
 * a figure resting on less than 30 days says since when (`uptimeLabel`).
 */
export function renderBadges(
  status: ServiceStatus,
  uptime: UptimeDocument | undefined,
  groups: ReadonlyMap<string, string>,
): Badge[] {
  const uptimeByName = new Map(uptime?.components.map((component) => [component.name, component]));
  const thirtyDays = (name: string): UptimeFigure => {
    const summary = uptimeByName.get(name);
    return {
      percent: summary?.uptime.last_30d.uptime_percent,
      since: summary && uptime ? firstDayWithin(summary, uptime.first_day) : undefined,
    };
  };
  const componentSlugs = assignSlugs(status.components.map(({ name }) => name));
  const members = new Map<string, { name: string; status: StatusValue }[]>();
  for (const component of status.components) {
    const group = groups.get(component.name);
    if (group !== undefined) members.set(group, [...(members.get(group) ?? []), component]);
  }
  const groupSlugs = assignSlugs([...members.keys()]);
  const everyone = status.components.map(({ name }) => thirtyDays(name));

  return [
    { name: 'status', content: statusBadge('status', status.status) },
    { name: 'uptime', content: uptimeFigureBadge('platform', lowest(everyone)) },
    ...[...members].flatMap(([group, components]) => {
      const slug = groupSlugs.get(group) ?? '';
      return [
        { name: `groups/${slug}/status`, content: statusBadge(group, worstStatus(components.map((c) => c.status))) },
        {
          name: `groups/${slug}/uptime`,
          content: uptimeFigureBadge(group, lowest(components.map(({ name }) => thirtyDays(name)))),
        },
      ];
    }),
    ...status.components.flatMap((component) => {
      const slug = componentSlugs.get(component.name) ?? '';
      return [
        { name: `components/${slug}/status`, content: statusBadge(component.name, component.status) },
        {
          name: `components/${slug}/uptime`,
          content: uptimeFigureBadge(component.name, thirtyDays(component.name)),
        },
      ];
    }),
  ];
}
