// The human status page. It fetches the API documents from its own origin
// and renders them with DOM calls only: no innerHTML, no inline styles and no
// inline script, so a strict Content-Security-Policy holds. This module wires
// the state to the page's sections and keeps them current.

import { certificateNotes, createComponentCard } from './status-page.component-cards.js';
import { createComponentEntries } from './status-page.component-groups.js';
import { element, forgetDrawings, renderOnce, setText } from './status-page.dom.js';
import { t } from './status-page.i18n.js';
import { renderIncidents, renderIncidentsOnRequest } from './status-page.incident-history.js';
import { refreshDocuments, requestIncidents } from './status-page.refresh.js';
import { renderRegionsTable } from './status-page.regions-table.js';
import { startWords, wireSwitches } from './status-page.settings.js';
import { assignSlugs, componentCalendarPath, componentFeedPath, groupFeedPath } from './status-page.shared.js';
import {
  affectedInGroups,
  isLargePage,
  judgedNotices,
  judgeObservations,
  page,
  revisionOf,
  serverNow,
} from './status-page.state.js';
import { renderFreshness, renderSummary } from './status-page.summary.js';
import { describeDuration, describeSpan } from './status-page.words.js';

/** How often the documents are fetched again. */
const REFRESH_INTERVAL_MS = 15_000;
/** How often "updated N seconds ago" is redrawn. */
const TICK_INTERVAL_MS = 1_000;

/**
 * The sections only some pages show, each module imported when the documents
 * first call for it, so that a small page downloads none of them: the team's
 * notices (where there are any), the "Now affected" list (a large page) and
 * the view from every region (where the
 * probe has peers). Absent until
 * imported.
 */
const sections = { notices: undefined, affected: undefined, vantage: undefined };
/** The imports under way or done, by section; a failed one is forgotten, to be tried again on the next refresh. */
const importing = {};

function importSection(key, load) {
  importing[key] ??= load().then(
    (module) => {
      sections[key] = module;
    },
    () => {
      importing[key] = undefined;
    },
  );
  return importing[key];
}

/**
 * Imports the modules of the sections the documents now call for, all at
 * once: as soon as the status says the page is large, and again when every
 * document is in.
 */
function importWantedSections() {
  return Promise.all([
    page.notices?.length > 0 ? importSection('notices', () => import('./status-page.notices-banner.js')) : undefined,
    affectedInGroups() ? importSection('affected', () => import('./status-page.affected-list.js')) : undefined,
    page.observations?.peers.length > 0
      ? importSection('vantage', () => import('./status-page.vantage-matrix.js'))
      : undefined,
  ]);
}

/** The incidents the cards' since-when comes from: the whole history where loaded, else the open ones. */
function knownIncidents() {
  return page.incidents ?? page.openIncidents;
}

/** Each notice's id and state as judged now: a maintenance's window opening redraws what shows it. */
function noticeStatesOf(notices) {
  return (notices ?? []).map((notice) => `${notice.id}=${notice.state}`).join('\n');
}

/** This cycle's failing observations by component name: `{ failure_class, failure_reason }`. */
function observedFailures() {
  return new Map(
    (page.observations?.components ?? [])
      .filter((component) => typeof component.failure_reason === 'string')
      .map((component) => [component.name, component]),
  );
}

function renderComponents(notices) {
  const list = element('components');
  const components = page.status?.components ?? [];
  const uptime = page.uptime;
  const nowMs = serverNow().getTime();
  const history = {
    uptime,
    uptimeByName: new Map((uptime?.components ?? []).map((component) => [component.name, component])),
    incidents: knownIncidents(),
    notices,
    certificates: certificateNotes(page.observations, nowMs),
    heartbeats: page.heartbeats,
    observed: observedFailures(),
    updatedAt: page.status?.updated_at,
    nowMs,
  };
  const { groups } = page;
  const large = isLargePage();
  // Documents are compared by revision, not by content: a thousand components' history is megabytes to compare.
  const revisions = ['uptime', 'incidents', 'openIncidents', 'notices', 'groups', 'heartbeats'].map(revisionOf);
  const states = noticeStatesOf(notices);
  // What the checks said of each failing component this cycle: a new reason redraws its card.
  const failures = [...history.observed].map(([name, { failure_reason }]) => `${name}=${failure_reason}`);
  const drawn = { components, large, revisions, states, failures, certificates: history.certificates };
  renderOnce(list, drawn, () => {
    // Each feed's path by the slug rule its writer named it by (status-page.shared.js), in config order as listed.
    const componentSlugs = assignSlugs(components.map((component) => component.name));
    const groupSlugs = assignSlugs((groups ?? []).map((group) => group.name));
    const cards = {
      ...history,
      feedOf: (name) => componentFeedPath(componentSlugs.get(name)),
      calendarOf: (name) => componentCalendarPath(componentSlugs.get(name)),
    };
    list.replaceChildren(
      ...createComponentEntries(components, groups, (component) => createComponentCard(component, cards), {
        collapsed: large,
        openGroups: page.openGroups,
        feedOf: (name) => groupFeedPath(groupSlugs.get(name)),
      }),
    );
  });
  const affected = element('affected');
  const { affected: affectedList } = sections;
  // Listed apart only where a closed group hides one; the components in no group show their cards first.
  const wanted = affectedInGroups();
  renderOnce(affected, { components, wanted, revisions, states, failures, loaded: affectedList !== undefined }, () => {
    element('affected-section').hidden =
      !wanted ||
      affectedList === undefined ||
      !affectedList.renderAffected(affected, components, {
        incidents: history.incidents,
        notices,
        groups,
        observed: history.observed,
      });
  });
  element('components-empty').hidden = components.length > 0;
  const note = element('history-note');
  note.hidden = page.uptime !== undefined || !page.status;
  setText(note, t('components.noHistory'));
}

