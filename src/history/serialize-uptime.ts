import { type ComponentHistoryDocument, ComponentHistoryDocumentSchema } from '../schemas/component-history.js';
import { IncidentSchema, type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import { type UptimeDay, UptimeDaySchema, type UptimeDocument, UptimeDocumentSchema } from '../schemas/uptime.js';

/** Validates an uptime summary and returns its bytes: compact JSON in the schema's key order, trailing newline. */
export function serializeUptime(document: UptimeDocument): string {
  return `${JSON.stringify(UptimeDocumentSchema.parse(document))}\n`;
}

/** Validates a component's detail document and returns its bytes, as `serializeUptime` does. */
export type ComponentHistorySerializer = (document: ComponentHistoryDocument) => string;

/** Validates and serializes in one go: for a document rendered once. */
export function serializeComponentHistory(document: ComponentHistoryDocument): string {
  return `${JSON.stringify(ComponentHistoryDocumentSchema.parse(document))}\n`;
}

/**
 * A serializer for the probe, which renders every component's detail
 * document every cycle: 90 days per component are most of their bytes
 * (19 MB at 1,000 components) and nearly all of them are the same entries
 * as last cycle's (`renderUptime` shares them by value). A day entry is
 * validated and serialized once; everything else is validated every time.
 * The bytes are those of `serializeComponentHistory`.
 */
export function createComponentHistorySerializer(): ComponentHistorySerializer {
  const days = new WeakMap<UptimeDay, string>();
  return (document) => {
    const entries = document.days.map((day) => {
      let json = days.get(day);
      if (json === undefined) {
        json = JSON.stringify(UptimeDaySchema.parse(day));
        days.set(day, json);
      }
      return json;
    });
    // The days are checked above; the rest against the schema with placeholder days of the right count.
    const shell = ComponentHistoryDocumentSchema.parse({ ...document, days: document.days.map(() => PLACEHOLDER_DAY) });
    const { version, region, generated_at, interval_seconds, name, slug, uptime, latency } = shell;
    const head = JSON.stringify({ version, region, generated_at, interval_seconds, name, slug, uptime }).slice(0, -1);
    return `${head},"days":[${entries.join(',')}],"latency":${JSON.stringify(latency)}}\n`;
  };
}

/** A valid day that stands in for the real ones while the rest of a detail document is checked. */
const PLACEHOLDER_DAY: UptimeDay = {
  date: '2000-01-01',
  uptime_percent: null,
  worst_status: null,
  minutes: { operational: 0, under_maintenance: 0, degraded_performance: 0, partial_outage: 0, major_outage: 0 },
  no_data_minutes: 0,
};

/** Validates an incidents document and returns its bytes: compact JSON in the schema's key order, trailing newline. */
export type IncidentsSerializer = (document: IncidentsDocument) => string;

/** Validates and serializes in one go: for a document rendered once. */
export function serializeIncidents(document: IncidentsDocument): string {
  return `${JSON.stringify(IncidentsDocumentSchema.parse(document))}\n`;
}

/**
 * A serializer for the probe's incidents document: a resolved incident never
 * changes, so each is validated and serialized once, by its values.
 */
export function createIncidentsSerializer(): IncidentsSerializer {
  let cache = new Map<string, string>();
  return (document) => {
    const next = new Map<string, string>();
    const shell = IncidentsDocumentSchema.parse({ ...document, incidents: [] });
    const entries = document.incidents.map((incident) => {
      // `updated_at` moves whenever anything but the duration changes.
      const key = `${incident.id}|${incident.updated_at}|${incident.resolved_at}|${incident.duration_seconds}`;
      const json = cache.get(key) ?? JSON.stringify(IncidentSchema.parse(incident));
      next.set(key, json);
      return json;
    });
    cache = next;
    const { version, region, generated_at } = shell;
    const head = JSON.stringify({ version, region, generated_at }).slice(0, -1);
    return `${head},"incidents":[${entries.join(',')}]}\n`;
  };
}
