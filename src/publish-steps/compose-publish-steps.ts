import { dirname } from 'node:path';
import { UPTIME_PATH } from '../api-paths.js';
import type { ProbeObserver } from '../cycle/probe-observer.js';
import { listFeedScopes } from '../feed/feed-scopes.js';
import type { HistoryRecorder } from '../history/history-recorder.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { groupsOf } from '../schemas/component-groups.js';
import type { ProbeSettings } from '../settings/probe-settings.js';
import type { Subscriptions } from '../subscriptions/create-subscriptions.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';
import { publishBadgesStep } from './publish-badges-step.js';
import { publishCalendarsStep } from './publish-calendars-step.js';
import { publishFeedStep } from './publish-feed-step.js';
import { publishHeartbeatsStep } from './publish-heartbeats-step.js';
import { publishLlmsTxtStep } from './publish-llms-txt-step.js';
import { publishNoticesStep } from './publish-notices-step.js';
import { publishObservationsStep } from './publish-observations-step.js';
import { publishReportsStep } from './publish-reports-step.js';
import { publishScopedFeedsStep } from './publish-scoped-feeds-step.js';
import { publishStatusMarkdownStep } from './publish-status-markdown-step.js';
import { publishStatusStep } from './publish-status-step.js';
import { publishStatuspageStep } from './publish-statuspage-step.js';
import type { CycleToPublish, PublishStep, StepParts } from './publish-step.js';
import { queueWebhookEventsStep } from './queue-webhook-events-step.js';
import { recordHistoryStep } from './record-history-step.js';
import { type SaveState, saveStateStep } from './save-state-step.js';
import { uploadStep } from './upload-step.js';

/** What the steps are made of: the probe's settings and the parts built at start-up. */
export interface PublishParts {
  readonly settings: ProbeSettings;
  readonly publicDir: PublicDirWriter;
  /** The probe's state file: the webhook queue and what was announced live beside it. */
  readonly stateFile: string;
  readonly log: ProbeLog;
  /** The history, when one is kept. */
  readonly history: HistoryRecorder | undefined;
  /** Whether the probe publishes `/api/v1/notices` from the notices it reads (`NoticesSource.owned`). */
  readonly ownsNotices: boolean;
  /** The feed, the webhooks and Statuspage's documents, as the CLI configures them; none without. */
  readonly subscriptions: Subscriptions | undefined;
  /** Told how long the history took to write (the probe's metrics). */
  readonly observer: ProbeObserver | undefined;
  /** A monotonic clock in milliseconds. */
  readonly clock: () => number;
  /** The writer lock's lease, when the probe holds one: for the state directory's files (`StepParts.fence`). */
  readonly fence?: WriteFence | undefined;
}

/** What the cycle's first steps are made of besides: the conditions' clock, and the state's saver. */
export interface HeadParts {
  readonly now: () => Date;
  /** Keeps the cycle's memory and saves it when due (the probe's state saver). */
  readonly saveState: SaveState;
}

/**
 * Everything a published cycle does, in the order it is done: the status
 * (flushed), the observations and the state, required (a failure or a
 * fence there ends the cycle), then the steps after them
 * (`composeStepsAfterStatus`). Each step names the files it owns
 * (`PublishStep.owns`), so the probe clears a killed writer's temp files
 * beside them at start-up.
 */
export function composePublishSteps(parts: PublishParts & HeadParts): readonly PublishStep<CycleToPublish>[] {
  const stepParts: StepParts = { publicDir: parts.publicDir, log: parts.log, fence: parts.fence, now: parts.now };
  return [
    publishStatusStep(stepParts),
    // The peers' votes read this; a failed write leaves the old one to go stale, which they then ignore.
    publishObservationsStep(stepParts),
    saveStateStep(parts.saveState),
    ...composeStepsAfterStatus(parts),
  ];
}

/**
 * Everything done after a cycle's status, observations and state, in the
 * order it is done; a new publisher is one more line here.
 */
export function composeStepsAfterStatus(parts: PublishParts): readonly PublishStep[] {
  const { settings, publicDir, log, history, subscriptions } = parts;
  const stepParts: StepParts = { publicDir, log, fence: parts.fence };
  const statuspage = subscriptions?.settings.statuspage;
  const steps = [
    // The notices the status applies, beside it: a reader never finds a declared state without its notice.
    parts.ownsNotices ? publishNoticesStep(stepParts) : undefined,
    // What each heartbeat component expects and last heard, as this cycle's checks read it.
    publishHeartbeatsStep(stepParts),
    // A record of what was published: after the status, never before it.
    history && recordHistoryStep(history, parts),
    // The monthly reports, from the history just recorded.
    history &&
      publishReportsStep(stepParts, history, {
        regionName: settings.regionName,
        slos: new Map(
          settings.components.flatMap(({ name, slo }) => (slo === undefined ? [] : [[name, slo] as const])),
        ),
      }),
    // The badges, the feed and Statuspage's documents come after the history, whose uptime and incidents they
    // show: in memory, as written, not read back and parsed again.
    publishBadgesStep(stepParts, {
      uptimeFile: history && publicDir.fileOf(UPTIME_PATH),
      groups: groupsOf(settings.components),
    }),
    subscriptions &&
      queueWebhookEventsStep(stepParts, {
        webhooks: subscriptions.settings.webhooks,
        deliverer: subscriptions.deliverer,
        region: { code: settings.regionCode, name: settings.regionName },
        stateDir: dirname(parts.stateFile),
        maintenanceUpcomingMs: subscriptions.settings.maintenanceUpcomingMs ?? 0,
      }),
    subscriptions && publishFeedStep(stepParts, subscriptions.settings.publicUrl),
    subscriptions &&
      publishScopedFeedsStep(stepParts, {
        publicUrl: subscriptions.settings.publicUrl,
        scopes: listFeedScopes(settings.components),
      }),
    subscriptions &&
      publishCalendarsStep(stepParts, {
        publicUrl: subscriptions.settings.publicUrl,
        components: settings.components,
        windows: settings.maintenanceWindows ?? [],
      }),
    statuspage && publishStatuspageStep(stepParts, statuspage),
    // The status in markdown after the history, whose incidents give each component's since-when; and the index.
    publishStatusMarkdownStep(stepParts, {
      intervalMs: scheduleIntervalMs(settings.schedule),
      siteUrl: subscriptions?.settings.publicUrl,
    }),
    publishLlmsTxtStep(stepParts, {
      regionName: settings.regionName,
      components: settings.components.map(({ name }) => name),
      siteUrl: subscriptions?.settings.publicUrl,
    }),
    // Last of all: the local files are already written, whatever the store does.
    publicDir.mirror && uploadStep(publicDir),
  ];
  return steps.filter((step) => step !== undefined);
}
