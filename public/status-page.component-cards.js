// The component cards: each component's name and state, since when and
// why it is not operational, a certificate about to expire, its 90 days
// (today brought up to the status), and its details (latency, uptime by
// period) on demand. Every colour is paired with words.

import { createDayBar, daysOf } from './status-page.day-bar.js';
import {
  create,
  createBadge,
  createCalendarLink,
  createFeedLink,
  createMessage,
  createOwnText,
  createTime,
} from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { isActiveNotice } from './status-page.notice-card.js';
import { isRecord } from './status-page.read-documents.js';
import { bringTodayUpToDate, takeOutDowntime, utcDate } from './status-page.today.js';
import {
  describeCertificateExpiry,
  describeFailedCheck,
  describeFailure,
  formatDay,
  formatPercent,
  HISTORY_DAYS,
  statusKey,
} from './status-page.words.js';

/**
 * The certificate notes to show, from the observations: one `{ name, text }`
 * per component whose certificate the probe found inside its warning window
 * (`certificate_warning`). The text changes once a day, not every cycle, so
 * the cards are not redrawn for it.
 */
export function certificateNotes(observations, nowMs) {
  if (!observations) return [];
  return observations.components.flatMap((component) =>
    typeof component.certificate_warning === 'string' &&
    typeof component.certificate_expires_at === 'string' &&
    !Number.isNaN(Date.parse(component.certificate_expires_at))
      ? [{ name: component.name, text: describeCertificateExpiry(component.certificate_expires_at, nowMs) }]
      : [],
  );
}

/**
 * The since-when and the reason for a component that is not operational:
 * the title of the team's notice whose declared state is published
 * (`declaredBy`), else what the checks saw, worded as the kind of check that
 * failed where its reason this cycle (`observed`: the observations'
 * `{ failure_class, failure_reason }`) says more than the incident's class.
 */
export function createSince(component, incident, maintenance, declaredBy, observed) {
  if (incident) {
    const duration = create('span', 'since-duration');
    duration.dataset.since = incident.started_at;
    if (declaredBy) {
      return createMessage('p', 'since', 'card.sinceDeclared', {
        time: createTime(incident.started_at),
        duration,
        title: createOwnText('span', 'since-notice', declaredBy.title),
      });
    }
    const failedCheck =
      observed?.failure_class === incident.last_failure?.class
        ? describeFailedCheck(observed?.failure_reason)
        : undefined;
    if (failedCheck) {
      return createMessage('p', 'since', 'card.sinceWhy', {
        time: createTime(incident.started_at),
        duration,
        reason: failedCheck,
      });
    }
    const reason = describeFailure(incident.last_failure);
    return createMessage('p', 'since', reason ? 'card.sinceBecause' : 'card.since', {
      time: createTime(incident.started_at),
      duration,
      reason,
    });
  }
  if (component.status === 'under_maintenance' && maintenance) {
    return createMessage('p', 'since', 'card.maintenanceUntil', { time: createTime(maintenance.window.end) });
  }
  return undefined;
}

/**
 * The "Details" disclosure for `name`, whose detail document is `slug`'s:
 * the module that fetches and draws it is imported when it is first opened.
 * Its uptime figures are `windows`, the card's own (see `createComponentCard`).
 * Closing and opening it again retries a failed load.
 */
function createComponentDetails(name, slug, windows) {
  const details = create('details', 'component-details');
  const summary = create('summary', undefined, t('card.details'));
  summary.append(create('span', 'visually-hidden', t('card.detailsOf', { name })));
  const body = create('div', 'component-details-body');
  details.append(summary, body);
  let loaded = false;
  details.addEventListener('toggle', () => {
    if (!details.open || loaded) return;
    loaded = true;
    body.replaceChildren(create('p', 'note', t('details.loading')));
    void import('./status-page.component-details.js')
      .then((module) => module.loadDetails(body, slug, windows))
      .then(
        (ok) => {
          loaded = ok;
        },
        () => {
          loaded = false;
          body.replaceChildren(create('p', 'notice', t('details.failed')));
        },
      );
  });
  return details;
}

/** The ongoing incident of `name` among `incidents`, if any. */
export function findOngoing(incidents, name) {
  return incidents?.find((each) => each.component === name && each.resolved_at === null);
}

/**
 * The notice an incident is linked to (its declared state was published), if
 * it is among `notices` and still active: a notice resolved while the
 * component stays down no longer speaks for it, even before the incidents
 * document says whose incident follows.
 */
export function findDeclaringNotice(notices, incident) {
  return typeof incident?.notice === 'string'
    ? notices?.find((notice) => notice.id === incident.notice && isActiveNotice(notice))
    : undefined;
}

/** The active maintenance notice naming `name`, if any. */
export function findMaintenance(notices, name) {
  return notices?.find(
    (notice) => notice.kind === 'maintenance' && isActiveNotice(notice) && notice.components.includes(name),
  );
}

