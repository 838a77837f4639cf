import { type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import { DAY_MS } from './history-retention.js';
import type { HistoryStore } from './history-store.js';
import { INCIDENTS_WINDOW_MS, renderIncidents } from './render-incidents.js';
import { type ComponentHistory, type DayEntries, renderUptime, UPTIME_DAYS } from './render-uptime.js';
import { serializeUptime, type UptimeSerializer } from './serialize-uptime.js';

export interface HistoryDocumentsInput {
  readonly regionName: string;
  /** The configured components, in order: the documents list these, whatever else the history holds. */
  readonly componentNames: readonly string[];
  readonly intervalMs: number;
  readonly now: Date;
}

/** Both history documents, validated against their schemas, as their bytes. */
export interface HistoryDocuments {
  readonly uptime: string;
  readonly incidents: string;
}

/**
 * Reads what the documents need from the store and renders them, validated;
 * throws what the store throws. The probe passes a caching `serialize`
 * (`createUptimeSerializer`) and the `days` entries, kept from cycle to cycle.
 */
export function renderHistoryDocuments(
  store: HistoryStore,
  input: HistoryDocumentsInput,
  serialize: UptimeSerializer = serializeUptime,
  days: DayEntries = new Map(),
): HistoryDocuments {
  const nowMs = input.now.getTime();
  const fromMs = Math.min(
    nowMs - UPTIME_DAYS * DAY_MS,
    Math.floor(nowMs / DAY_MS) * DAY_MS - (UPTIME_DAYS - 1) * DAY_MS,
  );
  const { components } = store.readBuckets(fromMs, nowMs, nowMs);
  const byName = new Map(components.map((component) => [component.name, component]));
  const configured = input.componentNames.map(
    (name): ComponentHistory => byName.get(name) ?? { name, buckets: [], latency: new Map() },
  );
  const uptime = renderUptime({ ...input, components: configured }, days);
  const names = new Set(input.componentNames);
  const incidents = renderIncidents(
    input.regionName,
    input.now,
    store.readIncidents(nowMs - INCIDENTS_WINDOW_MS, nowMs + 1).filter((incident) => names.has(incident.component)),
  );
  return {
    uptime: serialize(uptime),
    incidents: serializeHistoryDocument(IncidentsDocumentSchema.parse(incidents)),
  };
}

/** Compact JSON with a trailing newline, keys in the schema's order: the same history always gives the same bytes. */
export function serializeHistoryDocument(document: IncidentsDocument): string {
  return `${JSON.stringify(document)}\n`;
}
