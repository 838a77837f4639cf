import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { COMPONENT_HISTORY_PATH, INCIDENTS_PATH, UPTIME_PATH } from '../api-paths.js';
import type { ComponentOutcome } from '../cycle/run-cycle.js';
import { describeCodedError, errorCode, errorKey } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { displayPath } from '../io/display-path.js';
import { checkFence, type WriteFence } from '../io/write-fence.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { StatusValue } from '../schemas/status-value.js';
import type { HistoryRetention } from '../settings/history-retention.js';
import { assignSlugs } from '../slugs/assign-slugs.js';
import { recordCycle } from './cycle-record.js';
import { type DetailWritten, isDetailDue } from './detail-refresh.js';
import type { HistoryStore } from './history-store.js';
import { isClockStepBack, placeInHistory } from './place-in-history.js';
import { createComponentHistoryPublisher } from './publish-component-histories.js';
import type { PublishedHistory } from './published-history.js';
import { type ReportPeriod, reportFromStore } from './read-uptime-report.js';
import { createHistoryRenderCache, type HistoryDocuments, renderHistoryDocuments } from './render-history-documents.js';
import { openSqliteHistoryStore } from './sqlite-history-store.js';
import type { UptimeReport } from './uptime-report.js';

/** Where the history lives by default: with the probe's state, never under `public/`. */
export const DEFAULT_HISTORY_FILE = '.state/history.sqlite';

export interface HistoryRecorderOptions {
  readonly file: string;
  /** Where the summary, the incidents and the detail documents are written. */
  readonly publicDir: PublicDirWriter;
  readonly regionName: string;
  readonly componentNames: readonly string[];
  readonly intervalMs: number;
  readonly retention: HistoryRetention;
  readonly log: ProbeLog;
  /** Opens the store; the SQLite one by default. */
  readonly open?: (file: string) => HistoryStore;
  /** The wall clock, for naming a corrupt file set aside and for the hourly reminder of a failure that goes on. */
  readonly now?: () => Date;
  /**
   * The writer lock's lease, for a probe that may lose it: asked just before
   * each transaction; and the recorder claims the history when it opens it
   * (`HistoryStore.claimWriter`), so that a record begun by a writer that was
   * paused past its lease fails in its own transaction. Once it no longer
   * holds, nothing is recorded or written, and nothing is logged as a failure.
   */
  readonly fence?: WriteFence | undefined;
}

/** The probe's side of the history: records each cycle and publishes the history documents. */
export interface HistoryRecorder {
  readonly uptimeFile: string;
  readonly incidentsFile: string;
  /** The directory of the per-component detail documents, `{slug}.json` each. */
  readonly componentHistoryDir: string;
  /**
   * Records a published cycle and rewrites the summary and the incidents, and
   * the detail documents that are due (`isDetailDue`: a changed state, or
   * about to be older than their max-age). Never throws: history never stops the status.
   */
  recordPublished(components: readonly ComponentOutcome[], at: Date): Promise<void>;
  /** Records a cycle that published nothing, so that the time after it is no data. Never throws. */
  recordUnpublished(at: Date): Promise<void>;
  /** The documents as this process last wrote them; `undefined` until a write succeeded. */
  published(): PublishedHistory | undefined;
  /**
   * The report over a period (`reportFromStore`, as the `uptime` CLI reads it)
   * from the history this process records; `undefined` while it is not open
   * (the last record failed). Throws what the store throws.
   */
  readReport(period: ReportPeriod): UptimeReport | undefined;
  close(): void;
}

/**
 * The history behind the probe, opened on first use. Publishing the status
 * comes first, so nothing here throws: a history that cannot be written
 * (disk full, read-only, locked) is logged when it starts, changes and ends
 * (with an hourly reminder: `createConditionLog`), not every cycle, and tried
 * again next cycle; a corrupt file is moved aside as `FILE.corrupt-<time>`
 * and a new one started.
 */
