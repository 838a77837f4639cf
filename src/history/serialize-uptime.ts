import { IncidentSchema, type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import { type UptimeDay, UptimeDaySchema, type UptimeDocument, UptimeDocumentSchema } from '../schemas/uptime.js';

/** Validates an uptime document and returns its bytes: compact JSON in the schema's key order, trailing newline. */
export type UptimeSerializer = (document: UptimeDocument) => string;

/** Validates and serializes in one go: for a document rendered once. */
export function serializeUptime(document: UptimeDocument): string {
  return `${JSON.stringify(UptimeDocumentSchema.parse(document))}\n`;
}

/**
 * A serializer for the probe, which renders the document every cycle: 90
 * days per component are most of its bytes (19 MB at 1,000 components) and
 * nearly all of them are the same entries as last cycle (`renderUptime`
 * shares them by value). A day entry is validated and serialized once;
 * everything else is validated every time. The bytes are those of `serializeUptime`.
 */
export function createUptimeSerializer(): UptimeSerializer {
  const days = new WeakMap<UptimeDay, string>();
  return (document) => {
    const shell = UptimeDocumentSchema.parse({
      ...document,
      components: document.components.map((component) => ({ ...component, days: [] })),
    });
    const components = shell.components.map((component, index) => {
      const entries = (document.components[index]?.days ?? []).map((day) => {
        let json = days.get(day);
        if (json === undefined) {
          json = JSON.stringify(UptimeDaySchema.parse(day));
          days.set(day, json);
        }
        return json;
      });
      return `{"name":${JSON.stringify(component.name)},"uptime":${JSON.stringify(component.uptime)},"days":[${entries.join(',')}],"latency":${JSON.stringify(component.latency)}}`;
    });
    const { version, region, generated_at, interval_seconds } = shell;
    const head = JSON.stringify({ version, region, generated_at, interval_seconds }).slice(0, -1);
    return `${head},"components":[${components.join(',')}]}\n`;
  };
}

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
