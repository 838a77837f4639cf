import { createHmac } from 'node:crypto';

/**
 * The bearer token a relay forwards bounces with (`POST {endpoint}/bounces`):
 * derived from the subscribers' secret, so there is no second secret to
 * keep, and printed by `service-directory subscribers bounce-token`.
 */
export function bounceTokenOf(secret: string): string {
  return createHmac('sha256', secret).update('service-directory bounces').digest('base64url');
}
