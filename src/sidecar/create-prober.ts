import { INCIDENTS_PATH, OBSERVATIONS_PATH, PROBE_DIRECTORY_PATHS, STATUS_PATH, UPTIME_PATH } from '../api-paths.js';
import { createBadgePublisher } from '../badges/publish-badges.js';
import { publishCycleBadges } from '../badges/publish-cycle-badges.js';
import { type ConditionLog, createConditionLog } from '../conditions/condition-log.js';
import { describeIoError, errorKey } from '../errors/describe-error.js';
import { createHistoryRecorder, type HistoryRecorder } from '../history/history-recorder.js';
import type { PublishedHistory } from '../history/published-history.js';
import { displayPath } from '../io/display-path.js';
import { removeStaleTempFiles } from '../io/remove-stale-temp-files.js';
import { CONSOLE_PROBE_LOG, type ProbeLog } from '../outbound/probe-log.js';
import type { CycleReport } from '../probe/cycle-report.js';
import { DEFAULT_RETENTION } from '../probe/history-retention.js';
import type { ProbeObserver } from '../probe/probe-observer.js';
import type { ProbeSettings } from '../probe/probe-settings.js';
import { serializeObservations } from '../probe/render-observations.js';
import { serializeStatus } from '../probe/render-status.js';
import { type CheckFunction, type CycleOutcome, type FetchPeersFunction, runCycle } from '../probe/run-cycle.js';
import { scheduleIntervalMs } from '../probe/schedule-interval.js';
import { type PublicDirWriter, siblingPathsOf, type UrlPath } from '../public-dir/public-dir-writer.js';
import { groupsOf } from '../schemas/component-groups.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import type { ProbeState } from '../schemas/probe-state.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { formatChange, formatNoQuorum, formatOffline, formatSummary, noQuorumKey } from './format-cycle-log.js';
import {
  checkStateLocation,
  isStateSaveDue,
  readProbeState,
  type SavedState,
  serializeMemory,
  writeProbeState,
} from './probe-state-file.js';

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
  readonly check?: CheckFunction;
  readonly fetchPeers?: FetchPeersFunction;
  readonly now?: () => Date;
  /**
   * Runs after every published cycle (the feed, the webhook queue). It must
   * not throw and must do only quick local work: the cycle waits for it.
   * Given the history documents as this process last wrote them, if it did.
   */
  readonly afterPublish?: (outcome: ObservedCycle, history: PublishedHistory | undefined) => Promise<void>;
  /** The files `afterPublish` replaces by name: their stale temp files are cleared at start-up with the prober's own. */
  readonly afterPublishFiles?: readonly string[];
  /**
   * Asked after the checks and before anything is written: whether this
   * probe is still the writer (`WriterLock.stillHeld`). When it is not, the
   * cycle writes nothing and reports `fenced`. Always yes unless given.
   */
  readonly mayWrite?: () => Promise<boolean>;
  /** Told of every cycle's end and of the history's write time (the probe's metrics). */
  readonly observer?: ProbeObserver;
  /** A monotonic clock in milliseconds: how long the history takes to write. */
  readonly clock?: () => number;
}

/** A cycle whose checks ran, as `runCycle` returns it. */
export type ObservedCycle = Extract<CycleOutcome, { readonly kind: 'observed' }>;

