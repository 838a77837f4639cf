import type { Incident } from '../schemas/incidents.js';
import type { MaintenanceNotice, Notice } from '../schemas/notice.js';
import type { Region } from '../schemas/region.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import { NOTICE_STATE_LABELS, STATUS_LABELS } from '../schemas/state-labels.js';
import { componentSince } from './component-since.js';
import { renderLinkItem, STATUS_LINKS } from './document-links.js';
import { escapeMarkdown } from './escape-markdown.js';

/** What `status.md` is rendered from: the cycle's published status and what was published beside it. */
export interface StatusMarkdownInput {
  readonly status: ServiceStatus;
  /** When the status goes stale: three probe intervals after `updated_at` (`staleAfterMs`), UTC. */
  readonly staleAfter: string;
  /** The notices the cycle applied. */
  readonly notices: readonly Notice[];
  /** The history's incidents, newest first; `undefined` where no history is kept. */
  readonly incidents: readonly Incident[] | undefined;
  /** The platform's regions (`/api/v1/regions`); `undefined` when none are published. */
  readonly regions: readonly Region[] | undefined;
  /** `public_url`, for absolute links; root-relative without it. */
  readonly siteUrl: string | undefined;
}

/** The line that says when the status goes stale; `serve` reads the time back from it (`readStaleAfter`). */
export const STALE_AFTER_LABEL = 'Stale after:';

/** The state as the documents say it, and in words: `` `major_outage` (Major outage) ``. */
function stateOf(state: ServiceStatus['status']): string {
  return `\`${state}\` (${STATUS_LABELS[state]})`;
}

function latestUpdate(notice: Notice): { at: string; state: string; text: string } {
  const updates: readonly { at: string; state: keyof typeof NOTICE_STATE_LABELS; text: string }[] = notice.updates;
  const latest = updates.reduce((newest, update) => (update.at > newest.at ? update : newest));
  return { at: latest.at, state: NOTICE_STATE_LABELS[latest.state], text: latest.text };
}

function renderNotice(notice: Notice): string[] {
  const update = latestUpdate(notice);
  const affected =
    notice.components.length === 0 ? 'the whole platform' : notice.components.map(escapeMarkdown).join(', ');
  const window = notice.kind === 'maintenance' ? [`- Window: ${notice.window.start} to ${notice.window.end}`] : [];
  return [
    `### ${escapeMarkdown(notice.title)}`,
    '',
    `- State: \`${notice.state}\` (${NOTICE_STATE_LABELS[notice.state]})`,
    `- Affects: ${affected}`,
    ...window,
    `- Latest update, ${update.at} (${update.state}): ${escapeMarkdown(update.text)}`,
    '',
  ];
}

function renderNoticeSection(heading: string, notices: readonly Notice[], none: string): string[] {
  return [`## ${heading}`, '', ...(notices.length === 0 ? [none, ''] : notices.flatMap(renderNotice))];
}

/** Maintenance in progress first, then the upcoming, each by its start. */
function byWindow(a: MaintenanceNotice, b: MaintenanceNotice): number {
  if (a.state !== b.state) return a.state === 'in_progress' ? -1 : 1;
  return a.window.start.localeCompare(b.window.start);
}

/**
 * `/status.md`: the status for a reader that is not a browser. A heading per
 * section (the overall state, the components' table, the open incidents,
 * the maintenance, the regions, the documents), every time in UTC, every
 * state as the JSON documents spell it, and the time it goes stale. Text
 * written by people is escaped, never markup. Pure.
 */
export function renderStatusMarkdown({
  status,
  staleAfter,
  notices,
  incidents,
  regions,
  siteUrl,
}: StatusMarkdownInput): string {
  const since = (name: string, state: ServiceStatus['status']) =>
    componentSince(name, state, { incidents, notices }) ?? 'not recorded';
  const openIncidents = notices.filter((notice) => notice.kind === 'incident' && notice.state !== 'resolved');
  const maintenance = notices
    .filter((notice): notice is MaintenanceNotice => notice.kind === 'maintenance' && notice.state !== 'completed')
    .sort(byWindow);
  const detected = (incidents ?? []).filter((incident) => incident.resolved_at === null);
  const lines = [
    `# Status of ${escapeMarkdown(status.region)}: ${STATUS_LABELS[status.status]}`,
    '',
    `- Overall: ${stateOf(status.status)}`,
    `- Region: ${escapeMarkdown(status.region)}`,
    `- Updated at: ${status.updated_at}`,
    `- ${STALE_AFTER_LABEL} ${staleAfter}`,
    '',
    'All times are UTC. A status older than its stale-after time may no longer be true: the probe may have stopped.',
    '',
    '## Components',
    '',
    '| Component | State | Since |',
    '| --- | --- | --- |',
    ...status.components.map(
      ({ name, status: state }) => `| ${escapeMarkdown(name)} | ${stateOf(state)} | ${since(name, state)} |`,
    ),
    '',
    ...renderNoticeSection('Open incidents', openIncidents, 'No open incident notices.'),
    ...(detected.length === 0
      ? []
      : [
          'Seen by the probe:',
          '',
          ...detected.map(
            (incident) =>
              `- ${escapeMarkdown(incident.component)}: worst \`${incident.worst_status}\` since ${incident.started_at}`,
          ),
          '',
        ]),
    ...renderNoticeSection('Maintenance', maintenance, 'No maintenance in progress or scheduled.'),
    '## Regions',
    '',
    ...(regions === undefined || regions.length === 0
      ? ['No regions published.']
      : [
          '| Code | Name | Zone | Country | State |',
          '| --- | --- | --- | --- | --- |',
          ...regions.map(
            (region) =>
              `| ${region.code} | ${escapeMarkdown(region.name)} | ${escapeMarkdown(region.zone)} | ${region.country} | ${stateOf(region.status)} |`,
          ),
        ]),
    '',
    '## Documents',
    '',
    ...STATUS_LINKS.map((link) => renderLinkItem(siteUrl, link)),
  ];
  return `${lines.join('\n')}\n`;
}
