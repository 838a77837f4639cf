import { errorMessage } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublishedCycle, PublishStep, StepReport, StepsReport } from './publish-step.js';

/**
 * Runs each step in turn on a published cycle and gathers what they report.
 * A step that throws is logged here, in its words (`failed`), and the next runs, unless it is `required`, which ends the run
 * (`stopped`). Before each step the writer lock's lease (`fence`) is asked:
 * once it no longer holds, no further step runs (each write of the step
 * under way is refused on its own) and the report says `fenced`.
 * `requiredWritten` is called once the last required step has run: the
 * cycle is published, and the steps after it follow.
 */
export async function runPublishSteps<Cycle extends PublishedCycle>(
  steps: readonly PublishStep<Cycle>[],
  cycle: Cycle,
  log: ProbeLog,
  fence?: WriteFence,
  requiredWritten?: () => void,
): Promise<StepsReport> {
  const required = steps.filter((step) => step.required);
  const done: string[] = [];
  // What was written when a fence stopped the steps, as the log line says it.
  const where = () =>
    done.length === 0
      ? 'this cycle'
      : done.length < required.length
        ? `after the ${done.join(' and the ')}`
        : `after the ${required[0]?.name}, by the steps after it`;
  let gathered: StepReport = {};
  for (const step of steps) {
    if (fence !== undefined && !fence.holds()) return { ...gathered, stopped: { why: 'fenced', where: where() } };
    if (step.required) {
      const failure = await step.run(cycle).then(
        () => undefined,
        (error: unknown) => (error instanceof WriterFencedError ? 'fenced' : 'write_failed'),
      );
      if (failure !== undefined) return { ...gathered, stopped: { why: failure, where: where() } };
      done.push(step.name);
      if (done.length === required.length) requiredWritten?.();
      continue;
    }
    const report = await step.run(cycle).catch((error: unknown) => {
      log.error(`${step.name} ${step.failed ?? 'not published'}: ${errorMessage(error)}`);
      return undefined;
    });
    gathered = { ...gathered, ...report };
  }
  return fence === undefined || fence.holds() ? gathered : { ...gathered, stopped: { why: 'fenced', where: where() } };
}
