import type { ComponentOutcome } from '../cycle/run-cycle.js';
import type { WriteFence } from '../io/write-fence.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import type { ComponentGroups } from '../schemas/component-groups.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { HistoryRetention } from '../settings/history-retention.js';
import { recordCycle } from './cycle-record.js';
import type { HistoryStore } from './history-store.js';
import { createHistoryStoreKeeper } from './history-store-keeper.js';
import { isClockStepBack, placeInHistory } from './place-in-history.js';
import { createHistoryDocumentsPublisher } from './publish-history-documents.js';
import type { PublishedHistory } from './published-history.js';
import { type ReportPeriod, reportFromStore } from './read-uptime-report.js';
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
  /** Each component's group (`groupsOf` the config), named in the uptime summary. */
  readonly groups?: ComponentGroups | undefined;
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
  /** When the history's last record (a cycle or a gap) was placed; `undefined` while it is not open or empty. */
  lastRecordedMs(): number | undefined;
  close(): void;
}

/**
 * The history behind the probe: the store (`createHistoryStoreKeeper`,
 * opened on first use) and the documents rendered from it
 * (`createHistoryDocumentsPublisher`). Publishing the status comes first, so
 * nothing here throws: a history that cannot be recorded or written is
 * logged when it starts, changes and ends, and tried again next cycle.
 */
export function createHistoryRecorder(options: HistoryRecorderOptions): HistoryRecorder {
  const { file, log } = options;
  const now = options.now ?? (() => new Date());
  const keeper = createHistoryStoreKeeper({
    file,
    open: options.open ?? openSqliteHistoryStore,
    now,
    log,
    fence: options.fence,
  });
  const documents = createHistoryDocumentsPublisher({ ...options, now });
  const clockBehind = createConditionLog({ log, now });

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

  return {
    uptimeFile: documents.uptimeFile,
    incidentsFile: documents.incidentsFile,
    componentHistoryDir: documents.componentHistoryDir,
    async recordPublished(components, at) {
      let placed = at;
      const recorded = await keeper.withStore((current) => {
        placed = place(current, at);
        current.recordCycle(recordCycle(components, placed, options.intervalMs), options.retention);
      });
      if (!recorded) return;
      const states = new Map(components.map(({ name, published }) => [name, published]));
      await documents.publish(placed, states, keeper.withStore);
    },
    async recordUnpublished(at) {
      await keeper.withStore((current) => current.recordGap(place(current, at).getTime(), options.intervalMs));
    },
    published: documents.written,
    readReport: (period) => {
      const current = keeper.current();
      return current === undefined ? undefined : reportFromStore(current, period);
    },
    lastRecordedMs: () => keeper.current()?.lastRecordedMs(),
    close: keeper.close,
  };
}
