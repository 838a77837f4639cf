import { createHmac } from 'node:crypto';

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'x-service-directory-signature';
/** The header carrying the event id, for receivers to drop a redelivery. */
export const EVENT_ID_HEADER = 'x-service-directory-event-id';

/**
 * The signature header value: HMAC-SHA256, keyed with the secret, over
 * `<timestamp>.<body>` (the Stripe and Standard Webhooks convention), so a
 * receiver can check both the body and that it is recent. Pure.
 */
export function signWebhook(body: string, secret: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}
