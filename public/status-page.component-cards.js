// The component cards: each component's name and state, since when and
// why it is not operational, a certificate about to expire, its 90 days,
// and its details (latency, uptime by period) on demand. Every colour is
// paired with words.

import { createDayBar } from './status-page.day-bar.js';
import { create, createBadge, createTime } from './status-page.dom.js';
import { isActiveNotice } from './status-page.notice-card.js';
import { isRecord } from './status-page.read-documents.js';
import { describeCertificateExpiry, describeFailure, formatPercent, statusKey } from './status-page.words.js';

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
      ? [{ name: component.name, text: `${describeCertificateExpiry(component.certificate_expires_at, nowMs)}.` }]
      : [],
  );
}

/** The since-when and the reason for a component that is not operational. */
export function createSince(component, incident, maintenance) {
  const since = create('p', 'since');
  if (incident) {
    since.append('Since ', createTime(incident.started_at), ' (for ');
    const duration = create('span', 'since-duration');
    duration.dataset.since = incident.started_at;
    since.append(duration, ')');
    const reason = describeFailure(incident.last_failure);
    since.append(reason ? `: checks are ${reason}.` : '.');
    return since;
  }
  if (component.status === 'under_maintenance' && maintenance) {
    since.append('Planned maintenance until ', createTime(maintenance.window.end), '.');
    return since;
  }
  return undefined;
}

/**
 * The "Details" disclosure for `name`, whose detail document is `slug`'s:
 * the module that fetches and draws it is imported when it is first opened.
 * Closing and opening it again retries a failed load.
 */
function createComponentDetails(name, slug) {
  const details = create('details', 'component-details');
  const summary = create('summary', undefined, 'Details');
  summary.append(create('span', 'visually-hidden', `: ${name}, uptime and latency`));
  const body = create('div', 'component-details-body');
  details.append(summary, body);
  let loaded = false;
  details.addEventListener('toggle', () => {
    if (!details.open || loaded) return;
    loaded = true;
    body.replaceChildren(create('p', 'note', 'Loading the details…'));
    void import('./status-page.component-details.js')
      .then((module) => module.loadDetails(body, slug))
      .then(
        (ok) => {
          loaded = ok;
        },
        () => {
          loaded = false;
          body.replaceChildren(create('p', 'notice', 'The details could not be loaded.'));
        },
      );
  });
  return details;
}

/** The ongoing incident of `name` among `incidents`, if any. */
export function findOngoing(incidents, name) {
  return incidents?.find((each) => each.component === name && each.resolved_at === null);
}

/** The active maintenance notice naming `name`, if any. */
export function findMaintenance(notices, name) {
  return notices?.find(
    (notice) => notice.kind === 'maintenance' && isActiveNotice(notice) && notice.components.includes(name),
  );
}

/**
 * One component's card: name and status, since when and why, its 90 days
 * and its details on demand. `incidents` are the open (or all) incidents
 * known; `uptimeByName` the uptime summary's components by name.
 */
export function createComponentCard(component, { uptime, uptimeByName, incidents, notices, certificates }) {
  const key = statusKey(component.status);
  const item = create('li', 'component');
  item.dataset.status = key;
  const head = create('div', 'component-head');
  head.append(
    create('span', 'component-name', component.name),
    create('span', 'visually-hidden', ': '),
    createBadge(component.status),
  );
  item.append(head);

  if (component.status !== 'operational') {
    const since = createSince(
      component,
      findOngoing(incidents, component.name),
      findMaintenance(notices, component.name),
    );
    if (since) item.append(since);
  }
  const certificate = certificates?.find((each) => each.name === component.name);
  if (certificate) item.append(create('p', 'certificate-note', certificate.text));

  const history = uptimeByName?.get(component.name);
  if (history) {
    const figure = isRecord(history.uptime.last_90d) ? history.uptime.last_90d.uptime_percent : null;
    const percent = create('p', 'uptime-figure');
    percent.append(create('strong', undefined, formatPercent(figure)), ' uptime over the last 90 days');
    item.append(
      percent,
      createDayBar(component.name, uptime.first_day, history.days),
      createComponentDetails(component.name, history.slug),
    );
  }
  return item;
}
