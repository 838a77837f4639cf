import { createHash } from 'node:crypto';
import {
  type FixedMaintenanceWindow,
  isRecurringWindow,
  type MaintenanceWindow,
  type RecurringMaintenanceWindow,
} from '../schemas/maintenance-window.js';
import type { Notice } from '../schemas/notice.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { listOccurrences } from '../time/recurring-window.js';

/** Prefix of the ids of notices made from `data/components.json` windows; `data/notices.json` may not use it. */
export const WINDOW_NOTICE_ID_PREFIX = 'window-';

const DAY_MS = 86_400_000;

export interface WindowNoticeOptions {
  /** When the notices are rendered: recurring windows are announced from here. */
  readonly now: Date;
  /** How many days ahead occurrences of recurring windows are announced (`maintenance_announce_days`). */
  readonly announceDays: number;
}

/**
 * The maintenance windows of `data/components.json` as maintenance notices,
 * so that one document lists every notice. The state is always `scheduled`,
 * and readers judge "in progress" or "completed" from the window against
 * their own clock (the build runs rarely, so a state computed at build time
 * would soon be wrong). A fixed window is one notice whatever the clock; a
 * recurring one is a notice per occurrence in progress at `now` or starting
 * within `announceDays`. Ids are derived from the window and the start, so
 * they are stable across builds and the feed and webhooks announce each
 * occurrence once; an edited window is a new notice. The window's `note` is
 * never published.
 */
export function renderWindowNotices(windows: readonly MaintenanceWindow[], options: WindowNoticeOptions): Notice[] {
  return windows.flatMap((window) =>
    isRecurringWindow(window) ? renderOccurrenceNotices(window, options) : [renderFixedNotice(window)],
  );
}

function renderFixedNotice(window: FixedMaintenanceWindow): Notice {
  const start = formatTimestamp(new Date(window.start));
  const end = formatTimestamp(new Date(window.end));
  const components = [...(window.components ?? [])];
  return windowNotice(windowNoticeId([start, end, [...components].sort()], start), start, end, components);
}

function renderOccurrenceNotices(window: RecurringMaintenanceWindow, { now, announceDays }: WindowNoticeOptions) {
  const components = [...(window.components ?? [])];
  const rule = [window.cron, window.time_zone, window.duration_minutes, [...components].sort()];
  return listOccurrences(window, now, announceDays * DAY_MS).map((occurrence) => {
    const start = formatTimestamp(new Date(occurrence.startMs));
    const end = formatTimestamp(new Date(occurrence.endMs));
    return windowNotice(windowNoticeId(['recurring', ...rule, start], start), start, end, components);
  });
}

function windowNotice(id: string, start: string, end: string, components: string[]): Notice {
  const affected = components.length === 0 ? 'all components' : components.join(', ');
  return {
    id,
    title: `Planned maintenance: ${affected}`,
    components,
    kind: 'maintenance',
    state: 'scheduled',
    window: { start, end },
    updates: [{ at: start, state: 'scheduled', text: `Planned maintenance of ${affected} from ${start} to ${end}.` }],
  };
}

function windowNoticeId(identity: readonly unknown[], start: string): string {
  const digest = createHash('sha256').update(JSON.stringify(identity)).digest('hex');
  return `${WINDOW_NOTICE_ID_PREFIX}${start.slice(0, 10)}-${digest.slice(0, 12)}`;
}
