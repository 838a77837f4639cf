import type { FailureClass } from '../schemas/failure-class.js';
import type { FailureReason } from './describe-request-error.js';

/** The reasons that are their own class. */
const CLASS_BY_REASON: Readonly<Record<string, FailureClass>> = {
  timeout: 'timeout',
  refused: 'refused',
  dns: 'dns',
  tls: 'tls',
  reset: 'reset',
};

/** A check's failure reason as a class that can be counted: `unexpected status N` is `status`, `error (…)` is `error`. */
export function classifyFailure(reason: FailureReason): FailureClass {
  return CLASS_BY_REASON[reason] ?? (reason.startsWith('unexpected status') ? 'status' : 'error');
}
