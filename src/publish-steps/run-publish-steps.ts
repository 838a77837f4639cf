import { errorMessage } from '../errors/describe-error.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublishedCycle, PublishStep, StepReport, StepsReport } from './publish-step.js';

/**
 * Runs each step in turn on a published cycle and gathers what they report.
 * A step logs its own failures; one that throws all the same is logged here
 * and the next runs. Before each step the writer lock's lease (`fence`) is
 * asked: once it no longer holds, no further step runs (each write of the
 * step under way is refused on its own) and the report says `fenced`.
 */
export async function runPublishSteps(
  steps: readonly PublishStep[],
  cycle: PublishedCycle,
  log: ProbeLog,
  fence?: WriteFence,
): Promise<StepsReport> {
  let gathered: StepReport = {};
  for (const step of steps) {
    if (fence !== undefined && !fence.holds()) return { ...gathered, fenced: true };
    const report = await step.run(cycle).catch((error: unknown) => {
      log.error(`${step.name} not published: ${errorMessage(error)}`);
      return undefined;
    });
    gathered = { ...gathered, ...report };
  }
  return fence === undefined || fence.holds() ? gathered : { ...gathered, fenced: true };
}
