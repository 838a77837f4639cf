import { errorMessage } from '../errors/describe-error.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublishedCycle, PublishStep, StepReport } from './publish-step.js';

/**
 * Runs each step in turn on a published cycle and gathers what they report.
 * A step logs its own failures; one that throws all the same is logged here
 * and the next runs.
 */
export async function runPublishSteps(
  steps: readonly PublishStep[],
  cycle: PublishedCycle,
  log: ProbeLog,
): Promise<StepReport> {
  let gathered: StepReport = {};
  for (const step of steps) {
    const report = await step.run(cycle).catch((error: unknown) => {
      log.error(`${step.name} not published: ${errorMessage(error)}`);
      return undefined;
    });
    gathered = { ...gathered, ...report };
  }
  return gathered;
}
