import { WriterFencedError } from '../errors/writer-fenced-error.js';
import type { ProbeState } from '../schemas/probe-state.js';
import type { CycleToPublish, PublishStep } from './publish-step.js';

/**
 * Keeps the cycle's flapping memory and saves it when due; never throws but
 * `fenced` when the writer lock's lease no longer holds (the probe's state saver).
 */
export type SaveState = (state: ProbeState) => Promise<'saved' | 'not due' | 'failed' | 'fenced'>;

/**
 * The flapping memory of a published cycle kept, and saved to the state
 * file when that is due (`save`), after the status and the observations.
 * Required only against a fence: a failed save is logged by the saver and
 * tried again next cycle.
 */
export function saveStateStep(save: SaveState): PublishStep<CycleToPublish> {
  return {
    name: 'state',
    owns: {},
    required: true,
    async run({ state }) {
      if ((await save(state)) === 'fenced') throw new WriterFencedError('the probe state');
      return undefined;
    },
  };
}
