import { STATUS_LABELS } from '../schemas/state-labels.js';
import type { StatusValue } from '../schemas/status-value.js';

/** Each state in the page's words, in lower case, as a badge's message: `major outage`. */
export const STATE_LABELS_LOWER: Readonly<Record<StatusValue, string>> = Object.fromEntries(
  Object.entries(STATUS_LABELS).map(([state, label]) => [state, label.toLowerCase()]),
) as Record<StatusValue, string>;
