import type { FailureClass } from '../schemas/failure-class.js';
import type { FailureReason } from './describe-request-error.js';

/** Where a read of an upstream provider's page ends its words and the read's own reason begins. */
export const UPSTREAM_UNREADABLE_SEPARATOR = ': ';

/**
 * The class history counts a probe failure reason under: the network reasons
 * keep their name, `unexpected status N` is `status`, `body ...` is `body`,
 * and `error (CODE)` is `error`. The other kinds' words map onto the same
 * classes, so that peers a version behind, which store classes by index,
 * read them: a DNS answer code is `dns` and its records `body`; a gRPC
 * health answer `status`; a missed heartbeat `timeout` and a failure it
 * reported `error`; an upstream provider's state `status`, and a page that
 * could not be read the class of why (`upstream unreadable since …: timeout`
 * is `timeout`).
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
      if (reason.startsWith('unexpected status ') || reason.startsWith('health ')) return 'status';
      if (reason.startsWith('body ') || reason.startsWith('answer ')) return 'body';
      if (reason.startsWith('rcode ')) return 'dns';
      if (reason.startsWith('no heartbeat ')) return 'timeout';
      if (reason.startsWith('upstream unreadable ')) {
        const at = reason.indexOf(UPSTREAM_UNREADABLE_SEPARATOR);
        return at < 0
          ? 'error'
          : classifyFailure(reason.slice(at + UPSTREAM_UNREADABLE_SEPARATOR.length) as FailureReason);
      }
      if (reason.startsWith('upstream ')) return 'status';
      return 'error';
  }
}
