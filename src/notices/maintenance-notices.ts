import { createHash } from 'node:crypto';
import type { MaintenanceWindow } from '../schemas/components-config.js';
import type { Notice } from '../schemas/notice.js';
import { formatTimestamp } from '../schemas/service-status.js';

/** Prefix of the ids of notices made from `data/components.json` windows; `data/notices.json` may not use it. */
export const WINDOW_NOTICE_ID_PREFIX = 'window-';

/**
 * The maintenance windows of `data/components.json` as maintenance notices,
 * so that one document lists every notice. Pure and clock-free: the state is
 * always `scheduled`, and readers judge "in progress" or "completed" from
 * the window against their own clock (the build runs rarely, so a state
 * computed at build time would soon be wrong). The id is derived from the
 * window (start, end, components), so it is stable across builds; an edited
 * window is a new notice. The window's `note` is never published.
 */
export function renderWindowNotices(windows: readonly MaintenanceWindow[]): Notice[] {
  return windows.map((window) => {
    const start = formatTimestamp(new Date(window.start));
    const end = formatTimestamp(new Date(window.end));
    const components = [...(window.components ?? [])];
    const affected = components.length === 0 ? 'all components' : components.join(', ');
    return {
      id: windowNoticeId(start, end, components),
      title: `Planned maintenance: ${affected}`,
      components,
      kind: 'maintenance',
      state: 'scheduled',
      window: { start, end },
      updates: [{ at: start, state: 'scheduled', text: `Planned maintenance of ${affected} from ${start} to ${end}.` }],
    };
  });
}

function windowNoticeId(start: string, end: string, components: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([start, end, [...components].sort()]))
    .digest('hex');
  return `${WINDOW_NOTICE_ID_PREFIX}${start.slice(0, 10)}-${digest.slice(0, 12)}`;
}
