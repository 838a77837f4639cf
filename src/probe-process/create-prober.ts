import { NOTICES_PATH, OBSERVATIONS_PATH, STATUS_PATH } from '../api-paths.js';
import type { CycleReport } from '../cycle/cycle-report.js';
import { NO_DECLARATIONS } from '../cycle/declarations.js';
import type { ProbeObserver } from '../cycle/probe-observer.js';
import { serializeObservations } from '../cycle/render-observations.js';
import { serializeStatus } from '../cycle/render-status.js';
import { type CheckFunction, type CycleOutcome, type FetchPeersFunction, runCycle } from '../cycle/run-cycle.js';
import { describeIoError, errorKey } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { createHistoryRecorder, type HistoryRecorder } from '../history/history-recorder.js';
import { displayPath } from '../io/display-path.js';
import { type ConditionLog, createConditionLog } from '../log/condition-log.js';
import { CONSOLE_PROBE_LOG, type ProbeLog } from '../log/probe-log.js';
import type { MailSubscribers } from '../mail-subscribers/mail-subscribers.js';
import { declareStates } from '../notices/declare-states.js';
import { type NoticesSource, publishedNoticesSource } from '../notices/notices-source.js';
import { fetchPeersObservations } from '../peers/fetch-peer-observations.js';
import { keepNewestObservations } from '../peers/keep-newest-observations.js';
import type { PublicDirWriter, UrlPath } from '../public-dir/public-dir-writer.js';
import { composePublishSteps } from '../publish-steps/compose-publish-steps.js';
import type { PublishedCycle } from '../publish-steps/publish-step.js';
import { runPublishSteps } from '../publish-steps/run-publish-steps.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import type { ProbeState } from '../schemas/probe-state.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { DEFAULT_RETENTION } from '../settings/history-retention.js';
import type { ProbeSettings } from '../settings/probe-settings.js';
import type { Subscriptions } from '../subscriptions/create-subscriptions.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';
import { createCheckSources } from './check-sources.js';
import { clearStaleTempFiles } from './clear-stale-temp-files.js';
import { formatChange, formatNoQuorum, formatOffline, formatSummary, noQuorumKey } from './format-cycle-log.js';
import { checkProberLocations, readProbeState } from './probe-state-file.js';
import { createStateSaver } from './state-saver.js';
import type { WriterLease } from './writer-lock.js';

export interface ProberOptions {
  readonly settings: ProbeSettings;
  /**
   * The served directory's writer: the status goes to `DIR/api/v1/status`,
   * with siblings under `--precompress`, and to the bucket under `--publish`.
   * Closed with the prober.
   */
  readonly publicDir: PublicDirWriter;
  /** The flapping-protection memory, kept outside `publicDir`. */
  readonly stateFile: string;
  /** The history database (`.state/history.sqlite` from the CLI), kept outside `publicDir`; left out, no history is kept. */
  readonly historyFile?: string;
  readonly log?: ProbeLog;
  /**
   * Where the notices come from, read before every cycle: their declared
   * states and maintenance apply to it, and the publish steps publish them
   * with it. The team's file (`fileNoticesSource`) is then published as
   * `/api/v1/notices` by this probe; left out, the document the build
   * published there is read and left alone.
   */
  readonly notices?: NoticesSource | undefined;
  readonly check?: CheckFunction;
  readonly fetchPeers?: FetchPeersFunction;
  readonly now?: (() => Date) | undefined;
  /**
   * The feed, the webhooks and Statuspage's documents: publish steps after
   * every published cycle (`composePublishSteps`), which must do only quick
   * local work, since the cycle waits for them. The caller runs the deliverer.
   */
  readonly subscriptions?: Subscriptions;
  /**
   * The email subscribers (config `subscribers`): a publish step queues each
   * cycle's mails; the caller runs their sender, which sends only while
   * `lease` holds.
   */
  readonly mail?: MailSubscribers | undefined;
  /**
   * The state directory's writer lock, held by this probe. Read after the
   * checks and before anything is written (`stillHeld`), and asked from
   * memory just before each file is replaced, in the public directory and
   * the state directory, and before each history transaction (`holds`):
   * once it no longer holds, the cycle writes nothing more and reports
   * `fenced`. Left out, every write is made.
   */
  readonly lease?: WriterLease;
  /** Told of every cycle's end and of the history's write time (the probe's metrics). */
  readonly observer?: ProbeObserver;
  /** A monotonic clock in milliseconds: how long the history takes to write. */
  readonly clock?: () => number;
}