function renderTeamNotices(notices) {
  const section = element('notices-section');
  const container = element('notices');
  const { notices: banner } = sections;
  renderOnce(container, { notices: notices ?? [], loaded: banner !== undefined }, () => {
    section.hidden = banner === undefined || !banner.renderNotices(container, notices ?? []);
  });
}

function renderIncidentHistory(notices) {
  const section = element('incidents-section');
  const container = element('incidents');
  const onRequest = isLargePage() && !page.incidentsWanted;
  section.hidden = !onRequest && page.incidents === undefined && notices === undefined;
  if (onRequest) {
    renderOnce(container, 'on request', () =>
      renderIncidentsOnRequest(container, () => {
        void requestIncidents().then(render);
      }),
    );
    return;
  }
  // The 90-day window moves by the day; redrawing on a new day is enough.
  const today = serverNow().toISOString().slice(0, 10);
  const states = noticeStatesOf(notices);
  renderOnce(container, { revisions: [revisionOf('incidents'), revisionOf('notices')], states, today }, () =>
    renderIncidents(container, page.incidents, notices, serverNow().getTime(), {
      shown: page.incidentsShown,
      onShown: (count) => {
        page.incidentsShown = count;
      },
    }),
  );
}

function renderVantage() {
  const section = element('vantage-section');
  const container = element('vantage');
  const { observations } = page;
  const { vantage } = sections;
  renderOnce(
    container,
    { observations, status: page.status, regions: page.regions, loaded: vantage !== undefined },
    () => {
      section.hidden =
        vantage === undefined ||
        !vantage.renderVantageMatrix(container, element('vantage-as-of'), observations, page.status, page.regions);
    },
  );
  // Old observations are greyed and said to be old, by the same rule as the status.
  const judged = judgeObservations();
  section.dataset.freshness = judged?.kind ?? 'none';
  const stale = element('vantage-stale');
  stale.hidden = judged === undefined || judged.kind === 'fresh';
  setText(
    stale,
    judged?.kind === 'stale'
      ? t('vantage.stale', { age: describeDuration(judged.ageMs) })
      : judged?.kind === 'future'
        ? t('vantage.future', { ahead: describeDuration(judged.aheadMs) })
        : '',
  );
}

/** Updates every running "for 38 min" (a node's `data-since`) on the page; called once a second. */
function tickDurations(now) {
  for (const node of document.querySelectorAll('[data-since]')) {
    const text = describeSpan(now - Date.parse(node.dataset.since));
    if (node.textContent !== text) node.textContent = text;
  }
}

function render() {
  setText(element('refresh-note'), t('footer.refresh', { interval: describeDuration(REFRESH_INTERVAL_MS) }));
  renderSummary(REFRESH_INTERVAL_MS);
  renderFreshness();
  // Each maintenance in the state its window gives it now, the same for every section.
  const notices = judgedNotices();
  renderTeamNotices(notices);
  renderComponents(notices);
  renderVantage();
  renderIncidentHistory(notices);
  renderRegionsTable(page.regions, page.regionsProblem);
  tickDurations(serverNow().getTime());
}

/**
 * Marks the first full render for the bench and the browser tests: after the
 * frame that shows it, `performance.mark('status-rendered')` and
 * `<html data-rendered="true">`.
 */
function markRendered() {
  if (document.documentElement.dataset.rendered !== undefined) return;
  document.documentElement.dataset.rendered = 'pending';
  requestAnimationFrame(() =>
    setTimeout(() => {
      performance.mark('status-rendered');
      document.documentElement.dataset.rendered = 'true';
    }, 0),
  );
}

let refreshes = 0;
/** The visitor's language, loaded while the first documents are on their way. */
const wordsReady = startWords();

async function refresh() {
  if (await refreshDocuments(importWantedSections)) {
    await Promise.all([importWantedSections(), wordsReady]);
    render();
    markRendered();
    // How many refreshes have been drawn: what the browser tests wait for.
    refreshes += 1;
    document.documentElement.dataset.refreshes = String(refreshes);
  }
}

function tick() {
  renderSummary(REFRESH_INTERVAL_MS);
  renderFreshness();
  tickDurations(serverNow().getTime());
}

wireSwitches(() => {
  // Every section is drawn again in the new words or time zone; the documents are as they were.
  forgetDrawings();
  if (page.status !== undefined || page.statusProblem !== undefined) render();
});
void refresh();
setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
setInterval(tick, TICK_INTERVAL_MS);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
