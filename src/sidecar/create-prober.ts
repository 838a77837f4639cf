import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { documentFile, OBSERVATIONS_PATH, STATUS_PATH } from '../api-paths.js';
import { createHistoryRecorder, type HistoryRecorder } from '../history/history-recorder.js';
import { displayPath, isErrnoException } from '../io/read-document.js';
import { removeStaleTempFiles } from '../io/remove-stale-temp-files.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { MirrorReport, PublicDirMirror } from '../object-store/public-dir-mirror.js';
import { CONSOLE_PROBE_LOG, type ProbeLog } from '../outbound/probe-log.js';
import { DEFAULT_RETENTION } from '../probe/history-retention.js';
import type { ProbeSettings } from '../probe/probe-settings.js';
import { serializeObservations } from '../probe/render-observations.js';
import { serializeStatus } from '../probe/render-status.js';
import { type CheckFunction, type CycleOutcome, type FetchPeersFunction, runCycle } from '../probe/run-cycle.js';
import { scheduleIntervalMs } from '../probe/schedule-interval.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import type { ProbeState } from '../schemas/probe-state.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { formatChange, formatNoQuorum, formatOffline, formatSummary } from './format-cycle-log.js';
import { checkStateLocation, readProbeState, writeProbeState } from './probe-state-file.js';

export interface ProberOptions {
  readonly settings: ProbeSettings;
  /** The served directory: the status goes to `DIR/api/v1/status`. */
  readonly publicDir: string;
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
   */
  readonly afterPublish?: (outcome: ObservedCycle) => Promise<void>;
  /**
   * `--publish`: after everything is written locally (status, history, feed,
   * whatever `afterPublish` wrote), what changed under `publicDir` goes to the
   * bucket, within the mirror's deadline. Closed with the prober.
   */
  readonly mirror?: PublicDirMirror;
}

/** A cycle whose checks ran, as `runCycle` returns it. */
export type ObservedCycle = Extract<CycleOutcome, { readonly kind: 'observed' }>;

/** How a cycle ended, for exit codes and tests. */
export type CycleReport =
  | {
      readonly published: true;
      readonly statusFile: string;
      /** How the upload to the bucket went, with `--publish`. */
      readonly upload?: MirrorReport;
    }
  | { readonly published: false; readonly why: 'offline' | 'write_failed' | 'aborted' };

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
  const { settings, stateFile } = options;
  checkStateLocation(stateFile, options.publicDir);
  const log = options.log ?? CONSOLE_PROBE_LOG;
  const statusFile = documentFile(options.publicDir, STATUS_PATH);
  const observationsFile = documentFile(options.publicDir, OBSERVATIONS_PATH);
  const now = options.now ?? (() => new Date());
  let state: ProbeState | undefined;
  if (options.historyFile !== undefined) checkStateLocation(options.historyFile, options.publicDir, '--history');
  const history: HistoryRecorder | undefined =
    options.historyFile === undefined
      ? undefined
      : createHistoryRecorder({
          file: options.historyFile,
          publicDir: options.publicDir,
          regionName: settings.regionName,
          componentNames: settings.components.map((component) => component.name),
          intervalMs: scheduleIntervalMs(settings.schedule),
          retention: settings.history ?? DEFAULT_RETENTION,
          log,
          now,
        });

  async function prepare(): Promise<ProbeState> {
    for (const file of [
      statusFile,
      observationsFile,
      stateFile,
      ...(history ? [history.uptimeFile, history.incidentsFile] : []),
    ]) {
      const removed = await removeStaleTempFiles(file).catch((error: unknown) => {
        log.error(`could not clear stale temp files next to ${displayPath(file)}: ${describeIoError(error)}`);
        return [];
      });
      if (removed.length > 0) log.info(`removed ${removed.length} stale temp file(s) next to ${displayPath(file)}`);
    }
    return readProbeState(stateFile, { now: now(), onProblem: log.error });
  }

  async function publish(file: string, body: string): Promise<boolean> {
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeAtomically(file, body);
      return true;
    } catch (error) {
      log.error(`could not write ${displayPath(file)}: ${describeIoError(error)}; the old document is left as it was`);
      return false;
    }
  }

  return {
    statusFile,
    observationsFile,
    async runCycle(signal) {
      state ??= await prepare();
      const outcome = await runCycle({
        settings,
        state,
        ...(options.check ? { check: options.check } : {}),
        ...(options.fetchPeers ? { fetchPeers: options.fetchPeers } : {}),
        now,
        ...(signal ? { signal } : {}),
      });
      if (outcome.kind === 'aborted') {
        log.info(`cycle stopped after ${outcome.durationMs} ms by shutdown; nothing published`);
        return { published: false, why: 'aborted' };
      }
      if (outcome.kind === 'offline') {
        log.error(formatOffline(outcome));
        await history?.recordUnpublished(now());
        return { published: false, why: 'offline' };
      }
      // A bug here must never reach readers: the server would refuse the file anyway.
      const status = ServiceStatusSchema.parse(outcome.status);
      const observations = ObservationsDocumentSchema.parse(outcome.observations);
      if (!(await publish(statusFile, serializeStatus(status)))) {
        log.error(`${formatSummary(outcome, settings)}; NOT published`);
        return { published: false, why: 'write_failed' };
      }
      // The peers' votes read this; a failed write leaves the old one to go stale, which they then ignore.
      await publish(observationsFile, serializeObservations(observations));
      state = outcome.state;
      try {
        await writeProbeState(stateFile, state, now());
      } catch (error) {
        log.error(`could not save the probe state to ${displayPath(stateFile)}: ${describeIoError(error)}`);
      }
      for (const component of outcome.components) {
        const line = formatChange(component);
        if (line !== undefined) log.info(line);
      }
      const held = formatNoQuorum(outcome);
      if (held !== undefined) log.error(held);
      log.info(`${formatSummary(outcome, settings)}; wrote ${displayPath(statusFile)}`);
      // After the status, never before it: history is a record of what was published.
      await history?.recordPublished(outcome.components, new Date(Date.parse(status.updated_at)));
      await options.afterPublish?.(outcome);
      // Last of all: the local files are already written, whatever the store does.
      const upload = await options.mirror?.sync(signal === undefined ? {} : { signal });
      return { published: true, statusFile, ...(upload === undefined ? {} : { upload }) };
    },
    close() {
      history?.close();
      options.mirror?.close();
    },
  };
}

function describeIoError(error: unknown): string {
  if (isErrnoException(error) && error.code !== undefined) return `${error.code} (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}
