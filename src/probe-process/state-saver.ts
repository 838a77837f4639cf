import { describeIoError, errorKey } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { displayPath } from '../io/display-path.js';
import type { WriteFence } from '../io/write-fence.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { ProbeState } from '../schemas/probe-state.js';
import { isStateSaveDue, type SavedState, serializeMemory, writeProbeState } from './probe-state-file.js';

/** Saves the probe's memory after a published cycle, when that is due. */
export interface StateSaver {
  /**
   * Saves `state` if due (`isStateSaveDue`). Never throws: a failure is
   * logged once and the memory saved again the next cycle; `fenced` when the
   * writer lock's lease no longer holds, and nothing was written.
   */
  save(state: ProbeState): Promise<'saved' | 'not due' | 'failed' | 'fenced'>;
}

export interface StateSaverOptions {
  readonly stateFile: string;
  readonly log: ProbeLog;
  readonly now: () => Date;
  /** The writer lock's lease, asked just before the file is replaced. */
  readonly fence: WriteFence | undefined;
}

/**
 * The state file's writer: it saves the memory when it changed, or every few
 * minutes (`isStateSaveDue`), since a flush a cycle of the same memory buys
 * nothing; a save that fails is logged when it starts, changes and ends.
 */
export function createStateSaver({ stateFile, log, now, fence }: StateSaverOptions): StateSaver {
  const failing = createConditionLog({ log, now });
  let saved: SavedState | undefined;
  return {
    async save(state) {
      const memory = serializeMemory(state);
      const savedAt = now();
      if (!isStateSaveDue(saved, memory, savedAt.getTime())) return 'not due';
      try {
        await writeProbeState(stateFile, state, savedAt, fence);
        saved = { memory, atMs: savedAt.getTime() };
        failing.clear(`saving the probe state to ${displayPath(stateFile)} again`);
        return 'saved';
      } catch (error) {
        if (error instanceof WriterFencedError) return 'fenced';
        failing.holds(
          errorKey(error),
          `could not save the probe state to ${displayPath(stateFile)}: ${describeIoError(error)}; ` +
            'the flapping memory is kept in memory and saved again each cycle',
        );
        return 'failed';
      }
    },
  };
}
