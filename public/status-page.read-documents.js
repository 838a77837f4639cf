// How the status page reads the API documents it fetches. The status and
// the regions must be whole to be shown; the optional documents are read
// leniently: whatever does not fit is left out, never thrown.

/** True for a plain object, not null and not an array. */
export function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The status document, whole: its region, time and each component's name and state. */
export function isServiceStatus(value) {
  return (
    isRecord(value) &&
    typeof value.status === 'string' &&
    typeof value.region === 'string' &&
    typeof value.updated_at === 'string' &&
    !Number.isNaN(Date.parse(value.updated_at)) &&
    Array.isArray(value.components) &&
    value.components.every(
      (component) => isRecord(component) && typeof component.name === 'string' && typeof component.status === 'string',
    )
  );
}

/** The regions document: every region with its code, name, zone, country and declared state. */
export function isRegionList(value) {
  return (
    isRecord(value) &&
    Array.isArray(value.data) &&
    value.data.every(
      (region) =>
        isRecord(region) &&
        ['code', 'name', 'zone', 'country', 'status'].every((key) => typeof region[key] === 'string'),
    )
  );
}

/** A column of the uptime summary: one entry a day. */
function isDayColumn(value, length) {
  return Array.isArray(value) && value.length === length;
}

/**
 * Parses the `/api/v1/uptime` summary leniently: each component's name,
 * slug, uptime figures and its days as columns, `first_day` the first of
 * them; whatever does not fit is left out, never thrown.
 */
export function readUptime(body) {
  if (!isRecord(body) || !Array.isArray(body.components)) return undefined;
  if (!Number.isInteger(body.interval_seconds) || body.interval_seconds <= 0) return undefined;
  if (typeof body.first_day !== 'string' || Number.isNaN(Date.parse(`${body.first_day}T00:00:00Z`))) return undefined;
  const components = body.components.filter(
    (component) =>
      isRecord(component) &&
      typeof component.name === 'string' &&
      typeof component.slug === 'string' &&
      isRecord(component.uptime) &&
      isRecord(component.days) &&
      Array.isArray(component.days.worst_status) &&
      isDayColumn(component.days.uptime_percent, component.days.worst_status.length) &&
      isDayColumn(component.days.down_seconds, component.days.worst_status.length),
  );
  return { interval_seconds: body.interval_seconds, first_day: body.first_day, components };
}

/** One component's detail document (`/api/v1/component-history/{slug}.json`): its uptime, days and latency. */
export function readComponentHistory(body) {
  if (!isRecord(body) || typeof body.name !== 'string' || !isRecord(body.uptime)) return undefined;
  if (!Array.isArray(body.days) || !Array.isArray(body.latency)) return undefined;
  const days = body.days.filter((day) => isRecord(day) && typeof day.date === 'string');
  const latency = body.latency.filter((hour) => isRecord(hour) && typeof hour.hour === 'string');
  return { name: body.name, uptime: body.uptime, days, latency };
}

/**
 * The open incidents of Statuspage's `/api/v2/incidents/unresolved.json`, one
 * per component they name, as `{ component, started_at, resolved_at: null }`
 * (with `notice`, the notice's id, for a team's notice: its shortlink's
 * anchor is `notice-ID`): since when each is broken, without the whole
 * incident history.
 */
export function readUnresolved(body) {
  if (!isRecord(body) || !Array.isArray(body.incidents)) return undefined;
  return body.incidents.flatMap((incident) =>
    isRecord(incident) &&
    typeof incident.started_at === 'string' &&
    !Number.isNaN(Date.parse(incident.started_at)) &&
    Array.isArray(incident.components)
      ? incident.components
          .filter((component) => isRecord(component) && typeof component.name === 'string')
          .map((component) => ({
            component: component.name,
            started_at: incident.started_at,
            resolved_at: null,
            notice: noticeOfShortlink(incident.shortlink),
          }))
      : [],
  );
}

/** The notice a Statuspage incident's shortlink points at (`…#notice-ID`); null for the probe's own. */
function noticeOfShortlink(shortlink) {
  return typeof shortlink === 'string' ? (/#notice-([a-z0-9-]+)$/.exec(shortlink)?.[1] ?? null) : null;
}

/** The incidents that name their component and when they started. */
export function readIncidents(body) {
  if (!isRecord(body) || !Array.isArray(body.incidents)) return undefined;
  return body.incidents.filter(
    (incident) =>
      isRecord(incident) &&
      typeof incident.component === 'string' &&
      typeof incident.started_at === 'string' &&
      !Number.isNaN(Date.parse(incident.started_at)),
  );
}

/** The notices with an id, a title, components and at least one update. */
export function readNotices(body) {
  if (!isRecord(body) || !Array.isArray(body.notices)) return undefined;
  return body.notices.filter(
    (notice) =>
      isRecord(notice) &&
      typeof notice.id === 'string' &&
      typeof notice.title === 'string' &&
      Array.isArray(notice.components) &&
      Array.isArray(notice.updates) &&
      notice.updates.length > 0 &&
      notice.updates.every(
        (update) => isRecord(update) && typeof update.at === 'string' && typeof update.text === 'string',
      ),
  );
}

/** The timestamp a field holds, or null (also for a field that is not one). */
const timestampOrNull = (value) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null);

/**
 * Parses `/api/v1/heartbeats` leniently, as a map by component name of
 * `{ last_push_at, not_judged_until }` (each a timestamp or null), empty
 * where the config has none; undefined when it is not a heartbeats document.
 */
export function readHeartbeats(body) {
  if (!isRecord(body) || !Array.isArray(body.components)) return undefined;
  return new Map(
    body.components
      .filter((component) => isRecord(component) && typeof component.name === 'string')
      .map((component) => [
        component.name,
        {
          last_push_at: timestampOrNull(component.last_push_at),
          not_judged_until: timestampOrNull(component.not_judged_until),
        },
      ]),
  );
}

/**
 * Parses `/api/v1/observations` leniently: undefined when it is not an
 * observations document; components and peers that do not fit are left out.
 */
export function readObservations(body) {
  if (!isRecord(body) || typeof body.region !== 'string' || typeof body.observed_at !== 'string') return undefined;
  if (Number.isNaN(Date.parse(body.observed_at)) || !Array.isArray(body.components) || !Array.isArray(body.peers)) {
    return undefined;
  }
  const components = body.components.filter(
    (component) =>
      isRecord(component) &&
      typeof component.name === 'string' &&
      typeof component.status === 'string' &&
      (component.vote === null || isVote(component.vote)),
  );
  const peers = body.peers.filter(
    (peer) =>
      isRecord(peer) &&
      typeof peer.region === 'string' &&
      typeof peer.outcome === 'string' &&
      (peer.observed_at === null || typeof peer.observed_at === 'string') &&
      Array.isArray(peer.components),
  );
  return { region: body.region, observed_at: body.observed_at, components, peers };
}

function isVote(vote) {
  return (
    isRecord(vote) &&
    typeof vote.outcome === 'string' &&
    ['configured', 'quorum', 'answered', 'outage'].every((key) => Number.isInteger(vote[key]))
  );
}
