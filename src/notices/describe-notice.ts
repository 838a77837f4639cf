import type { Notice } from '../schemas/notice.js';
import { currentImpact } from './declared-impact.js';
import { noticeUpdatedMs } from './render-notices.js';

/**
 * One line about a notice, for `notice list` and the commands' report:
 * id, kind and state, its latest change, title, and what it declares now
 * (`declares Build Service partial_outage`) or its window.
 */
export function describeNotice(notice: Notice): string {
  const updated = new Date(noticeUpdatedMs(notice)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const state =
    notice.kind === 'incident' && notice.postmortem !== undefined ? `${notice.state}, postmortem` : notice.state;
  const parts = [`${notice.id}  ${notice.kind} ${state}  ${updated}  ${JSON.stringify(notice.title)}`];
  if (notice.kind === 'incident') {
    const declared = [...currentImpact(notice)].map(([name, each]) => `${name} ${each}`);
    if (declared.length > 0) parts.push(`declares ${declared.join(', ')}`);
  } else {
    parts.push(`window ${notice.window.start} to ${notice.window.end}`);
  }
  const affects = notice.components.length === 0 ? 'the whole platform' : notice.components.join(', ');
  parts.push(`affects ${affects}`);
  return parts.join('; ');
}
