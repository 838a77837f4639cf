import { COMPONENT_HISTORY_PATH, INCIDENTS_PATH, UPTIME_PATH } from '../api-paths.js';
import { describeCodedError, errorKey } from '../errors/describe-error.js';
import { WriterFencedError } from '../errors/writer-fenced-error.js';
import { displayPath } from '../io/display-path.js';
import { createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import type { StatusValue } from '../schemas/status-value.js';
import { assignSlugs } from '../slugs/assign-slugs.js';
import { type DetailWritten, isDetailDue } from './detail-refresh.js';
import type { HistoryStore } from './history-store.js';
import { createComponentHistoryPublisher } from './publish-component-histories.js';
import type { PublishedHistory } from './published-history.js';
import {
  createHistoryRenderCache,
  type HistoryDocuments,
  type HistoryDocumentsInput,
  renderHistoryDocuments,
} from './render-history-documents.js';

export interface HistoryDocumentsPublisherOptions extends Omit<HistoryDocumentsInput, 'now' | 'detailsOf'> {
  readonly publicDir: PublicDirWriter;
  readonly log: ProbeLog;
  readonly now: () => Date;
}

/** Reads the store for a render, as the keeper runs it (`HistoryStoreKeeper.withStore`); false when it could not. */
export type WithStore = (action: (store: HistoryStore) => void) => Promise<boolean>;

/** The history's three documents under `public/`: the summary, the incidents and each component's detail. */
export interface HistoryDocumentsPublisher {
  readonly uptimeFile: string;
  readonly incidentsFile: string;
  /** The directory of the per-component detail documents, `{slug}.json` each. */
  readonly componentHistoryDir: string;
  /**
   * Renders from the store and writes the summary and the incidents, and the
   * detail documents that are due (`isDetailDue`: a changed state, or about
   * to be older than their max-age). Never throws: a failed write is logged
   * when it starts, changes and ends, and written again next cycle.
   */
  publish(at: Date, states: ReadonlyMap<string, StatusValue>, withStore: WithStore): Promise<void>;
  /** The documents as this process last wrote them; `undefined` until a write succeeded. */
  written(): PublishedHistory | undefined;
}

export function createHistoryDocumentsPublisher(options: HistoryDocumentsPublisherOptions): HistoryDocumentsPublisher {
  const { publicDir } = options;
  const uptimeFile = publicDir.fileOf(UPTIME_PATH);
  const incidentsFile = publicDir.fileOf(INCIDENTS_PATH);
  const componentHistoryDir = publicDir.fileOf(COMPONENT_HISTORY_PATH);
  const publishComponentHistories = createComponentHistoryPublisher(publicDir);
  const writing = createConditionLog({ log: options.log, now: options.now });
  const renderCache = createHistoryRenderCache();
  // Every configured component's detail file is kept; each is written when due (`isDetailDue`).
  const slugs = [...new Set(assignSlugs(options.componentNames).values())];
  const detailsWritten = new Map<string, DetailWritten>();
  let written: PublishedHistory | undefined;

  return {
    uptimeFile,
    incidentsFile,
    componentHistoryDir,
    async publish(at, states, withStore) {
      let documents: HistoryDocuments | undefined;
      const atMs = at.getTime();
      const due = options.componentNames.filter((name) =>
        isDetailDue(detailsWritten.get(name), states.get(name), atMs, options.intervalMs),
      );
      const detailsOf = new Set(due);
      await withStore((store) => {
        documents = renderHistoryDocuments(
          store,
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
    },
    written: () => written,
  };
}
