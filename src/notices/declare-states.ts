import type { Declaration, Declarations } from '../cycle/declarations.js';
import type { MaintenanceNotice, Notice } from '../schemas/notice.js';
import { rankStatus } from '../schemas/status-value.js';
import type { FixedMaintenancePeriod } from '../time/is-under-maintenance.js';
import { currentImpact } from './declared-impact.js';
import { WINDOW_NOTICE_ID_PREFIX } from './maintenance-notices.js';

/**
 * What the team's notices declare, for the cycle to apply after the vote and
 * the thresholds: for each component, the worst state an open incident
 * notice declares it in now (`operational` declares nothing: it is never
 * worse than the probe's word), with the notice (of two declaring the same
 * state, the one opened first, then by id); and each maintenance notice's
 * window as it stands (`maintenanceWindowOf`). The config's windows, which
 * the probe's settings already hold, are left out. Pure.
 */
export function declareStates(notices: readonly Notice[]): Declarations {
  const states = new Map<string, Declaration & { readonly openedAt: string }>();
  for (const notice of notices) {
    if (notice.kind !== 'incident') continue;
    const openedAt = notice.updates[0]?.at ?? '';
    for (const [name, state] of currentImpact(notice)) {
      if (state === 'operational') continue;
      const held = states.get(name);
      const worse = held === undefined || rankStatus(state) > rankStatus(held.state);
      const openedFirst =
        held !== undefined &&
        state === held.state &&
        (openedAt < held.openedAt || (openedAt === held.openedAt && notice.id < held.notice.id));
      if (worse || openedFirst) {
        states.set(name, { state, notice: { id: notice.id, title: notice.title }, openedAt });
      }
    }
  }
  const maintenance = notices.flatMap((notice) =>
    notice.kind === 'maintenance' && !notice.id.startsWith(WINDOW_NOTICE_ID_PREFIX) ? maintenanceWindowOf(notice) : [],
  );
  return {
    states: new Map([...states].map(([name, { state, notice }]) => [name, { state, notice }])),
    maintenance,
  };
}

/**
 * A maintenance notice's window as the team runs it: from its window's start,
 * or from its first `in_progress` update if that came earlier (started
 * early), to its window's end, or to its first `completed` update if that
 * came earlier (done early). Empty when it was completed before it began.
 */
export function maintenanceWindowOf(notice: MaintenanceNotice): FixedMaintenancePeriod[] {
  const started = notice.updates.find((update) => update.state === 'in_progress');
  const completed = notice.updates.find((update) => update.state === 'completed');
  const startMs = Math.min(Date.parse(notice.window.start), started === undefined ? Infinity : Date.parse(started.at));
  const endMs = Math.min(Date.parse(notice.window.end), completed === undefined ? Infinity : Date.parse(completed.at));
  if (endMs <= startMs) return [];
  return [{ startMs, endMs, components: notice.components.length === 0 ? undefined : notice.components }];
}
