import type { CheckResult } from '../checks/check-endpoint.js';
import { classifyFailure } from '../outbound/classify-failure.js';
import { FAILURE_CLASSES } from '../schemas/failure-class.js';

/** The labels a check is counted under: `ok` with no class, or `failed` with its failure class. */
export interface CheckLabels {
  readonly outcome: 'ok' | 'failed';
  readonly failure_class: string;
}

/** Every label pair a check can get, so each counter starts at 0 and `rate()` sees the first failure. */
export const ALL_CHECK_LABELS: readonly CheckLabels[] = [
  { outcome: 'ok', failure_class: '' },
  ...FAILURE_CLASSES.map((failureClass) => ({ outcome: 'failed' as const, failure_class: failureClass })),
];

/** How one check is counted: by whether it passed and, if not, the class history counts its failure under. */
export function labelCheck(result: Pick<CheckResult, 'ok' | 'error'>): CheckLabels {
  if (result.ok) return { outcome: 'ok', failure_class: '' };
  return { outcome: 'failed', failure_class: result.error === undefined ? 'error' : classifyFailure(result.error) };
}
