import { createHash } from 'node:crypto';
import type { Notice } from '../schemas/notice.js';
import type { MailEvent, NoticeMailChange } from './mail-event.js';

/** What was last mailed of a notice: its fingerprint, its state, and whether it had a postmortem. */
export interface AnnouncedNotice {
  readonly fingerprint: string;
  readonly state: string;
  readonly postmortem: boolean;
}

/** An event to queue, with its id: the outbox's key with each subscriber. */
export interface KeyedMailEvent {
  readonly id: string;
  readonly event: MailEvent;
}

export interface NoticeMailsDecision {
  readonly events: KeyedMailEvent[];
  /** What will have been mailed once `events` are queued. */
  readonly announced: Map<string, AnnouncedNotice>;
}

function fingerprintNotice(notice: Notice): string {
  return createHash('sha256').update(JSON.stringify(notice)).digest('hex').slice(0, 32);
}

/** What happened to a notice since it was last mailed, in the words of its mail. Pure. */
export function describeNoticeChange(notice: Notice, before: AnnouncedNotice | undefined): NoticeMailChange {
  if (notice.kind === 'maintenance') {
    if (before !== undefined && before.state === notice.state) return 'updated';
    return notice.state === 'scheduled' ? 'scheduled' : notice.state === 'in_progress' ? 'started' : 'completed';
  }
  if (
    notice.postmortem !== undefined &&
    before?.postmortem !== true &&
    (before !== undefined || notice.state === 'resolved')
  ) {
    return before === undefined ? 'resolved' : 'postmortem';
  }
  if (notice.state === 'resolved' && before?.state !== 'resolved') return 'resolved';
  return before === undefined ? 'opened' : 'updated';
}

/**
 * The mails the published notices call for: a notice new or changed since
 * it was last mailed is one event (opened, updated, resolved, postmortem;
 * scheduled, started, completed), its id from the notice's id and content,
 * so one version is never mailed twice. A notice gone from the file is
 * forgotten silently. Pure.
 */
export function decideNoticeMails(
  notices: readonly Notice[],
  announced: ReadonlyMap<string, AnnouncedNotice>,
  nowMs: number,
): NoticeMailsDecision {
  const events: KeyedMailEvent[] = [];
  const next = new Map<string, AnnouncedNotice>();
  for (const notice of notices) {
    const fingerprint = fingerprintNotice(notice);
    const before = announced.get(notice.id);
    next.set(notice.id, {
      fingerprint,
      state: notice.state,
      postmortem: notice.kind === 'incident' && notice.postmortem !== undefined,
    });
    if (before?.fingerprint === fingerprint) continue;
    const change = describeNoticeChange(notice, before);
    events.push({ id: `notice-${notice.id}-${fingerprint}`, event: { kind: 'notice', change, atMs: nowMs, notice } });
  }
  return { events, announced: next };
}
