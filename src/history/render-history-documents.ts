import type { ComponentGroups } from '../schemas/component-groups.js';
import { DAY_MS } from '../time/time-units.js';
import type { HistoryStore } from './history-store.js';
import type { PublishedHistory } from './published-history.js';
import { INCIDENTS_WINDOW_MS, renderIncidents } from './render-incidents.js';
import {
  type ComponentHistory,
  createDayEntries,
  type DayEntries,
  renderUptime,
  UPTIME_DAYS,
} from './render-uptime.js';
import {
  type ComponentHistorySerializer,
  createComponentHistorySerializer,
  createIncidentsSerializer,
  createUptimeSerializer,
  type IncidentsSerializer,
  serializeComponentHistory,
  serializeIncidents,
  serializeUptime,
  type UptimeSerializer,
} from './serialize-uptime.js';

export interface HistoryDocumentsInput {
  readonly regionName: string;
  /** The configured components, in order: the documents list these, whatever else the history holds. */
  readonly componentNames: readonly string[];
  readonly intervalMs: number;
  readonly now: Date;
  /**
   * Which components' detail documents to serialize (the probe's, those due
   * this cycle: `isDetailDue`); left out, every one. The summary always has all.
   */
  readonly detailsOf?: (name: string) => boolean;
  /** Each configured component's group (`groupsOf`), named in the summary; left out, none. */
  readonly groups?: ComponentGroups | undefined;
}

/** One component's detail document, as its bytes, and the slug that names its file. */
export interface ComponentHistoryFile {
  readonly slug: string;
  readonly json: string;
}

/** The history documents, validated against their schemas, as their bytes. */
export interface HistoryDocuments {
  /** The compact `/api/v1/uptime` summary. */
  readonly uptime: string;
  readonly incidents: string;
  /**
   * One `/api/v1/component-history/{slug}.json` per configured component
   * (each of `detailsOf`), in the configured order, each serialized only as
   * the iteration reaches it, so that a writer holds a few at a time: 10,000
   * serialized at once were 190 MB of strings. It may be iterated again.
   */
  readonly componentHistories: Iterable<ComponentHistoryFile>;
  /** The summary and the incidents as values, for readers in the same process. */
  readonly rendered: PublishedHistory;
}

/** What the probe keeps from one render to the next, so that what did not change is not redone. */
export interface HistoryRenderCache {
  readonly days: DayEntries;
  readonly serializeUptime: UptimeSerializer;
  readonly serializeComponentHistory: ComponentHistorySerializer;
  readonly serializeIncidents: IncidentsSerializer;
}

/** A fresh cache, for a process that renders the documents every cycle. */
export function createHistoryRenderCache(): HistoryRenderCache {
  return {
    days: createDayEntries(),
    serializeUptime: createUptimeSerializer(),
    serializeComponentHistory: createComponentHistorySerializer(),
    serializeIncidents: createIncidentsSerializer(),
  };
}

/**
 * Reads what the documents need from the store and renders them, validated
 * against their schemas; throws what the store throws. With `cache` (the
 * probe's), the bytes are the same and the work much less.
 */
export function renderHistoryDocuments(
  store: HistoryStore,
  input: HistoryDocumentsInput,
  cache?: HistoryRenderCache,
): HistoryDocuments {
  const nowMs = input.now.getTime();
  const fromMs = Math.min(
    nowMs - UPTIME_DAYS * DAY_MS,
    Math.floor(nowMs / DAY_MS) * DAY_MS - (UPTIME_DAYS - 1) * DAY_MS,
  );
  const { components } = store.readBuckets(fromMs, nowMs, nowMs);
  const byName = new Map(components.map((component) => [component.name, component]));
  const configured = input.componentNames.map(
    (name): ComponentHistory => byName.get(name) ?? { name, buckets: [], latency: new Map(), dayLatency: new Map() },
  );
  const { summary, details } = renderUptime({ ...input, components: configured }, cache?.days);
  const names = new Set(input.componentNames);
  const incidents = renderIncidents(
    input.regionName,
    input.now,
    store.readIncidents(nowMs - INCIDENTS_WINDOW_MS, nowMs + 1).filter((incident) => names.has(incident.component)),
  );
  const serializeDetail = cache?.serializeComponentHistory ?? serializeComponentHistory;
  return {
    uptime: (cache?.serializeUptime ?? serializeUptime)(summary),
    incidents: (cache?.serializeIncidents ?? serializeIncidents)(incidents),
    componentHistories: {
      *[Symbol.iterator]() {
        for (const detail of details) yield { slug: detail.slug, json: serializeDetail(detail) };
      },
    },
    rendered: { uptime: summary, incidents },
  };
}
