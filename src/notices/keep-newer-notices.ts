import { isOlderThanHeld } from '../freshness/keep-newer.js';
import type { Notice } from '../schemas/notice.js';

/** What to make of notices read again: take them, or keep the ones held, which are newer. */
export type NoticesReplay =
  | { readonly kind: 'take' }
  | { readonly kind: 'older'; readonly latest: string | undefined; readonly held: string };

/** When notices were last written to: the latest time of any update or postmortem; undefined for none. */
export function latestNoticeChange(notices: readonly Notice[]): string | undefined {
  let latest: string | undefined;
  let latestMs = Number.NEGATIVE_INFINITY;
  for (const notice of notices) {
    const times = notice.kind === 'incident' && notice.postmortem ? [notice.postmortem.at] : [];
    for (const at of [...notice.updates.map((update) => update.at), ...times]) {
      const ms = Date.parse(at);
      if (ms > latestMs) {
        latest = at;
        latestMs = ms;
      }
    }
  }
  return latest;
}

/**
 * Whether notices read again (a file put back from an older copy, an older
 * ConfigMap applied, a cached or replayed answer of the notices URL) are
 * older than those in force: the team's notices only grow (every command
 * adds an update with its time), so notices whose latest change is before
 * the latest change of those held are an older version, and would lift
 * declarations made since. They are refused, as the server refuses an
 * older status (`isOlderThanHeld`: unless the held ones are dated in this
 * clock's future), and notices with no change at all are older than any.
 * Pure.
 */
export function judgeNoticesReplay(
  next: readonly Notice[],
  held: readonly Notice[] | undefined,
  now: Date,
): NoticesReplay {
  const heldLatest = held === undefined ? undefined : latestNoticeChange(held);
  if (heldLatest === undefined) return { kind: 'take' };
  const latest = latestNoticeChange(next);
  return isOlderThanHeld(latest ?? new Date(0).toISOString(), heldLatest, now)
    ? { kind: 'older', latest, held: heldLatest }
    : { kind: 'take' };
}

/** The log's words for notices refused as older, after where they came from. */
export function describeOlderNotices(replay: Extract<NoticesReplay, { kind: 'older' }>): string {
  const theirs = replay.latest === undefined ? 'hold no update' : `were last changed at ${replay.latest}`;
  return `${theirs}, before the notices in force (${replay.held}): an older version, refused; the newer stay in force`;
}
