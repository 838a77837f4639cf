// The running "for 38 min" of ongoing incidents: every node with a
// `data-since` shows the time since then, redrawn once a second.

import { describeSpan } from './status-page.words.js';

/** Updates every running "for 38 min" on the page; called once a second. */
export function tickDurations(now) {
  for (const node of document.querySelectorAll('[data-since]')) {
    const text = describeSpan(now - Date.parse(node.dataset.since));
    if (node.textContent !== text) node.textContent = text;
  }
}