/** Each uptime window of the summary, and the days it spans. */
const UPTIME_WINDOW_DAYS = { last_24h: 1, last_7d: 7, last_30d: 30, last_90d: HISTORY_DAYS };

/**
 * "99.95% uptime over the last 90 days", or "100% uptime since Wed, 25 Nov
 * 2026 (UTC)" while the history is younger than the window: what the figure
 * rests on, never 90 days after ten seconds of data.
 */
function createUptimeFigure(days, figure) {
  const first = days.findIndex((day) => day.worst_status !== null);
  if (first === -1 || typeof figure?.uptime_percent !== 'number') {
    return create('p', 'uptime-figure', t('uptime.none'));
  }
  const percent = create('strong', undefined, formatPercent(figure.uptime_percent));
  return first === 0
    ? createMessage('p', 'uptime-figure', 'uptime.overDays', { percent, count: days.length })
    : createMessage('p', 'uptime-figure', 'uptime.since', { percent, day: formatDay(days[first].date) });
}

/**
 * What a heartbeat component's card says of its pushes: while it waits for
 * its first and is published operational, that it is not judged yet (a green
 * it never measured would say more than it knows); else when it was last
 * heard from, if ever.
 */
function createHeartbeatNote(component, { last_push_at, not_judged_until }) {
  if (not_judged_until !== null && component.status === 'operational') {
    return createMessage('p', 'heartbeat-note', 'card.heartbeatWaiting', { time: createTime(not_judged_until) });
  }
  if (last_push_at !== null) {
    return createMessage('p', 'heartbeat-note', 'card.heartbeatLast', { time: createTime(last_push_at) });
  }
  return undefined;
}

/**
 * One component's card: name and status, since when and why, its 90 days,
 * its details on demand and its feed. `incidents` are the open (or all)
 * incidents known; `uptimeByName` the uptime summary's components by name;
 * `observed` this cycle's observations by name (what failed, in the checks'
 * words); `updatedAt` the status's time and `nowMs` the server's now, to bring today
 * up to the status while the history has not caught up; `feedOf` the path of
 * a component's feed by its name, `calendarOf` of its maintenance calendar.
 */
export function createComponentCard(
  component,
  {
    uptime,
    uptimeByName,
    incidents,
    notices,
    certificates,
    heartbeats,
    observed,
    updatedAt,
    nowMs,
    feedOf,
    calendarOf,
  },
) {
  const key = statusKey(component.status);
  const item = create('li', 'component');
  item.dataset.status = key;
  const head = create('div', 'component-head');
  head.append(
    createOwnText('span', 'component-name', component.name),
    create('span', 'visually-hidden', ': '),
    createBadge(component.status),
  );
  // Today's p95 beside the state, from the uptime summary the first visit reads (the detail document's today).
  const history = uptimeByName?.get(component.name);
  const p95 = history?.today_p95_ms;
  if (typeof p95 === 'number' && Number.isFinite(p95)) {
    head.lastElementChild.before(create('span', 'component-p95', t('card.p95Today', { p95 })));
  }
  item.append(head);

  const ongoing = findOngoing(incidents, component.name);
  if (component.status !== 'operational') {
    const since = createSince(
      component,
      ongoing,
      findMaintenance(notices, component.name),
      findDeclaringNotice(notices, ongoing),
      observed?.get(component.name),
    );
    if (since) item.append(since);
  }
  const certificate = certificates?.find((each) => each.name === component.name);
  if (certificate) item.append(create('p', 'certificate-note', certificate.text));
  const heartbeat = heartbeats?.get(component.name);
  if (heartbeat) {
    const note = createHeartbeatNote(component, heartbeat);
    if (note) item.append(note);
  }

  // The card's foot: its details, and beside them the links a component has (its feed, where one is published).
  const foot = create('div', 'component-foot');
  if (history) {
    const { days, extraDownSeconds } = bringTodayUpToDate(daysOf(uptime.first_day, history.days).slice(-HISTORY_DAYS), {
      status: component.status,
      startedAt: ongoing?.started_at,
      updatedAt,
      nowMs,
    });
    // The card's figure and the Details panel's come from the same document brought up to the same moment:
    // the detail document is fetched later, so its own figures would disagree with the card's.
    const windows = Object.fromEntries(
      Object.entries(UPTIME_WINDOW_DAYS).map(([key, windowDays]) => [
        key,
        takeOutDowntime(isRecord(history.uptime[key]) ? history.uptime[key] : undefined, extraDownSeconds, windowDays),
      ]),
    );
    item.append(createUptimeFigure(days, windows.last_90d), createDayBar(component.name, days, utcDate(nowMs)));
    foot.append(createComponentDetails(component.name, history.slug, windows));
  }
  if (feedOf) foot.append(createFeedLink(feedOf(component.name), component.name));
  if (calendarOf) foot.append(createCalendarLink(calendarOf(component.name), component.name));
  if (foot.childElementCount > 0) item.append(foot);
  return item;
}
