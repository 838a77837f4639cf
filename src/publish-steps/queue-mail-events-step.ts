import { errorMessage } from '../errors/describe-error.js';
import type { MailSubscribers } from '../mail-subscribers/mail-subscribers.js';
import type { PublishStep, StepParts } from './publish-step.js';

/**
 * Queues a published cycle's mails to the email subscribers: each notice's
 * change at once, and each change the probe detected once it has held
 * (`MailSubscribers.queueCycle`). The outbox lives in the subscribers'
 * database, whose own transaction records what was queued; the sender
 * sends apart from the cycle.
 */
export function queueMailEventsStep({ log, fence }: StepParts, mail: MailSubscribers): PublishStep {
  return {
    name: 'mail to subscribers',
    owns: {},
    async run(cycle) {
      // The same fence as every write: a writer that lost its lease queues nothing.
      if (fence !== undefined && !fence.holds()) return undefined;
      try {
        mail.queueCycle(cycle);
      } catch (error) {
        log.error(`mail subscribers: nothing queued this cycle: ${errorMessage(error)}`);
      }
      return undefined;
    },
  };
}
