import { createHash } from 'node:crypto';
import type { Notice } from '../schemas/notice.js';
import { deriveEventId } from './event-id.js';
import type { WebhookEvent } from './webhook-event.js';

/** What was last announced: each notice's id and a fingerprint of the version announced. */
export type AnnouncedNotices = Readonly<Record<string, string>>;

export interface NoticeEventsDecision {
  readonly events: WebhookEvent[];
  /** What will have been announced once `events` are queued. */
  readonly announced: Record<string, string>;
}

/**
 * Compares the published notices with what was last announced: a new id is
 * `notice.created`, a changed notice `notice.updated`, an unchanged one
 * nothing. A notice removed from the file is forgotten silently. The event
 * id comes from the notice's id and content, so one version is never
 * queued twice. Pure.
 */
export function decideNoticeEvents(
  notices: readonly Notice[],
  announced: AnnouncedNotices,
  at: string,
): NoticeEventsDecision {
  const events: WebhookEvent[] = [];
  const next: Record<string, string> = {};
  for (const notice of notices) {
    const fingerprint = fingerprintNotice(notice);
    next[notice.id] = fingerprint;
    const previous = announced[notice.id];
    if (previous === fingerprint) continue;
    const type = previous === undefined ? 'notice.created' : 'notice.updated';
    events.push({ id: deriveEventId(type, notice.id, fingerprint), type, created_at: at, notice });
  }
  return { events, announced: next };
}

function fingerprintNotice(notice: Notice): string {
  return createHash('sha256').update(JSON.stringify(notice)).digest('hex').slice(0, 32);
}
