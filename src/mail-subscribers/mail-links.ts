import type { Subscriber } from './decide-signup.js';
import type { MailPage } from './mail-page.js';
import type { MailLinks } from './render-mail.js';
import { signToken } from './subscriber-tokens.js';

/**
 * A subscriber's links, each with its signed token: manage and unsubscribe
 * (good until the subscriber leaves), and with `confirmNonce` the
 * confirmation page of their latest sign-up (good for its day).
 */
export function linksOf(page: MailPage, secret: string, subscriber: Subscriber, confirmNonce?: string): MailLinks {
  const token = (purpose: 'manage' | 'unsubscribe') =>
    signToken(secret, { purpose, subscriber: subscriber.id, nonce: subscriber.key, expiresMs: 0 });
  const pending = subscriber.pending;
  return {
    confirm:
      confirmNonce === undefined || pending === undefined
        ? undefined
        : `${page.endpoint}/confirm?token=${signToken(secret, {
            purpose: 'confirm',
            subscriber: subscriber.id,
            nonce: confirmNonce,
            expiresMs: pending.expiresMs,
          })}`,
    manage: `${page.endpoint}/manage?token=${token('manage')}`,
    unsubscribe: `${page.endpoint}/unsubscribe?token=${token('unsubscribe')}`,
  };
}
