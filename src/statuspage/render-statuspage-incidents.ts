import { everDeclared, listImpactChanges } from '../notices/declared-impact.js';
import type { Incident } from '../schemas/incidents.js';
import type { IncidentNotice, Notice } from '../schemas/notice.js';
import { STATUS_LABELS } from '../schemas/state-labels.js';
import { type StatusValue, worstStatus } from '../schemas/status-value.js';
import type { StatuspageMemberComponent } from '../schemas/statuspage/statuspage-component.js';
import type { StatuspageIncident, StatuspageIncidentUpdate } from '../schemas/statuspage/statuspage-incident.js';
import { statuspageId } from './statuspage-id.js';
import { statuspageShortlink } from './statuspage-links.js';
import { impactOfState } from './statuspage-vocabulary.js';

export interface IncidentsSource {
  /** The probe's incidents (`/api/v1/incidents`), any order. */
  readonly incidents: readonly Incident[];
  /** The team's notices; only those about incidents are taken. */
  readonly notices: readonly Notice[];
  /** Each component as it is now, by name. */
  readonly components: ReadonlyMap<string, StatuspageMemberComponent>;
  readonly pageId: string;
  readonly pageUrl: string;
}

/**
 * Every incident, newest start first (ties by id): the probe's, each with an
 * `investigating` update at its start and a `resolved` one at its end, and
 * the team's incident notices with their own updates. A history incident
 * linked to a notice (its declared state was published) is that notice's,
 * and shows only as the notice. A notice's impact is the worst state it
 * ever declared or its components were published in while it was open (the
 * incidents that overlap it, and their state now if it is still open).
 */
export function renderStatuspageIncidents(source: IncidentsSource): StatuspageIncident[] {
  const notices = source.notices.filter((notice): notice is IncidentNotice => notice.kind === 'incident');
  const noticeIds = new Set(notices.map((notice) => notice.id));
  const rendered = [
    ...source.incidents
      .filter((incident) => !noticeIds.has(incident.notice ?? ''))
      .map((incident) => renderProbeIncident(incident, source)),
    ...notices.map((notice) => renderNoticeIncident(notice, source)),
  ];
  return rendered.sort(
    (a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

function renderProbeIncident(incident: Incident, source: IncidentsSource): StatuspageIncident {
  const id = statuspageId('incident', incident.id);
  const component = source.components.get(incident.component);
  const code = statuspageId('component', incident.component);
  const words = STATUS_LABELS[incident.worst_status].toLowerCase();
  const affected = (from: StatusValue, to: StatusValue) => [
    { code, name: incident.component, old_status: from, new_status: to },
  ];
  const updates: StatuspageIncidentUpdate[] = [
    update(id, `${incident.id}:start`, 'investigating', incident.started_at, {
      body: `The probe's checks found ${incident.component} in ${words}.`,
      affected: affected('operational', incident.worst_status),
    }),
  ];
  if (incident.resolved_at !== null) {
    updates.unshift(
      update(id, `${incident.id}:end`, 'resolved', incident.resolved_at, {
        body: `${incident.component} is operational again.`,
        affected: affected(incident.worst_status, 'operational'),
      }),
    );
  }
  return {
    id,
    name: `${incident.component}: ${words}`,
    status: incident.resolved_at === null ? 'investigating' : 'resolved',
    created_at: incident.started_at,
    updated_at: incident.updated_at,
    monitoring_at: null,
    resolved_at: incident.resolved_at,
    impact: impactOfState(incident.worst_status),
    shortlink: statuspageShortlink(source.pageUrl, `incident-${incident.id}`),
    started_at: incident.started_at,
    page_id: source.pageId,
    incident_updates: updates,
    components: component === undefined ? [] : [component],
  };
}

function renderNoticeIncident(notice: IncidentNotice, source: IncidentsSource): StatuspageIncident {
  const id = statuspageId('notice', notice.id);
  const first = notice.updates[0]?.at ?? '';
  const last = notice.updates.at(-1)?.at ?? first;
  const resolvedAt = notice.state === 'resolved' ? last : null;
  const names = notice.components.length > 0 ? notice.components : [...source.components.keys()];
  const components = names.flatMap((name) => {
    const component = source.components.get(name);
    return component === undefined ? [] : [component];
  });
  const changes = listImpactChanges(notice);
  return {
    id,
    name: notice.title,
    // Statuspage's state for a resolved incident with its postmortem published.
    status: notice.state === 'resolved' && notice.postmortem !== undefined ? 'postmortem' : notice.state,
    created_at: first,
    updated_at: last,
    monitoring_at: notice.updates.find((each) => each.state === 'monitoring')?.at ?? null,
    resolved_at: resolvedAt,
    impact: impactOfState(worstStatus([...everDeclared(notice), worstWhileOpen(names, first, resolvedAt, source)])),
    shortlink: statuspageShortlink(source.pageUrl, `notice-${notice.id}`),
    started_at: first,
    page_id: source.pageId,
    incident_updates: notice.updates
      .map((each, index) =>
        update(id, `${notice.id}:${index}`, each.state, each.at, {
          body: each.text,
          affected:
            changes[index]?.map(({ name, from, to }) => ({
              code: statuspageId('component', name),
              name,
              old_status: from,
              new_status: to,
            })) ?? null,
        }),
      )
      .reverse(),
    components,
  };
}

/** The worst published state of `names` between `startAt` and `endAt` (open: now), as far as the history and status say. */
function worstWhileOpen(
  names: readonly string[],
  startAt: string,
  endAt: string | null,
  source: IncidentsSource,
): StatusValue {
  const startMs = Date.parse(startAt);
  const endMs = endAt === null ? Number.POSITIVE_INFINITY : Date.parse(endAt);
  const overlapping = source.incidents.filter(
    (incident) =>
      names.includes(incident.component) &&
      Date.parse(incident.started_at) <= endMs &&
      (incident.resolved_at === null || Date.parse(incident.resolved_at) >= startMs),
  );
  const now = endAt === null ? names.map((name) => source.components.get(name)?.status ?? 'operational') : [];
  return worstStatus([...overlapping.map((incident) => incident.worst_status), ...now]);
}

function update<S extends StatuspageIncidentUpdate['status']>(
  incidentId: string,
  key: string,
  status: S,
  at: string,
  { body, affected }: { body: string; affected: StatuspageIncidentUpdate['affected_components'] },
) {
  return {
    id: statuspageId('update', key),
    status,
    body,
    incident_id: incidentId,
    created_at: at,
    updated_at: at,
    display_at: at,
    affected_components: affected,
    deliver_notifications: true,
    custom_tweet: null,
    tweet_id: null,
  };
}
