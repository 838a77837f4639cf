import type { CycleReport } from './cycle-report.js';
import type { CycleOutcome } from './run-cycle.js';

/**
 * What the prober tells an onlooker (the probe's metrics) as it works: each
 * cycle's outcome and report once the cycle is over, and how long the
 * history took to record a published one. The prober knows nothing of what
 * the onlooker does with it; an observer must not throw and must be quick.
 */
export interface ProbeObserver {
  cycleEnded(outcome: CycleOutcome, report: CycleReport): void;
  historyRecorded(durationMs: number): void;
}
