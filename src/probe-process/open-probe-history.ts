import { createHistoryRecorder, type HistoryRecorder } from '../history/history-recorder.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { groupsOf } from '../schemas/component-groups.js';
import { DEFAULT_RETENTION } from '../settings/history-retention.js';
import type { ProbeSettings } from '../settings/probe-settings.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';

export interface ProbeHistoryOptions {
  readonly settings: ProbeSettings;
  /** The public directory's writer, fenced when the probe holds the lock. */
  readonly publicDir: PublicDirWriter;
  readonly log: ProbeLog;
  readonly now: () => Date;
  readonly fence: WriteFence | undefined;
}

/** The probe's history in `historyFile`, as its settings keep it (region, components, schedule, retention); none without a file. */
export function openProbeHistory(
  historyFile: string | undefined,
  { settings, publicDir, log, now, fence }: ProbeHistoryOptions,
): HistoryRecorder | undefined {
  if (historyFile === undefined) return undefined;
  return createHistoryRecorder({
    file: historyFile,
    publicDir,
    regionName: settings.regionName,
    componentNames: settings.components.map((component) => component.name),
    // The groups Statuspage's documents show, from the same config: the page reads them from the summary.
    groups: groupsOf(settings.components),
    intervalMs: scheduleIntervalMs(settings.schedule),
    retention: settings.history ?? DEFAULT_RETENTION,
    log,
    now,
    fence,
  });
}
