import { join } from 'node:path';
import { FEED_PATH, NOTICES_PATH } from '../api-paths.js';
import { errorMessage } from '../errors/describe-error.js';
import { publishFeed } from '../feed/publish-feed.js';
import type { PublishedHistory } from '../history/published-history.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import type { ProbeLog } from '../outbound/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import type { StatusValue } from '../schemas/status-value.js';
import { publishStatuspage, type StatuspageWritten } from '../statuspage/publish-statuspage.js';
import {
  ANNOUNCED_NOTICES_FILE,
  readAnnouncedNotices,
  writeAnnouncedNotices,
} from '../webhooks/announced-notices-file.js';
import {
  createWebhookDeliverer,
  type DelivererOptions,
  type WebhookDeliverer,
} from '../webhooks/create-webhook-deliverer.js';
import { decideNoticeEvents } from '../webhooks/decide-notice-events.js';
import { decideStatusEvents } from '../webhooks/decide-status-events.js';
import { WEBHOOK_QUEUE_FILE } from '../webhooks/webhook-queue-file.js';
import type { SubscriptionSettings } from './subscription-settings.js';

/** What a published cycle tells the subscriptions: the document, and each component's published state before and now. */
export interface PublishedCycle {
  readonly status: ServiceStatus;
  readonly components: readonly {
    readonly name: string;
    readonly before: StatusValue | undefined;
    readonly memory: { readonly published: StatusValue };
    /** Its certificate expires within `min_certificate_days`: the reason a degradation is announced with. */
    readonly certificateWarning?: { readonly reason: string };
  }[];
}

export interface SubscriptionsOptions {
  readonly settings: SubscriptionSettings;
  readonly region: { readonly code: string; readonly name: string };
  /** Where the notices and incidents are read from and the feed is written. */
  readonly publicDir: PublicDirWriter;
  /** The probe's state directory: the webhook queue and what was announced. */
  readonly stateDir: string;
  readonly log: ProbeLog;
  /** Overrides for the deliverer (tests: fast retries, a fixed clock). */
  readonly delivery?: Partial<Omit<DelivererOptions, 'queueFile' | 'targets' | 'log'>>;
}

/** The feed, the webhooks and the Statuspage documents, as the probe drives them. */
export interface Subscriptions {
  /**
   * After a published cycle: queue its events, re-render the feed and the Statuspage documents. Quick file work only;
   * never throws. `history` is the history documents as the probe just wrote them; left out, they are read from disk.
   */
  afterPublish(cycle: PublishedCycle, history?: PublishedHistory): Promise<void>;
  readonly deliverer: WebhookDeliverer;
  /**
   * The files `afterPublish` and the deliverer replace by name (the feed, the
   * webhook queue, what was announced): the prober clears the temp files a
   * killed writer left beside them when it starts, as it does for its own.
   */
  readonly files: readonly string[];
}

/**
 * Wires a published cycle to the subscribers. Deciding the events is pure
 * (`decideStatusEvents`, `decideNoticeEvents`); this only reads and writes
 * files and hands events to the deliverer, which sends them apart from the
 * cycle, so a slow receiver never holds up publishing.
 */
export function createSubscriptions(options: SubscriptionsOptions): Subscriptions {
  const { settings, region, publicDir, stateDir, log } = options;
  const deliverer = createWebhookDeliverer({
    ...options.delivery,
    queueFile: join(stateDir, WEBHOOK_QUEUE_FILE),
    targets: settings.webhooks,
    log,
  });
  const announcedFile = join(stateDir, ANNOUNCED_NOTICES_FILE);
  let feed: string | undefined;
  let statuspageWritten: StatuspageWritten | undefined;

  async function queueEvents({ status, components }: PublishedCycle): Promise<void> {
    const changes = components.map(({ name, before, memory, certificateWarning }) => ({
      name,
      before,
      after: memory.published,
      // Only a published degradation is the certificate's doing; a worse state has a worse cause.
      reason: memory.published === 'degraded_performance' ? certificateWarning?.reason : undefined,
    }));
    const statusEvents = decideStatusEvents({ region, components: changes, at: status.updated_at });
    let readable = true;
    const published = await readOptionalDocument(publicDir.fileOf(NOTICES_PATH), NoticesDocumentSchema).catch(
      (error: unknown) => {
        readable = false;
        log.error(`webhooks: notices not read: ${errorMessage(error)}`);
        return undefined;
      },
    );
    const announced = await readAnnouncedNotices(announcedFile, log.error);
    const decision = decideNoticeEvents(published?.notices ?? [], announced ?? {}, status.updated_at);
    // A first run takes what is published as already announced, rather than announcing every old notice.
    const noticeEvents = announced === undefined || !readable ? [] : decision.events;
    await deliverer.enqueue([...statusEvents, ...noticeEvents]);
    // Saved only after the events are queued: a crash in between announces again (at least once), never never.
    if (readable) await writeAnnouncedNotices(announcedFile, decision.announced);
  }

  return {
    deliverer,
    files: [publicDir.fileOf(FEED_PATH), join(stateDir, WEBHOOK_QUEUE_FILE), announcedFile],
    async afterPublish(cycle, history) {
      if (settings.webhooks.length > 0) {
        await queueEvents(cycle).catch((error: unknown) =>
          log.error(`webhooks: events not queued: ${errorMessage(error)}`),
        );
      }
      await publishFeed({
        publicDir,
        publicUrl: settings.publicUrl,
        incidents: history?.incidents,
        lastWritten: feed,
      }).then(
        (written) => {
          feed = written;
        },
        (error: unknown) => log.error(`feed not written: ${errorMessage(error)}`),
      );
      const { statuspage } = settings;
      if (statuspage !== undefined) {
        // Judged at the cycle's own time, so the documents agree with the status they embed.
        const now = new Date(cycle.status.updated_at);
        await publishStatuspage({
          publicDir,
          settings: statuspage,
          status: cycle.status,
          now,
          history,
          lastWritten: statuspageWritten,
        }).then(
          (written) => {
            statuspageWritten = written;
          },
          (error: unknown) => {
            // Some of the eight may be new and some old: all are written again next cycle.
            statuspageWritten = undefined;
            log.error(`Statuspage documents not written: ${errorMessage(error)}`);
          },
        );
      }
    },
  };
}
