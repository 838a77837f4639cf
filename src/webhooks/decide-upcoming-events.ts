import type { MaintenanceNotice, Notice } from '../schemas/notice.js';
import { deriveEventId } from './event-id.js';
import type { WebhookEvent } from './webhook-event.js';

/** The reminders sent: each window's key (notice id and start) and its start, to forget it once it began. */
export type AnnouncedUpcoming = Readonly<Record<string, string>>;

export interface UpcomingEventsDecision {
  readonly events: WebhookEvent[];
  /** What will have been reminded of once `events` are queued: the windows not yet begun. */
  readonly announced: Record<string, string>;
}

/** One key per window of a notice: a window moved to another start is reminded of again. */
function windowKey(notice: MaintenanceNotice): string {
  return `${notice.id} ${notice.window.start}`;
}

/**
 * The `maintenance_upcoming` reminders due at `nowMs`: one per scheduled
 * maintenance whose window starts within `leadMs` and was not reminded of
 * (`announced`), each once. A maintenance already begun, started or
 * completed gets none (a probe down through the whole lead time does not
 * remind of what is under way). The event id comes from the notice and its
 * start, so one window is never queued twice. Pure.
 */
export function decideUpcomingEvents(
  notices: readonly Notice[],
  announced: AnnouncedUpcoming,
  nowMs: number,
  leadMs: number,
): UpcomingEventsDecision {
  const events: WebhookEvent[] = [];
  const next: Record<string, string> = {};
  const at = new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  for (const notice of notices) {
    if (notice.kind !== 'maintenance') continue;
    const startMs = Date.parse(notice.window.start);
    if (startMs <= nowMs) continue;
    const key = windowKey(notice);
    if (announced[key] !== undefined) {
      next[key] = notice.window.start;
      continue;
    }
    if (notice.state !== 'scheduled' || leadMs <= 0 || startMs - nowMs > leadMs) continue;
    next[key] = notice.window.start;
    events.push({
      id: deriveEventId('notice.maintenance_upcoming', notice.id, notice.window.start),
      type: 'notice.maintenance_upcoming',
      created_at: at,
      notice,
      starts_in_minutes: Math.floor((startMs - nowMs) / 60_000),
    });
  }
  return { events, announced: next };
}
