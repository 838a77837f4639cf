import { NOTICES_PATH, OBSERVATIONS_PATH, STATUS_PATH } from '../api-paths.js';
import type { CycleReport } from '../cycle/cycle-report.js';
import { NO_DECLARATIONS } from '../cycle/declarations.js';
import type { ProbeObserver } from '../cycle/probe-observer.js';
import { type CycleOutcome, runCycle } from '../cycle/run-cycle.js';
import { CONSOLE_PROBE_LOG } from '../log/probe-log.js';
import { declareStates } from '../notices/declare-states.js';
import { publishedNoticesSource } from '../notices/notices-source.js';
import { fetchPeersObservations } from '../peers/fetch-peer-observations.js';
import { keepNewestObservations } from '../peers/keep-newest-observations.js';
import { composePublishSteps } from '../publish-steps/compose-publish-steps.js';
import type { PublishedCycle } from '../publish-steps/publish-step.js';
import { runPublishSteps } from '../publish-steps/run-publish-steps.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import type { ProbeState } from '../schemas/probe-state.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { createCheckSources } from './check-sources.js';
import { clearStaleTempFiles } from './clear-stale-temp-files.js';
import { createCycleLogObserver } from './cycle-log-observer.js';
import { openProbeHistory } from './open-probe-history.js';
import { checkProberLocations, readProbeState } from './probe-state-file.js';
import type { Prober, ProberOptions } from './prober-options.js';
import { createStateSaver } from './state-saver.js';

export type { CycleReport } from '../cycle/cycle-report.js';
export type { Prober, ProberOptions } from './prober-options.js';

/**
 * The probe with its memory. The state file is read before the first cycle
 * (which also clears temp files a killed writer left behind) and then held in
 * memory; it is written after every published cycle so that `--once` runs
 * under cron carry it from one run to the next. Throws `InputError` if the
 * state file would be inside `publicDir`.
 */
export function createProber(options: ProberOptions): Prober {
  const { settings, stateFile, lease } = options;
  checkProberLocations(options.publicDir.dir, stateFile, options.historyFile);
  // Everything this prober writes under the public directory asks the lease first.
  const publicDir = lease === undefined ? options.publicDir : options.publicDir.withFence(lease);
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const statusFile = publicDir.fileOf(STATUS_PATH);
  const now = options.now ?? (() => new Date());
  // A peer's answer older than what it said before is not counted over it.
  const fetchPeers = keepNewestObservations(options.fetchPeers ?? fetchPeersObservations);
  const noticesSource = options.notices ?? publishedNoticesSource(publicDir.fileOf(NOTICES_PATH));
  const observers: ProbeObserver[] = [createCycleLogObserver({ settings, log, now, statusFile })];
  if (options.observer !== undefined) observers.push(options.observer);
  let state: ProbeState | undefined;
  const stateSaver = createStateSaver({ stateFile, log, now, fence: lease });
  const history = openProbeHistory(options.historyFile, { settings, publicDir, log, now, fence: lease });
  if (lease !== undefined) options.subscriptions?.deliverer.fence(lease);
  // What the checks of other kinds read across cycles: the heartbeats' pushes and the providers' pages.
  const sources = createCheckSources(settings, stateFile, log, now);
  const steps = composePublishSteps({
    settings,
    publicDir,
    stateFile,
    log,
    history,
    now,
    fence: lease,
    ownsNotices: noticesSource.owned,
    subscriptions: options.subscriptions,
    observer: options.observer,
    clock: options.clock ?? (() => performance.now()),
    saveState: (next) => {
      state = next;
      return stateSaver.save(next);
    },
  });

  async function prepare(): Promise<ProbeState> {
    const owned = steps.map((step) => step.owns);
    await clearStaleTempFiles(publicDir, owned, stateFile, log);
    await sources.heartbeats.prepare();
    return readProbeState(stateFile, { now: now(), onProblem: log.error });
  }

  // Fencing: a writer paused past its lease (another may have taken over meanwhile) writes nothing more.
  function fenced(where: string): CycleReport {
    log.error(`this probe is no longer the writer: nothing written ${where}`);
    return { published: false, why: 'fenced' };
  }

  async function publish(
    outcome: CycleOutcome,
    notices: PublishedCycle['notices'],
    signal: AbortSignal | undefined,
  ): Promise<CycleReport> {
    if (outcome.kind === 'aborted') return { published: false, why: 'aborted' };
    if (outcome.kind === 'offline') {
      await history?.recordUnpublished(now());
      return { published: false, why: 'offline' };
    }
    if (lease !== undefined && !(await lease.stillHeld())) return fenced('this cycle');
    // A bug here must never reach readers: the server would refuse the file anyway.
    const cycle = {
      status: ServiceStatusSchema.parse(outcome.status),
      observations: ObservationsDocumentSchema.parse(outcome.observations),
      state: outcome.state,
      components: outcome.components,
      notices,
      history: () => history?.published(),
      signal,
    };
    const { stopped, ...reported } = await runPublishSteps(steps, cycle, log, lease, () => {
      for (const observer of observers) observer.cyclePublished?.(outcome);
    });
    if (stopped?.why === 'fenced') return fenced(stopped.where);
    if (stopped?.why === 'write_failed') return { published: false, why: 'write_failed' };
    return { published: true, statusFile, ...reported };
  }

  return {
    statusFile,
    observationsFile: publicDir.fileOf(OBSERVATIONS_PATH),
    async runCycle(signal) {
      state ??= await prepare();
      const notices = await noticesSource.read(now());
      const declarations = notices === undefined ? NO_DECLARATIONS : declareStates(notices);
      const outcome = await runCycle({
        settings,
        state,
        check: options.check,
        sources,
        fetchPeers,
        declarations,
        now,
        signal,
      });
      for (const observer of observers) observer.cycleDecided?.(outcome);
      const report = await publish(outcome, notices, signal);
      for (const observer of observers) observer.cycleEnded(outcome, report);
      return report;
    },
    close() {
      history?.close();
      publicDir.close();
    },
  };
}
