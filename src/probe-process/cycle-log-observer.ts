import type { ProbeObserver } from '../cycle/probe-observer.js';
import { displayPath } from '../io/display-path.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { ProbeSettings } from '../settings/probe-settings.js';
import { formatChange, formatNoQuorum, formatOffline, formatSummary, noQuorumKey } from './format-cycle-log.js';

export interface CycleLogOptions {
  readonly settings: ProbeSettings;
  readonly log: ProbeLog;
  readonly now: () => Date;
  /** The status document, as the summary line names it. */
  readonly statusFile: string;
}

/**
 * The probe's lines about its cycles, an observer beside the metrics: a
 * cycle stopped by shutdown, the connectivity check failing and passing
 * again, each component's published change, the vote without quorum, and
 * the summary, which ends `wrote FILE` once the status is out (a routine
 * line, `ProbeLog.routine`) or `NOT published` when it could not be written. What fails the same way cycle
 * after cycle is logged when it starts, changes and ends, not every cycle.
 */
export function createCycleLogObserver({ settings, log, now, statusFile }: CycleLogOptions): ProbeObserver {
  const offline = createConditionLog({ log, now });
  const noQuorum = createConditionLog({ log, now });
  return {
    cycleDecided(outcome) {
      if (outcome.kind === 'aborted') {
        log.info(`cycle stopped after ${outcome.durationMs} ms by shutdown; nothing published`);
      } else if (outcome.kind === 'offline') {
        offline.holds(outcome.result.error ?? 'unknown', formatOffline(outcome));
      } else {
        offline.clear('connectivity check passes again: publishing');
      }
    },
    cyclePublished(outcome) {
      for (const component of outcome.components) {
        const line = formatChange(component);
        if (line !== undefined) log.info(line);
      }
      const held = formatNoQuorum(outcome);
      if (held === undefined) noQuorum.clear('quorum again: global components follow the vote');
      else noQuorum.holds(noQuorumKey(outcome), held);
      (log.routine ?? log.info)(`${formatSummary(outcome, settings)}; wrote ${displayPath(statusFile)}`);
    },
    cycleEnded(outcome, report) {
      if (outcome.kind === 'observed' && !report.published && report.why === 'write_failed') {
        log.error(`${formatSummary(outcome, settings)}; NOT published`);
      }
    },
    historyRecorded() {},
  };
}
