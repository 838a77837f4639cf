import { COMPONENT_HISTORY_PATH, INCIDENTS_PATH, UPTIME_PATH } from '../api-paths.js';
import type { ProbeObserver } from '../cycle/probe-observer.js';
import type { HistoryRecorder } from '../history/history-recorder.js';
import type { PublishStep } from './publish-step.js';

export interface RecordHistoryStepOptions {
  /** Told how long the history took to write (the probe's metrics). */
  readonly observer: ProbeObserver | undefined;
  /** A monotonic clock in milliseconds. */
  readonly clock: () => number;
}

/**
 * Records the published cycle in the history, at the status's `updated_at`,
 * and writes the uptime summary, the incidents and the detail documents that
 * are due. The recorder never throws (`createHistoryRecorder`).
 */
export function recordHistoryStep(
  history: HistoryRecorder,
  { observer, clock }: RecordHistoryStepOptions,
): PublishStep {
  return {
    name: 'history',
    owns: { paths: [UPTIME_PATH, INCIDENTS_PATH], directories: [COMPONENT_HISTORY_PATH] },
    async run({ components, status }) {
      const started = clock();
      await history.recordPublished(components, new Date(Date.parse(status.updated_at)));
      observer?.historyRecorded(clock() - started);
      return undefined;
    },
  };
}
