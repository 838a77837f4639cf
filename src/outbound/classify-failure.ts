import type { FailureClass } from '../schemas/failure-class.js';
import type { FailureReason } from './describe-request-error.js';

/**
 * The class history counts a probe failure reason under: the network reasons
 * keep their name, `unexpected status N` is `status`, `body ...` is `body`,
 * and `error (CODE)` is `error`.
 */
export function classifyFailure(reason: FailureReason): FailureClass {
  switch (reason) {
    case 'refused':
    case 'dns':
    case 'tls':
    case 'reset':
    case 'timeout':
      return reason;
    default:
      if (reason.startsWith('unexpected status ')) return 'status';
      return reason.startsWith('body ') ? 'body' : 'error';
  }
}
