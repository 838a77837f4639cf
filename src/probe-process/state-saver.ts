import { describeIoError, errorKey } from '../errors/describe-error.js';
import { displayPath } from '../io/display-path.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { ProbeState } from '../schemas/probe-state.js';
import { isStateSaveDue, type SavedState, serializeMemory, writeProbeState } from './probe-state-file.js';

/** Saves the probe's memory after a published cycle, when that is due. */
export interface StateSaver {
  /** Never throws: a failure is logged once, and the memory is saved again the next cycle. */
  save(state: ProbeState): Promise<void>;
}

/**
 * The state file's writer: it saves the memory when it changed, or every few
 * minutes (`isStateSaveDue`), since a flush a cycle of the same memory buys
 * nothing; a save that fails is logged when it starts, changes and ends.
 */
export function createStateSaver({
  stateFile,
  log,
  now,
}: {
  readonly stateFile: string;
  readonly log: ProbeLog;
  readonly now: () => Date;
}): StateSaver {
  const failing = createConditionLog({ log, now });
  let saved: SavedState | undefined;
  return {
    async save(state) {
      const memory = serializeMemory(state);
      const savedAt = now();
      if (!isStateSaveDue(saved, memory, savedAt.getTime())) return;
      try {
        await writeProbeState(stateFile, state, savedAt);
        saved = { memory, atMs: savedAt.getTime() };
        failing.clear(`saving the probe state to ${displayPath(stateFile)} again`);
      } catch (error) {
        failing.holds(
          errorKey(error),
          `could not save the probe state to ${displayPath(stateFile)}: ${describeIoError(error)}; ` +
            'the flapping memory is kept in memory and saved again each cycle',
        );
      }
    },
  };
}
