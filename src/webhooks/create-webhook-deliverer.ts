import { WriterFencedError } from '../errors/writer-fenced-error.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import { mapConcurrently } from '../outbound/map-concurrently.js';
import { redactUrl } from '../outbound/redact-url.js';
import { type PostWebhook, postWebhook } from './post-webhook.js';
import { renderWebhookBody } from './render-webhook-body.js';
import { RETRY_BASE_MS, RETRY_CAP_MS, type RetryPolicy, retryDelayMs } from './retry-delay.js';
import { supersedeDeliveries } from './supersede-deliveries.js';
import type { WebhookEvent } from './webhook-event.js';
import {
  type Delivery,
  deliveryKey,
  dueDeliveries,
  enqueueEvents,
  expireDeliveries,
  nextDueMs,
  recordAttempt,
  type WebhookQueue,
} from './webhook-queue.js';
import { readWebhookQueue, writeWebhookQueue } from './webhook-queue-file.js';
import type { WebhookTarget } from './webhook-target.js';

/** Attempts in flight at once, across every receiver. */
export const DEFAULT_DELIVERY_CONCURRENCY = 4;
/** One attempt, connect to answer. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** A delivery not accepted within this long is given up, with a log line. */
export const DEFAULT_DELIVERY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The longest the deliverer sleeps before looking at the queue again. */
const MAX_SLEEP_MS = 60_000;

export interface DelivererOptions {
  /** The queue file, in the probe's state directory. */
  readonly queueFile: string;
  readonly targets: readonly WebhookTarget[];
  readonly log: ProbeLog;
  readonly post?: PostWebhook;
  /** The wall clock in milliseconds: queue times and signature timestamps. */
  readonly now?: () => number;
  /** In [0, 1): the retry jitter. */
  readonly random?: () => number;
  readonly concurrency?: number;
  readonly attemptTimeoutMs?: number;
  readonly maxAgeMs?: number;
  readonly retry?: RetryPolicy;
}

/** A replica's writer lock, as the deliverer asks it. */
export interface DeliveryFence extends WriteFence {
  /** Reads the lock: asked before each attempt and each save of the queue. */
  stillHeld(): Promise<boolean>;
}

export interface WebhookDeliverer {
  /** Queues one delivery per event and receiver (never an event id twice), saves the queue, and wakes delivery. */
  enqueue(events: readonly WebhookEvent[]): Promise<void>;
  /** Delivers in the background from now on: due deliveries as slots free up, retries when due. */
  start(): void;
  /**
   * From now on each attempt and each save of the queue asks `fence` (the
   * writer lock) first, and the queue file is replaced only while it holds
   * (`WriteFence`); once it says no, delivery stops for good: a writer that
   * lost its lock neither sends nor saves.
   */
  fence(fence: DeliveryFence): void;
  /** One attempt at every delivery due now, all within `withinMs`; the rest stay queued (for `--once`). */
  deliverDueOnce(withinMs: number): Promise<void>;
  /** Stops delivering; an attempt cut short stays queued as it was. Resolves once the queue is saved. */
  stop(): Promise<void>;
  /** Deliveries still queued (for logs and tests). */
  pending(): Promise<readonly Delivery[]>;
}

/**
 * The webhook edge: a queue file in the state directory, delivery apart from
 * the probe's cycle, at most `concurrency` attempts in flight, each bounded
 * by `attemptTimeoutMs`, retries with capped exponential backoff and jitter,
 * given up after `maxAgeMs`. Per receiver, events about one subject go in
 * order: a later one waits while an earlier one is attempted, and supersedes
 * the earlier ones still waiting (`supersedeDeliveries`). At least once: a delivery leaves the queue only
 * when a receiver answered 2xx, and the queue is saved after every change, so
 * a restart picks up where the last run stopped. URLs are logged redacted.
 */
