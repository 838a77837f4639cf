import { z } from 'zod';

/**
 * The status vocabulary shared by regions, components and the overall status.
 * It is the one hosted status pages and their clients already speak.
 */
export const STATUS_VALUES = [
  'operational',
  'under_maintenance',
  'degraded_performance',
  'partial_outage',
  'major_outage',
] as const;

/** A wrong value is quoted, with the accepted ones; a missing one is left to the caller's wording. */
export const StatusValueSchema = z.enum(STATUS_VALUES, {
  error: (issue) =>
    issue.input === undefined ? undefined : `${JSON.stringify(issue.input)} is not one of ${STATUS_VALUES.join(', ')}`,
});
export type StatusValue = z.infer<typeof StatusValueSchema>;

/** Severity rank, least severe first: the order in which the overall status is the worst. */
export function rankStatus(status: StatusValue): number {
  return STATUS_VALUES.indexOf(status);
}

/** The worst of the given states, `operational` for none. */
export function worstStatus(statuses: Iterable<StatusValue>): StatusValue {
  let worst: StatusValue = 'operational';
  for (const status of statuses) {
    if (rankStatus(status) > rankStatus(worst)) worst = status;
  }
  return worst;
}