export type { CycleReport } from '../probe/cycle-report.js';

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
  /** Closes the history database, if any; call once no cycle is running. */
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
  const { settings, stateFile, publicDir } = options;
  checkStateLocation(stateFile, publicDir.dir);
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const statusFile = publicDir.fileOf(STATUS_PATH);
  const observationsFile = publicDir.fileOf(OBSERVATIONS_PATH);
  const now = options.now ?? (() => new Date());
  const clock = options.clock ?? (() => performance.now());
  const publishBadges = createBadgePublisher(publicDir);
  const groups = groupsOf(settings.components);
  let state: ProbeState | undefined;
  let savedState: SavedState | undefined;
  // What fails the same way cycle after cycle is logged when it starts, changes and ends, not every cycle.
  const conditions = {
    offline: createConditionLog({ log, now }),
    writeStatus: createConditionLog({ log, now }),
    writeObservations: createConditionLog({ log, now }),
    saveState: createConditionLog({ log, now }),
    noQuorum: createConditionLog({ log, now }),
  };
  if (options.historyFile !== undefined) checkStateLocation(options.historyFile, publicDir.dir, '--history');
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
        });

  async function prepare(): Promise<ProbeState> {
    const published: UrlPath[] = [
      STATUS_PATH,
      OBSERVATIONS_PATH,
      ...(history ? ([UPTIME_PATH, INCIDENTS_PATH] as const) : []),
    ];
    const beside = [
      ...published.map((path) => ({ file: publicDir.fileOf(path), clear: () => publicDir.removeStaleTempFiles(path) })),
      ...(options.afterPublishFiles ?? []).map((file) => ({ file, clear: () => removeStaleTempFiles(file) })),
      // A sibling's temp files are named after the sibling (`.status.gz.PID.HEX.tmp`).
      ...published.flatMap(siblingPathsOf).map((path) => ({
        file: publicDir.fileOf(path),
        clear: () => publicDir.removeStaleTempFiles(path),
      })),
      { file: stateFile, clear: () => removeStaleTempFiles(stateFile) },
    ];
    for (const { file, clear } of beside) {
      const removed = await clear().catch((error: unknown) => {
        log.error(`could not clear stale temp files next to ${displayPath(file)}: ${describeIoError(error)}`);
        return [];
      });
      if (removed.length > 0) log.info(`removed ${removed.length} stale temp file(s) next to ${displayPath(file)}`);
    }
    // The detail documents, the badges and Statuspage's documents: every file under them, whatever its name.
    for (const path of PROBE_DIRECTORY_PATHS) {
      const dir = publicDir.fileOf(path);
      const removed = await publicDir.removeStaleTempFiles(path, 'under').catch((error: unknown) => {
        log.error(`could not clear stale temp files under ${displayPath(dir)}: ${describeIoError(error)}`);
        return [];
      });
      if (removed.length > 0) log.info(`removed ${removed.length} stale temp file(s) under ${displayPath(dir)}`);
    }
    return readProbeState(stateFile, { now: now(), onProblem: log.error });
  }

  async function publish(urlPath: UrlPath, body: string, condition: ConditionLog, sync: boolean): Promise<boolean> {
    const file = publicDir.fileOf(urlPath);
    try {
      await publicDir.write(urlPath, body, { sync });
      condition.clear(`writing ${displayPath(file)} again`);
      return true;
    } catch (error) {
      condition.holds(
        errorKey(error),
        `could not write ${displayPath(file)}: ${describeIoError(error)}; the old document is left as it was`,
      );
      return false;
    }
  }

  async function runAndPublish(
    signal: AbortSignal | undefined,
  ): Promise<{ outcome: CycleOutcome; report: CycleReport }> {
    state ??= await prepare();
    const outcome = await runCycle({
      settings,
      state,
      ...(options.check ? { check: options.check } : {}),
      ...(options.fetchPeers ? { fetchPeers: options.fetchPeers } : {}),
      now,
      ...(signal ? { signal } : {}),
    });
    const ended = (report: CycleReport) => ({ outcome, report });
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
    // Fencing: a writer paused past its lease (another may have taken over meanwhile) writes nothing.
    if (options.mayWrite !== undefined && !(await options.mayWrite())) {
      log.error('this probe is no longer the writer: nothing written');
      return ended({ published: false, why: 'fenced' });
    }
    // A bug here must never reach readers: the server would refuse the file anyway.
    const status = ServiceStatusSchema.parse(outcome.status);
    const observations = ObservationsDocumentSchema.parse(outcome.observations);
    // Flushed before it replaces the old one: the v1 contract's document, which a power cut must not leave
    // empty while the probe cannot publish again (offline). Every other file is written again at the first cycle.
    if (!(await publish(STATUS_PATH, serializeStatus(status), conditions.writeStatus, true))) {
      log.error(`${formatSummary(outcome, settings)}; NOT published`);
      return ended({ published: false, why: 'write_failed' });
    }
    // The peers' votes read this; a failed write leaves the old one to go stale, which they then ignore.
    await publish(OBSERVATIONS_PATH, serializeObservations(observations), conditions.writeObservations, false);
    state = outcome.state;
    // Saved when the memory changed, or every few minutes: a flush a cycle of the same memory bought nothing.
    const memory = serializeMemory(state);
    const savedAt = now();
    if (isStateSaveDue(savedState, memory, savedAt.getTime())) {
      try {
        await writeProbeState(stateFile, state, savedAt);
        savedState = { memory, atMs: savedAt.getTime() };
        conditions.saveState.clear(`saving the probe state to ${displayPath(stateFile)} again`);
      } catch (error) {
        conditions.saveState.holds(
          errorKey(error),
          `could not save the probe state to ${displayPath(stateFile)}: ${describeIoError(error)}; ` +
            'the flapping memory is kept in memory and saved again each cycle',
        );
      }
    }
    for (const component of outcome.components) {
      const line = formatChange(component);
      if (line !== undefined) log.info(line);
    }
    const held = formatNoQuorum(outcome);
    if (held === undefined) conditions.noQuorum.clear('quorum again: global components follow the vote');
    else conditions.noQuorum.holds(noQuorumKey(outcome), held);
    log.info(`${formatSummary(outcome, settings)}; wrote ${displayPath(statusFile)}`);
    // After the status, never before it: history is a record of what was published.
    if (history !== undefined) {
      const started = clock();
      await history.recordPublished(outcome.components, new Date(Date.parse(status.updated_at)));
      options.observer?.historyRecorded(clock() - started);
    }
    // After the history, whose uptime document they read: in memory, as written, not read back and parsed again.
    const written = history?.published();
    await publishCycleBadges({
      publish: publishBadges,
      status,
      uptimeFile: history?.uptimeFile,
      uptime: written?.uptime,
      groups,
    }).catch((error: unknown) => log.error(`badges not written: ${describeIoError(error)}`));
    await options.afterPublish?.(outcome, written);
    // Last of all: the local files are already written, whatever the store does.
    const upload = await publicDir.upload(signal === undefined ? {} : { signal });
    return ended({ published: true, statusFile, ...(upload === undefined ? {} : { upload }) });
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
