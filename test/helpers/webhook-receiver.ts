import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { startLoopbackServer } from './loopback-server.js';

/** One request a receiver got. */
export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly receivedAtMs: number;
  /** What the receiver answered; `undefined` if it hung. */
  readonly answered: number | undefined;
  /** For one it hung on: when the sender gave up and closed the connection, once it has. */
  closedAtMs?: number;
}

/**
 * How a receiver answers: every request with 200, the first `failures` with
 * 500 and the rest with 200, or never (it hangs until closed). With `hangs`,
 * the first that many requests are never answered before the rest are
 * answered so; with `delayMs`, each answer comes that long after the request.
 */
export type ReceiverBehaviour = (
  | { readonly accept: true; readonly failures?: number; readonly hangs?: number; readonly delayMs?: number }
  | { readonly hang: true }
) & {
  /** A given port (one a test kept free to play a receiver that was down); 0 by default. */
  readonly port?: number;
};

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** Real HTTP receivers on loopback port 0, closed after each test. */
export function useWebhookReceivers(): (behaviour: ReceiverBehaviour) => Promise<WebhookReceiver> {
  const started: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((receiver) => receiver.close()));
  });
  return async (behaviour) => {
    const receiver = await startWebhookReceiver(behaviour);
    started.push(receiver);
    return receiver;
  };
}

async function startWebhookReceiver(behaviour: ReceiverBehaviour): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  const server = await startLoopbackServer(
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const hung = received.filter((entry) => entry.answered === undefined).length;
        if ('hang' in behaviour || hung < (behaviour.hangs ?? 0)) {
          const entry: ReceivedWebhook = {
            headers: request.headers,
            body,
            receivedAtMs: Date.now(),
            answered: undefined,
          };
          received.push(entry);
          response.on('close', () => {
            entry.closedAtMs = Date.now();
          });
          hanging.push(response);
          return;
        }
        const failed = received.filter((entry) => entry.answered === 500).length;
        const status = failed < (behaviour.failures ?? 0) ? 500 : 200;
        received.push({ headers: request.headers, body, receivedAtMs: Date.now(), answered: status });
        const answer = () =>
          response
            .writeHead(status, { 'content-type': 'text/plain', connection: 'close' })
            .end(status === 200 ? 'ok' : 'no');
        if (behaviour.delayMs === undefined) answer();
        else setTimeout(answer, behaviour.delayMs);
      });
    },
    { port: behaviour.port ?? 0 },
  );
  return {
    url: `${server.origin}/hook`,
    received,
    async close() {
      for (const response of hanging) response.destroy();
      await server.close();
    },
  };
}

/**
 * A receiver's check, written from docs/notifications.md, "Verifying a delivery":
 * split `t=…,v1=…`, refuse a timestamp more than `toleranceSeconds` away,
 * compute HMAC-SHA256 over `t + "." + raw body` with the shared secret, and
 * compare in constant time.
 */
export function verifyWebhook(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (header === undefined) return false;
  const fields = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at), part.slice(at + 1)];
    }),
  );
  const timestamp = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
