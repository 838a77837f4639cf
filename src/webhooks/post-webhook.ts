import { describeRequestError } from '../outbound/describe-request-error.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook } from './sign-webhook.js';

/** Sent with every delivery, so receivers can tell ours from other traffic. */
export const WEBHOOK_USER_AGENT = 'service-directory-webhooks/1';
/** Bytes of a receiver's answer read before the connection is dropped: only the status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookRequest {
  readonly url: string;
  readonly body: string;
  readonly eventId: string;
  /** Signs the body (`generic` receivers); a chat service's request carries no signature. */
  readonly secret?: string;
  /** Signed into the request; unix seconds. */
  readonly timestampSeconds: number;
  readonly timeoutMs: number;
  /** Aborts the attempt from outside (shutdown). */
  readonly signal?: AbortSignal;
}

/** How one attempt ended: accepted (any 2xx) or not, and in a few words why not. */
export interface WebhookAttempt {
  readonly accepted: boolean;
  readonly status?: number;
  readonly reason?: string;
}

/** The function that makes one attempt; tests and the deliverer share this shape. */
export type PostWebhook = (request: WebhookRequest) => Promise<WebhookAttempt>;

/**
 * POSTs one event, signed when a secret is given. The timeout covers the whole exchange; redirects
 * are not followed. Never throws; the reason never contains the URL.
 */
export const postWebhook: PostWebhook = async ({ url, body, eventId, secret, timestampSeconds, timeoutMs, signal }) => {
  const controller = new AbortController();
  const timedOut = new Error('webhook timed out');
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    if (signal?.aborted) throw signal.reason;
    // undici is loaded at the first delivery: a probe without webhooks never loads it.
    const { request } = await import('undici');
    const response = await request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [EVENT_ID_HEADER]: eventId,
        ...(secret === undefined ? {} : { [SIGNATURE_HEADER]: signWebhook(body, secret, timestampSeconds) }),
      },
      body,
      signal: controller.signal,
      reset: true,
    });
    await response.body.dump({ limit: MAX_ANSWER_BYTES });
    const accepted = response.statusCode >= 200 && response.statusCode <= 299;
    return accepted
      ? { accepted, status: response.statusCode }
      : { accepted, status: response.statusCode, reason: `answered ${response.statusCode}` };
  } catch (error) {
    return { accepted: false, reason: controller.signal.reason === timedOut ? 'timeout' : describeRequestError(error) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
};
