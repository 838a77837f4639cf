import type { INCIDENT_NOTICE_STATES, MAINTENANCE_NOTICE_STATES } from './notice.js';
import type { StatusValue } from './status-value.js';

/** A notice's state, incident or maintenance. */
export type NoticeState = (typeof INCIDENT_NOTICE_STATES)[number] | (typeof MAINTENANCE_NOTICE_STATES)[number];

/**
 * Each status in words, as a heading or badge shows it. The feed uses the
 * same words in lower case inside a sentence; the status page gets them from
 * the module the build generates, so the two never disagree.
 */
export const STATUS_LABELS: Readonly<Record<StatusValue, string>> = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
};

/** Each state of a notice in words, for the status page and the feed. */
export const NOTICE_STATE_LABELS: Readonly<Record<NoticeState, string>> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
};