export function createHistoryRecorder(options: HistoryRecorderOptions): HistoryRecorder {
  const { file, log } = options;
  const open = options.open ?? openSqliteHistoryStore;
  const now = options.now ?? (() => new Date());
  const { publicDir } = options;
  const uptimeFile = publicDir.fileOf(UPTIME_PATH);
  const incidentsFile = publicDir.fileOf(INCIDENTS_PATH);
  const componentHistoryDir = publicDir.fileOf(COMPONENT_HISTORY_PATH);
  const publishComponentHistories = createComponentHistoryPublisher(publicDir);
  let store: HistoryStore | undefined;
  // Recording and writing the documents fail apart (a locked database, a full public/): each is its own condition.
  const recording = createConditionLog({ log, now });
  const writing = createConditionLog({ log, now });
  const clockBehind = createConditionLog({ log, now });
  const renderCache = createHistoryRenderCache();
  let written: PublishedHistory | undefined;
  // Every configured component's detail file is kept; each is written when due (`isDetailDue`).
  const slugs = [...new Set(assignSlugs(options.componentNames).values())];
  const detailsWritten = new Map<string, DetailWritten>();

  async function setAside(error: unknown): Promise<void> {
    store?.close();
    store = undefined;
    const aside = `${file}.corrupt-${formatTimestamp(now()).replace(/[-:]/g, '')}`;
    try {
      await rename(file, aside);
      await rename(`${file}-wal`, `${aside}-wal`).catch(() => undefined);
      await rm(`${file}-shm`, { force: true });
      log.error(
        `history: ${displayPath(file)} is corrupt (${describeCodedError(error)}); moved it aside to ${displayPath(aside)} and started a new history`,
      );
    } catch (renameError) {
      recording.holds(
        'aside',
        `history: ${displayPath(file)} is corrupt and could not be moved aside: ${describeCodedError(renameError)}`,
      );
    }
  }

  async function withStore(action: (store: HistoryStore) => void): Promise<boolean> {
    const { fence } = options;
    const mayWrite = () => checkFence(fence, () => `the history record in ${displayPath(file)}`);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        if (store === undefined) {
          await mkdir(dirname(file), { recursive: true });
          const opened = open(file);
          try {
            if (fence !== undefined) {
              mayWrite();
              opened.claimWriter();
            }
          } catch (error) {
            opened.close();
            throw error;
          }
          store = opened;
        }
        mayWrite();
        action(store);
        recording.clear(`history: recording again in ${displayPath(file)}`);
        return true;
      } catch (error) {
        // Not a failure of the history: this probe stops writing, and says so once, elsewhere.
        if (error instanceof WriterFencedError) return false;
        if (attempt === 0 && isCorruption(error)) {
          await setAside(error);
          continue;
        }
        // Reopened next cycle: a lock released, space freed or permissions fixed are then picked up.
        store?.close();
        store = undefined;
        recording.holds(
          errorKey(error),
          `history: could not record this cycle in ${displayPath(file)}: ${describeCodedError(error)}; the status is published without it, and the history is tried again each cycle`,
        );
        return false;
      }
    }
    return false;
  }

  /** Where a cycle seen at `wall` goes in the history (`placeInHistory`), with a line while the clock is behind it. */
  function place(current: HistoryStore, wall: Date): Date {
    const placement = placeInHistory(wall.getTime(), current.lastRecordedMs());
    if (!isClockStepBack(placement)) {
      clockBehind.clear('history: the wall clock is past the last record again; recording at its time');
    } else {
      clockBehind.holds(
        'behind',
        `history: the wall clock (${formatTimestamp(wall)}) is ${Math.round(placement.behindMs / 1000)} s behind the last record ` +
          '(stepped back?); recording just after the last record until it catches up, so that nothing in the history runs backwards',
      );
    }
    return new Date(placement.atMs);
  }

  async function publish(at: Date, states: ReadonlyMap<string, StatusValue>): Promise<void> {
    let documents: HistoryDocuments | undefined;
    const atMs = at.getTime();
    const due = options.componentNames.filter((name) =>
      isDetailDue(detailsWritten.get(name), states.get(name), atMs, options.intervalMs),
    );
    const detailsOf = new Set(due);
    await withStore((current) => {
      documents = renderHistoryDocuments(
        current,
        { ...options, now: at, detailsOf: (name) => detailsOf.has(name) },
        renderCache,
      );
    });
    if (documents === undefined) return;
    try {
      // No flush: both are written again every cycle, the first after a start included.
      const unflushed = { sync: false };
      // Before the summary that names them, so that a slug a reader finds there has its file.
      await publishComponentHistories(documents.componentHistories, slugs);
      for (const name of due) detailsWritten.set(name, { atMs, state: states.get(name) });
      await publicDir.write(UPTIME_PATH, documents.uptime, unflushed);
      await publicDir.write(INCIDENTS_PATH, documents.incidents, unflushed);
      written = documents.rendered;
      writing.clear(
        `history: writing ${displayPath(uptimeFile)}, ${displayPath(incidentsFile)} and ${displayPath(componentHistoryDir)}/ again`,
      );
    } catch (error) {
      if (error instanceof WriterFencedError) return;
      writing.holds(
        errorKey(error),
        `history: could not write ${displayPath(uptimeFile)}, ${displayPath(incidentsFile)} or ${displayPath(componentHistoryDir)}/: ${describeCodedError(error)}`,
      );
    }
  }

  return {
    uptimeFile,
    incidentsFile,
    componentHistoryDir,
    async recordPublished(components, at) {
      let placed = at;
      const recorded = await withStore((current) => {
        placed = place(current, at);
        current.recordCycle(recordCycle(components, placed, options.intervalMs), options.retention);
      });
      if (recorded) await publish(placed, new Map(components.map(({ name, published }) => [name, published])));
    },
    async recordUnpublished(at) {
      await withStore((current) => current.recordGap(place(current, at).getTime(), options.intervalMs));
    },
    published: () => written,
    readReport: (period) => (store === undefined ? undefined : reportFromStore(store, period)),
    close() {
      store?.close();
      store = undefined;
    },
  };
}

/** SQLite's codes for a damaged file: `SQLITE_CORRUPT*`, `SQLITE_NOTADB`. */
export function isCorruption(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
