import { maxBytesOf } from '../api-documents.js';
import { NOTICES_PATH } from '../api-paths.js';
import type { Notice } from '../schemas/notice.js';
import { noticeUpdatedMs, orderFields, renderNotices } from './render-notices.js';

/** The notices a document of at most the cap carries, and how many closed ones it left out; or how large the open ones alone are. */
export type FittedNotices =
  | { readonly notices: readonly Notice[]; readonly leftOut: number }
  | { readonly tooLargeBytes: number };

/** A notice nothing more happens to: a resolved incident, a completed maintenance. */
function isClosed(notice: Notice): boolean {
  return notice.state === 'resolved' || notice.state === 'completed';
}

/**
 * The notices `/api/v1/notices` carries within `maxBytes` (`renderNotices`'
 * bytes): every open one, always, and as many closed ones as fit, the ones
 * changed longest ago left out first. When the open ones alone are past the
 * cap, their size instead. Pure.
 */
export function fitNotices(notices: readonly Notice[], maxBytes: number): FittedNotices {
  const size = (notice: Notice) => Buffer.byteLength(JSON.stringify(orderFields(notice)));
  // The document is its notices joined by commas, inside a fixed frame.
  const frameBytes = Buffer.byteLength(renderNotices([]));
  let totalBytes =
    frameBytes + notices.reduce((sum, notice) => sum + size(notice) + 1, 0) - (notices.length > 0 ? 1 : 0);
  if (totalBytes <= maxBytes) return { notices, leftOut: 0 };
  const open = notices.filter((notice) => !isClosed(notice));
  const closedOldestFirst = notices
    .filter(isClosed)
    .sort((a, b) => noticeUpdatedMs(a) - noticeUpdatedMs(b) || (a.id < b.id ? -1 : 1));
  let dropped = 0;
  while (totalBytes > maxBytes && dropped < closedOldestFirst.length) {
    const oldest = closedOldestFirst[dropped];
    if (oldest !== undefined) totalBytes -= size(oldest) + 1;
    dropped += 1;
  }
  if (totalBytes > maxBytes) return { tooLargeBytes: Buffer.byteLength(renderNotices(open)) };
  return { notices: [...open, ...closedOldestFirst.slice(dropped)], leftOut: dropped };
}

/**
 * `/api/v1/notices` within the server's cap (`fitNotices`): closed notices
 * left out, the oldest first, as it takes. Open ones past the cap alone are
 * rendered whole, for the writer's own size check to refuse.
 */
export function renderNoticesWithin(notices: readonly Notice[], maxBytes = maxBytesOf(NOTICES_PATH)): string {
  const fitted = fitNotices(notices, maxBytes);
  return renderNotices('notices' in fitted ? fitted.notices : notices);
}