export type { CycleReport } from '../cycle/cycle-report.js';

export interface Prober {
  readonly statusFile: string;
  /** `/api/v1/observations`, written after the status in every published cycle. */
  readonly observationsFile: string;
  /**
   * Runs one cycle: probe, decide, publish the status atomically, remember
   * the state, log. Never throws for anything a component or the disk does.
   * Not reentrant: the caller runs one cycle at a time.
   */
  runCycle(signal?: AbortSignal): Promise<CycleReport>;
  /** Closes the history database, if any, and the bucket's connections; call once no cycle is running. */
  close(): void;
}

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
  const observationsFile = publicDir.fileOf(OBSERVATIONS_PATH);
  const now = options.now ?? (() => new Date());
  const clock = options.clock ?? (() => performance.now());
  // A peer's answer older than what it said before is not counted over it.
  const fetchPeers = keepNewestObservations(options.fetchPeers ?? fetchPeersObservations);
  const noticesSource = options.notices ?? publishedNoticesSource(publicDir.fileOf(NOTICES_PATH));
  let state: ProbeState | undefined;
  const stateSaver = createStateSaver({ stateFile, log, now, fence: lease });
  // What fails the same way cycle after cycle is logged when it starts, changes and ends, not every cycle.
  const conditions = {
    offline: createConditionLog({ log, now }),
    writeStatus: createConditionLog({ log, now }),
    writeObservations: createConditionLog({ log, now }),
    noQuorum: createConditionLog({ log, now }),
  };
  const history: HistoryRecorder | undefined =
    options.historyFile === undefined
      ? undefined
      : createHistoryRecorder({
          file: options.historyFile,
          publicDir,
          regionName: settings.regionName,
          componentNames: settings.components.map((component) => component.name),
          intervalMs: scheduleIntervalMs(settings.schedule),
          retention: settings.history ?? DEFAULT_RETENTION,
          log,
          now,
          fence: lease,
        });
  if (lease !== undefined) options.subscriptions?.deliverer.fence(lease);
  if (lease !== undefined) options.mail?.sender.fence(lease);

  // What the checks of other kinds read across cycles: the heartbeats' pushes and the providers' pages.
  const sources = createCheckSources(settings, stateFile, log, now);

  const steps = composePublishSteps({
    settings,
    publicDir,
    stateFile,
    log,
    history,
    ownsNotices: noticesSource.owned,
    subscriptions: options.subscriptions,
    observer: options.observer,
    clock,
    fence: lease,
    mail: options.mail,
  });
  // The prober's own documents come first; what each step replaces, after them.
  const owned = [{ paths: [STATUS_PATH, OBSERVATIONS_PATH] as const }, ...steps.map((step) => step.owns)];

  async function prepare(): Promise<ProbeState> {
    await clearStaleTempFiles(publicDir, owned, stateFile, log);
    await sources.heartbeats.prepare();
    return readProbeState(stateFile, { now: now(), onProblem: log.error });
  }

  async function publish(
    urlPath: UrlPath,
    body: string,
    condition: ConditionLog,
    sync: boolean,
  ): Promise<'written' | 'failed' | 'fenced'> {
    const file = publicDir.fileOf(urlPath);
    try {
      await publicDir.write(urlPath, body, { sync });
      condition.clear(`writing ${displayPath(file)} again`);
      return 'written';
    } catch (error) {
      if (error instanceof WriterFencedError) return 'fenced';
      condition.holds(
        errorKey(error),
        `could not write ${displayPath(file)}: ${describeIoError(error)}; the old document is left as it was`,
      );
      return 'failed';
    }
  }

  async function runAndPublish(
    signal: AbortSignal | undefined,
  ): Promise<{ outcome: CycleOutcome; report: CycleReport }> {
    state ??= await prepare();
    const notices = await noticesSource.read(now());
    const outcome = await runCycle({
      settings,
      state,
      check: options.check,
      sources,
      fetchPeers,
      declarations: notices === undefined ? NO_DECLARATIONS : declareStates(notices),
      now,
      signal,
    });
    const ended = (report: CycleReport) => ({ outcome, report });
    // Fencing: a writer paused past its lease (another may have taken over meanwhile) writes nothing more.
    const fenced = (where: string) => {
      log.error(`this probe is no longer the writer: nothing written ${where}`);
      return ended({ published: false, why: 'fenced' });
    };
    if (outcome.kind === 'aborted') {
      log.info(`cycle stopped after ${outcome.durationMs} ms by shutdown; nothing published`);
      return ended({ published: false, why: 'aborted' });
    }
    if (outcome.kind === 'offline') {
      conditions.offline.holds(outcome.result.error ?? 'unknown', formatOffline(outcome));
      await history?.recordUnpublished(now());
      return ended({ published: false, why: 'offline' });
    }
    conditions.offline.clear('connectivity check passes again: publishing');
    if (lease !== undefined && !(await lease.stillHeld())) return fenced('this cycle');
    // A bug here must never reach readers: the server would refuse the file anyway.
    const status = ServiceStatusSchema.parse(outcome.status);
    const observations = ObservationsDocumentSchema.parse(outcome.observations);
    // Flushed before it replaces the old one: the v1 contract's document, which a power cut must not leave
    // empty while the probe cannot publish again (offline). Every other file is written again at the first cycle.
    const statusWritten = await publish(STATUS_PATH, serializeStatus(status), conditions.writeStatus, true);
    if (statusWritten === 'fenced') return fenced('this cycle');
    if (statusWritten === 'failed') {
      log.error(`${formatSummary(outcome, settings)}; NOT published`);
      return ended({ published: false, why: 'write_failed' });
    }
    // The peers' votes read this; a failed write leaves the old one to go stale, which they then ignore.
    const observationsWritten = await publish(
      OBSERVATIONS_PATH,
      serializeObservations(observations),
      conditions.writeObservations,
      false,
    );
    if (observationsWritten === 'fenced') return fenced('after the status');
    state = outcome.state;
    if ((await stateSaver.save(state)) === 'fenced') return fenced('after the status and the observations');
    for (const component of outcome.components) {
      const line = formatChange(component);
      if (line !== undefined) log.info(line);
    }
    const held = formatNoQuorum(outcome);
    if (held === undefined) conditions.noQuorum.clear('quorum again: global components follow the vote');
    else conditions.noQuorum.holds(noQuorumKey(outcome), held);
    log.info(`${formatSummary(outcome, settings)}; wrote ${displayPath(statusFile)}`);
    // Then the history, the badges, the subscribers and the upload, in their order (`composePublishSteps`).
    const cycle: PublishedCycle = {
      status,
      components: outcome.components,
      notices,
      history: () => history?.published(),
      signal,
    };
    const { fenced: stopped, ...reported } = await runPublishSteps(steps, cycle, log, lease);
    if (stopped) return fenced('after the status, by the steps after it');
    return ended({ published: true, statusFile, ...reported });
  }

  return {
    statusFile,
    observationsFile,
    async runCycle(signal) {
      const { outcome, report } = await runAndPublish(signal);
      options.observer?.cycleEnded(outcome, report);
      return report;
    },
    close() {
      history?.close();
      publicDir.close();
    },
  };
}