export function createWebhookDeliverer(options: DelivererOptions): WebhookDeliverer {
  const { queueFile, targets, log, post = postWebhook } = options;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_DELIVERY_MAX_AGE_MS;
  const retry = options.retry ?? { baseMs: RETRY_BASE_MS, capMs: RETRY_CAP_MS };
  const byKey = new Map(targets.map((target) => [target.key, target]));
  const queueTargets = targets.map((target) => ({
    key: target.key,
    render: (event: WebhookEvent) => renderWebhookBody(event, target),
  }));
  const controller = new AbortController();
  const busy = new Map<string, Promise<void>>();
  let queue: WebhookQueue | undefined;
  let loading: Promise<WebhookQueue> | undefined;
  let writes: Promise<void> = Promise.resolve();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let lease: DeliveryFence | undefined;

  /** Whether this process may still send and save; once not, delivery stops. */
  async function fenced(): Promise<boolean> {
    if (lease === undefined || (await lease.stillHeld())) return false;
    if (running) log.error('webhooks: this probe is no longer the writer; delivery stops');
    running = false;
    clearTimeout(timer);
    return true;
  }

  /** The queue, read from its file on first use; later calls see every change since. */
  async function load(): Promise<WebhookQueue> {
    loading ??= readWebhookQueue(queueFile, log.error).then((read) => {
      queue = read;
      if (read.deliveries.length > 0) log.info(`webhooks: ${read.deliveries.length} delivery(ies) queued from before`);
      return read;
    });
    const read = await loading;
    return queue ?? read;
  }

  function persist(): Promise<void> {
    const snapshot = queue;
    if (snapshot === undefined) return writes;
    writes = writes
      .then(async () => {
        if (!(await fenced())) await writeWebhookQueue(queueFile, snapshot, lease);
      })
      .catch((error: unknown) => {
        if (error instanceof WriterFencedError) return;
        log.error(`webhooks: could not save the queue: ${String(error)}`);
      });
    return writes;
  }

  /** Folds waiting deliveries about one subject into one per receiver (`supersedeDeliveries`); true if any were. */
  function supersede(current: WebhookQueue): boolean {
    const result = supersedeDeliveries(current, new Set(busy.keys()), queueTargets);
    queue = result.queue;
    for (const { delivery, replaced } of result.superseded) {
      const url = byKey.get(delivery.target)?.url ?? '';
      log.info(
        `webhooks: ${replaced.length} undelivered event(s) to ${redactUrl(url)} about one subject folded into ${delivery.event_id} (${replaced.join(', ')})`,
      );
    }
    return result.superseded.length > 0;
  }

  /** Drops what is too old or has no receiver any more; true if anything went. */
  function expire(current: WebhookQueue): boolean {
    const result = expireDeliveries(current, now(), maxAgeMs, new Set(byKey.keys()), new Set(busy.keys()));
    queue = result.queue;
    for (const delivery of result.expired) {
      const url = byKey.get(delivery.target)?.url ?? '';
      log.error(
        `webhooks: gave up on ${delivery.event_id} to ${redactUrl(url)} after ${delivery.attempts} attempt(s) over ${Math.round(maxAgeMs / 60_000)} min`,
      );
    }
    for (const delivery of result.orphaned) {
      log.info(`webhooks: dropped ${delivery.event_id}: its receiver is no longer configured`);
    }
    return result.expired.length + result.orphaned.length > 0;
  }

  async function attempt(delivery: Delivery, timeoutMs: number): Promise<void> {
    const target = byKey.get(delivery.target);
    if (target === undefined || (await fenced())) return;
    const result = await post({
      url: target.url,
      body: delivery.body,
      eventId: delivery.event_id,
      ...(target.secret === undefined ? {} : { secret: target.secret }),
      timestampSeconds: Math.floor(now() / 1000),
      timeoutMs,
      signal: controller.signal,
    });
    // Cut short by shutdown: not the receiver's failure; it stays due for the next run.
    if (controller.signal.aborted && !result.accepted) return;
    if (queue === undefined) return;
    const attempts = delivery.attempts + 1;
    const delayMs = retryDelayMs(attempts, random(), retry);
    queue = recordAttempt(queue, deliveryKey(delivery), result.accepted, now() + delayMs);
    if (result.accepted)
      log.info(`webhooks: ${delivery.event_id} accepted by ${redactUrl(target.url)} (attempt ${attempts})`);
    else {
      log.error(
        `webhooks: ${delivery.event_id} to ${redactUrl(target.url)}: ${result.reason ?? 'failed'} (attempt ${attempts}); retrying in ${Math.round(delayMs / 1000)} s`,
      );
    }
    await persist();
  }

  function pump(): void {
    clearTimeout(timer);
    if (!running || queue === undefined) return;
    const folded = supersede(queue);
    const expired = queue !== undefined && expire(queue);
    if (folded || expired) void persist();
    if (queue === undefined) return;
    const free = concurrency - busy.size;
    for (const delivery of dueDeliveries(queue, now(), new Set(busy.keys())).slice(0, Math.max(0, free))) {
      const key = deliveryKey(delivery);
      busy.set(
        key,
        attempt(delivery, attemptTimeoutMs).finally(() => {
          busy.delete(key);
          pump();
        }),
      );
    }
    const next = nextDueMs(queue, new Set(busy.keys()));
    if (next !== undefined && busy.size < concurrency) {
      timer = setTimeout(pump, Math.min(MAX_SLEEP_MS, Math.max(0, next - now())));
      timer.unref();
    }
  }

  return {
    async enqueue(events) {
      if (events.length === 0 || targets.length === 0) return;
      const current = await load();
      queue = enqueueEvents(current, events, queueTargets, now(), 2 * maxAgeMs);
      await persist();
      pump();
    },
    start() {
      if (targets.length === 0) return;
      running = true;
      void load().then(pump);
    },
    fence(fence) {
      lease = fence;
    },
    async deliverDueOnce(withinMs) {
      if (targets.length === 0) return;
      const folded = supersede(await load());
      if (expire(await load()) || folded) await persist();
      const deadline = now() + withinMs;
      const due = dueDeliveries(await load(), now(), new Set(busy.keys()));
      await mapConcurrently(due, concurrency, async (delivery) => {
        const leftMs = deadline - now();
        if (leftMs > 0) await attempt(delivery, Math.min(attemptTimeoutMs, leftMs));
      });
      await writes;
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      controller.abort(new Error('webhooks stopping'));
      await Promise.all(busy.values());
      await writes;
    },
    async pending() {
      return (await load()).deliveries;
    },
  };
}
