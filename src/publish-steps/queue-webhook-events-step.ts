import { join } from 'node:path';
import { errorMessage } from '../errors/describe-error.js';
import {
  ANNOUNCED_NOTICES_FILE,
  readAnnouncedNotices,
  writeAnnouncedNotices,
} from '../webhooks/announced-notices-file.js';
import {
  ANNOUNCED_UPCOMING_FILE,
  readAnnouncedUpcoming,
  writeAnnouncedUpcoming,
} from '../webhooks/announced-upcoming-file.js';
import type { WebhookDeliverer } from '../webhooks/create-webhook-deliverer.js';
import { decideNoticeEvents } from '../webhooks/decide-notice-events.js';
import { decideStatusEvents } from '../webhooks/decide-status-events.js';
import { decideUpcomingEvents } from '../webhooks/decide-upcoming-events.js';
import { WEBHOOK_QUEUE_FILE } from '../webhooks/webhook-queue-file.js';
import type { WebhookTarget } from '../webhooks/webhook-target.js';
import type { PublishedCycle, PublishStep, StepParts } from './publish-step.js';

export interface WebhookEventsSources {
  /** The configured webhooks: with none, nothing is queued. */
  readonly webhooks: readonly WebhookTarget[];
  readonly deliverer: WebhookDeliverer;
  readonly region: { readonly code: string; readonly name: string };
  /** The probe's state directory: the webhook queue and what was announced. */
  readonly stateDir: string;
  /** How long before a maintenance window its `maintenance_upcoming` event is queued; 0 for none. */
  readonly maintenanceUpcomingMs?: number;
}

/**
 * Queues a published cycle's webhook events: each component's published
 * change, each notice published, updated or resolved since the last
 * announcement, and the reminder of each maintenance about to start
 * (`decideUpcomingEvents`), once across restarts. Deciding them is pure (`decideStatusEvents`,
 * `decideNoticeEvents`); the deliverer sends them apart from the cycle, so a
 * slow receiver never holds up publishing.
 */
export function queueWebhookEventsStep(
  { log, fence }: StepParts,
  { webhooks, deliverer, region, stateDir, maintenanceUpcomingMs = 0 }: WebhookEventsSources,
): PublishStep {
  const announcedFile = join(stateDir, ANNOUNCED_NOTICES_FILE);
  const upcomingFile = join(stateDir, ANNOUNCED_UPCOMING_FILE);

  async function queueEvents({ components, status, notices }: PublishedCycle): Promise<void> {
    const changes = components.map(({ name, before, published, declaration, certificateWarning }) => ({
      name,
      before,
      after: published,
      reason:
        declaration !== undefined
          ? `declared in notice ${declaration.notice.id}: ${declaration.notice.title}`
          : // Only a published degradation is the certificate's doing; a worse state has a worse cause.
            published === 'degraded_performance'
            ? certificateWarning?.reason
            : undefined,
    }));
    const statusEvents = decideStatusEvents({ region, components: changes, at: status.updated_at });
    const readable = notices !== undefined;
    const announced = await readAnnouncedNotices(announcedFile, log.error);
    const decision = decideNoticeEvents(notices ?? [], announced ?? {}, status.updated_at);
    // A first run takes what is published as already announced, rather than announcing every old notice.
    const noticeEvents = announced === undefined || !readable ? [] : decision.events;
    const reminded = readable ? await readAnnouncedUpcoming(upcomingFile, log.error) : {};
    const upcoming = decideUpcomingEvents(
      notices ?? [],
      reminded,
      Date.parse(status.updated_at),
      maintenanceUpcomingMs,
    );
    await deliverer.enqueue([...statusEvents, ...noticeEvents, ...upcoming.events]);
    // Saved only after the events are queued: a crash in between announces again (at least once), never never.
    if (readable) await writeAnnouncedNotices(announcedFile, decision.announced, fence);
    if (readable && JSON.stringify(upcoming.announced) !== JSON.stringify(reminded)) {
      await writeAnnouncedUpcoming(upcomingFile, upcoming.announced, fence);
    }
  }

  return {
    name: 'webhook events',
    // The queue is the deliverer's, written between cycles too; its temp files are cleared with this step's.
    owns: { stateFiles: [join(stateDir, WEBHOOK_QUEUE_FILE), announcedFile, upcomingFile] },
    async run(cycle) {
      if (webhooks.length > 0) {
        await queueEvents(cycle).catch((error: unknown) =>
          log.error(`webhooks: events not queued: ${errorMessage(error)}`),
        );
      }
      return undefined;
    },
  };
}
