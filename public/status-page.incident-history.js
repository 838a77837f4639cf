// The incident history: ongoing incidents first, then the last 90 days of
// incidents the probe recorded and notices that are over, newest first: the
// most recent few, and a "Show older" button for the rest.

import { create, createBadge, createFacts, createOwnText, createTime } from './status-page.dom.js';
import { currentWords, t } from './status-page.i18n.js';
import { createNotice, isActiveNotice } from './status-page.notice-card.js';
import { isRecord } from './status-page.read-documents.js';
import { describeFailure, describeSpan, HISTORY_DAYS, statusKey } from './status-page.words.js';

const DAY_MS = 86_400_000;
/** How many more past incidents each "Show older" press shows. */
export const SHOW_OLDER_STEP = 20;

/** Every failure the checks saw during an incident, in words; only the last one carries its HTTP status. */
function describeFailures(incident) {
  const classes = Array.isArray(incident.failure_classes) ? incident.failure_classes : [];
  const words = classes.map((failureClass) =>
    describeFailure(
      incident.last_failure?.class === failureClass
        ? incident.last_failure
        : { class: failureClass, http_status: null },
    ),
  );
  return [...new Set(words)];
}

/** "3 of 4 regions" for a global component's incident; undefined where no vote among regions was taken. */
function describeRegions(regions) {
  if (!isRecord(regions) || !Number.isInteger(regions.saw_outage) || !Number.isInteger(regions.configured)) {
    return undefined;
  }
  return regions.saw_outage === 0
    ? t('incidents.regionsNone', { count: regions.configured })
    : t('incidents.regionsSome', { affected: regions.saw_outage, count: regions.configured });
}

function createIncidentItem(incident) {
  const item = create('li', 'incident');
  // The anchor the Statuspage documents' shortlinks point at.
  if (typeof incident.id === 'string') item.id = `incident-${incident.id}`;
  item.dataset.status = statusKey(incident.worst_status);
  const head = create('p', 'incident-head');
  head.append(createOwnText('strong', undefined, incident.component), ' ', createBadge(incident.worst_status));
  const ongoing = incident.resolved_at === null;
  const duration = create('span', undefined, describeSpan(incident.duration_seconds * 1000));
  if (ongoing) duration.dataset.since = incident.started_at;
  const reasons = describeFailures(incident);
  const regions = describeRegions(incident.regions);
  item.append(
    head,
    createFacts([
      [t('incidents.started'), createTime(incident.started_at)],
      [t('incidents.ended'), ongoing ? t('incidents.ongoingValue') : createTime(incident.resolved_at)],
      [ongoing ? t('incidents.lasting') : t('incidents.lasted'), duration],
      ...(reasons.length > 0
        ? [[t('incidents.checksSaw'), new Intl.ListFormat(currentWords().locale, { type: 'unit' }).format(reasons)]]
        : []),
      ...(regions === undefined ? [] : [[t('incidents.seenFrom'), regions]]),
    ]),
  );
  return item;
}

function lastUpdateMs(notice) {
  return Math.max(...notice.updates.map((update) => Date.parse(update.at)));
}

/** The "Show older" button under `list`: each press appends the next entries; `onShown` hears the new count. */
function createShowOlder(list, past, shown, onShown) {
  let count = shown;
  const button = create('button', 'show-older');
  button.type = 'button';
  const label = () => {
    button.textContent = t('incidents.showOlder', { count: past.length - count });
  };
  label();
  button.addEventListener('click', () => {
    const next = past.slice(count, count + SHOW_OLDER_STEP).map((entry) => entry.node());
    list.append(...next);
    count += next.length;
    onShown(count);
    if (count >= past.length) {
      // The button goes; focus moves to the first entry it revealed, not to the page's top.
      next[0]?.setAttribute('tabindex', '-1');
      next[0]?.focus();
      button.remove();
    } else {
      label();
    }
  });
  return button;
}

/**
 * Ongoing incidents first, then the last 90 days of incidents and resolved
 * notices, newest first: `shown` of them, and a "Show older" button for the
 * rest whose presses `onShown(count)` hears.
 */
export function renderIncidents(
  container,
  allIncidents,
  notices,
  nowMs,
  { shown = Infinity, onShown = () => {} } = {},
) {
  // An incident linked to a notice (its declared state was published) is that notice's: shown as the notice only.
  const noticeIds = new Set((notices ?? []).map((notice) => notice.id));
  const incidents = allIncidents?.filter((incident) => !noticeIds.has(incident.notice));
  const ongoing = (incidents ?? []).filter((incident) => incident.resolved_at === null);
  const since = nowMs - HISTORY_DAYS * DAY_MS;
  // Entries create their node only when shown: the history of a thousand components is thousands of them.
  const past = [
    ...(incidents ?? [])
      .filter((incident) => incident.resolved_at !== null && Date.parse(incident.resolved_at) >= since)
      .map((incident) => ({ at: Date.parse(incident.started_at), node: () => createIncidentItem(incident) })),
    ...(notices ?? [])
      .filter((notice) => !isActiveNotice(notice) && notice.state !== 'scheduled' && lastUpdateMs(notice) >= since)
      .map((notice) => ({
        at: Math.min(...notice.updates.map((update) => Date.parse(update.at))),
        node: () => {
          const item = create('li', 'incident incident-notice');
          item.append(createNotice(notice, 4));
          return item;
        },
      })),
  ].sort((a, b) => b.at - a.at);
  const parts = [];
  if (ongoing.length > 0) {
    const list = create('ul', 'incidents');
    list.append(...ongoing.map(createIncidentItem));
    parts.push(create('h3', undefined, t('incidents.ongoing')), list);
  }
  parts.push(create('h3', undefined, t('incidents.lastDays', { count: HISTORY_DAYS })));
  if (past.length > 0) {
    const list = create('ul', 'incidents');
    const first = Math.min(past.length, shown);
    list.append(...past.slice(0, first).map((entry) => entry.node()));
    parts.push(list);
    if (first < past.length) parts.push(createShowOlder(list, past, first, onShown));
  } else {
    // Beside an ongoing incident, "no incidents" would contradict it: none besides it.
    const none = ongoing.length > 0 ? 'incidents.noneOther' : 'incidents.none';
    parts.push(create('p', 'empty', t(none, { count: HISTORY_DAYS })));
  }
  container.replaceChildren(...parts);
}

/** On a large page, before the visitor asks: a button that loads the incident history. */
export function renderIncidentsOnRequest(container, onRequest) {
  const note = create('p', 'note', t('incidents.onRequestNote', { count: HISTORY_DAYS }));
  const button = create('button', 'load-incidents', t('incidents.load', { count: HISTORY_DAYS }));
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = t('incidents.loading');
    onRequest();
  });
  container.replaceChildren(note, button);
}
