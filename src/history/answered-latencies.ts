import type { CheckRecord } from './cycle-record.js';

/** Only checks that got an answer have a latency worth reporting: a timeout's is its timeout. */
export function answeredLatencies(checks: readonly CheckRecord[]): number[] {
  return checks.flatMap((check) => (check.httpStatus === null ? [] : [check.latencyMs]));
}
