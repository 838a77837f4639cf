import { createHash } from 'node:crypto';
import { FAILURE_CLASSES, type FailureClass } from '../schemas/failure-class.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { rankStatus, type StatusValue } from '../schemas/status-value.js';
import type { CycleRecord, RegionCount } from './cycle-record.js';

/**
 * Published states that open an incident. `under_maintenance` does not: it
 * is planned and announced, and it resolves an incident in progress like
 * `operational` does.
 */
export const INCIDENT_STATES: ReadonlySet<StatusValue> = new Set([
  'degraded_performance',
  'partial_outage',
  'major_outage',
]);

/** An incident as history keeps it. */
export interface IncidentRecord {
  readonly id: string;
  readonly component: string;
  readonly worst: StatusValue;
  readonly startedMs: number;
  /** `null` while ongoing. */
  readonly resolvedMs: number | null;
  /** In `FAILURE_CLASSES` order. */
  readonly failureClasses: readonly FailureClass[];
  readonly lastFailure: { readonly class: FailureClass; readonly httpStatus: number | null } | null;
  /** The cycle in which the most vantage points saw an outage; `null` where no vote among regions was taken. */
  readonly regions: RegionCount | null;
  /** When anything above last changed (the duration aside): start, worse state, new failure, wider vote, resolution. */
  readonly updatedMs: number;
  /** The team's notice whose declaration was published during it: the notice is then the incident. */
  readonly notice: string | null;
}

/**
 * The larger of two counts of vantage points that saw an outage: an incident
 * says how widely it was seen at its widest. On a tie the later count wins,
 * so that a changed number of peers shows.
 */
export function widestRegions(before: RegionCount | null, now: RegionCount | null): RegionCount | null {
  if (before === null) return now;
  if (now === null) return before;
  return now.sawOutage >= before.sawOutage ? now : before;
}

/**
 * The id of the incident of `component` that started at `startedMs`: the
 * component and the start, never a row number, so that it survives a
 * rebuilt database. A short hash of the exact name keeps two names that
 * read alike (`Build Service`, `build-service`) apart.
 */
export function incidentId(component: string, startedMs: number): string {
  const slug =
    component
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'component';
  const stamp = formatTimestamp(new Date(startedMs)).replace(/[-:]/g, '');
  const hash = createHash('sha256').update(component).digest('hex').slice(0, 6);
  return `${slug}-${stamp}-${hash}`;
}

/**
 * What a published cycle does to the incidents, given the ongoing ones by
 * component: a component published in an incident state opens one (or
 * extends its ongoing one: worst state, failure classes, last failure); a
 * component published `operational` or `under_maintenance` resolves its
 * ongoing one at the cycle's time, as does a component no longer probed.
 * A declaration published (`ComponentRecord.notice`) makes the notice the
 * incident: an ongoing incident of the probe's is linked to it from then
 * on, and no second one is opened; when the declaration ends (or another
 * notice's takes over) while the component stays down, the linked one is
 * resolved and the probe's own (or the other notice's) begins. Returns the
 * incidents that changed, one that was resolved before one that began.
 */
export function advanceIncidents(ongoing: ReadonlyMap<string, IncidentRecord>, cycle: CycleRecord): IncidentRecord[] {
  const changed: IncidentRecord[] = [];
  const seen = new Set<string>();
  for (const component of cycle.components) {
    seen.add(component.name);
    let current = ongoing.get(component.name);
    if (!INCIDENT_STATES.has(component.published)) {
      if (current !== undefined) changed.push({ ...current, resolvedMs: cycle.atMs, updatedMs: cycle.atMs });
      continue;
    }
    if (current !== undefined && current.notice !== null && current.notice !== component.notice) {
      changed.push({ ...current, resolvedMs: cycle.atMs, updatedMs: cycle.atMs });
      current = undefined;
    }
    const failures = component.checks.flatMap((check) =>
      check.failureClass === null ? [] : [{ class: check.failureClass, httpStatus: check.httpStatus }],
    );
    const base: IncidentRecord = current ?? {
      id: incidentId(component.name, cycle.atMs),
      component: component.name,
      worst: component.published,
      startedMs: cycle.atMs,
      resolvedMs: null,
      failureClasses: [],
      lastFailure: null,
      regions: null,
      updatedMs: cycle.atMs,
      notice: component.notice,
    };
    const classes = new Set([...base.failureClasses, ...failures.map((failure) => failure.class)]);
    const next: IncidentRecord = {
      ...base,
      worst: rankStatus(component.published) > rankStatus(base.worst) ? component.published : base.worst,
      failureClasses: FAILURE_CLASSES.filter((failureClass) => classes.has(failureClass)),
      lastFailure: failures.at(-1) ?? base.lastFailure,
      regions: widestRegions(base.regions, component.regions),
      notice: component.notice,
    };
    changed.push(sameStory(base, next) ? next : { ...next, updatedMs: cycle.atMs });
  }
  for (const [name, incident] of ongoing) {
    if (!seen.has(name)) changed.push({ ...incident, resolvedMs: cycle.atMs, updatedMs: cycle.atMs });
  }
  return changed;
}

/** Whether two states of one ongoing incident say the same: only its running duration differs. */
function sameStory(a: IncidentRecord, b: IncidentRecord): boolean {
  return (
    a.worst === b.worst &&
    a.failureClasses.join(',') === b.failureClasses.join(',') &&
    a.lastFailure?.class === b.lastFailure?.class &&
    a.lastFailure?.httpStatus === b.lastFailure?.httpStatus &&
    a.regions?.sawOutage === b.regions?.sawOutage &&
    a.regions?.configured === b.regions?.configured &&
    a.notice === b.notice
  );
}
