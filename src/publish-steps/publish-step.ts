import type { ComponentOutcome } from '../cycle/run-cycle.js';
import type { PublishedHistory } from '../history/published-history.js';
import type { WriteFence } from '../io/write-fence.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { MirrorReport } from '../object-store/public-dir-mirror.js';
import type { PublicDirWriter, UrlPath } from '../public-dir/public-dir-writer.js';
import type { Notice } from '../schemas/notice.js';
import type { ObservationsDocument } from '../schemas/observations.js';
import type { ProbeState } from '../schemas/probe-state.js';
import type { ServiceStatus } from '../schemas/service-status.js';

/** What every step is made with: the public directory's writer, and the log its failures go to. */
export interface StepParts {
  /** Fenced by the writer lock's lease when the probe holds one (`PublicDirWriter.withFence`). */
  readonly publicDir: PublicDirWriter;
  readonly log: ProbeLog;
  /** The writer lock's lease, for what a step writes outside the public directory (the state directory's files). */
  readonly fence?: WriteFence | undefined;
  /** The clock of the conditions a step logs when they start, change and end. */
  readonly now?: (() => Date) | undefined;
}

/** What each step is told of a cycle whose status was just published. */
export interface PublishedCycle {
  /** The status as published, checked against its schema. */
  readonly status: ServiceStatus;
  /** What the cycle saw and decided for each component, its published state before and now among it. */
  readonly components: readonly ComponentOutcome[];
  /**
   * The notices the cycle applied (the team's and the config's windows, as
   * of the cycle); `undefined` while none could be read, when the steps
   * that publish them leave their files as they were.
   */
  readonly notices: readonly Notice[] | undefined;
  /**
   * The history documents as this process last wrote them, if it did: what
   * the steps after the history's read in memory rather than from the files.
   */
  history(): PublishedHistory | undefined;
  /** Shutdown: a step that can take long (the upload) stops on it. */
  readonly signal: AbortSignal | undefined;
}

/** A cycle as the probe hands it to the steps: what the first ones write, and what the steps after them read. */
export interface CycleToPublish extends PublishedCycle {
  /** This region's observations, checked against their schema: published beside the status. */
  readonly observations: ObservationsDocument;
  /** The flapping memory to keep now that the cycle is published. */
  readonly state: ProbeState;
}

/** What a step adds to the cycle's report. */
export interface StepReport {
  /** How the upload to the bucket went (`--publish`). */
  readonly upload?: MirrorReport;
}

/**
 * What the steps of a cycle report together; `stopped` when they stopped
 * before the end: the lease no longer held (`fenced`), or a required step
 * failed (`write_failed`). `where` says what had been written, as the log names it.
 */
export interface StepsReport extends StepReport {
  readonly stopped?: { readonly why: 'fenced' | 'write_failed'; readonly where: string };
}

/**
 * The files a step replaces, named so that the temp files a killed writer
 * left beside them are cleared when the probe starts.
 */
export interface OwnedFiles {
  /** Paths under the public directory it replaces by name. */
  readonly paths?: readonly UrlPath[];
  /** Directories under the public directory whose every file it writes, whatever the name (one per component). */
  readonly directories?: readonly UrlPath[];
  /** Files beside the probe's state (the webhook queue). */
  readonly stateFiles?: readonly string[];
}

/**
 * One thing done after every published cycle, in its place in the list
 * (`composePublishSteps`): a publisher of documents under the public
 * directory, the webhook events, the upload. It logs its own failures and
 * never throws: a step that fails leaves the others to run.
 */
export interface PublishStep<Cycle extends PublishedCycle = PublishedCycle> {
  /** What it publishes, as a line about a failure it did not catch names it. */
  readonly name: string;
  readonly owns: OwnedFiles;
  /**
   * A step the cycle cannot be published without (the status, the
   * observations, the state), first in the list: one that throws ends the
   * cycle, `fenced` for `WriterFencedError`, `write_failed` for anything
   * else; it logs its own failures, and throws only for those that end it.
   */
  readonly required?: true;
  /** What the log says of a failure the step throws, after its name: `not published` unless given (`not written`). */
  readonly failed?: string;
  run(cycle: Cycle): Promise<StepReport | undefined>;
}
