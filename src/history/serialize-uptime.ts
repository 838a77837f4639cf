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
 * nearly all of them are the same as last cycle. A day entry is validated and
 * serialized once and reused while its values stay the same; everything else
 * is validated every time. The bytes are those of `serializeUptime`.
 */
export function createUptimeSerializer(): UptimeSerializer {
  let cache = new Map<string, string>();
  return (document) => {
    const next = new Map<string, string>();
    const shell = UptimeDocumentSchema.parse({
      ...document,
      components: document.components.map((component) => ({ ...component, days: [] })),
    });
    const components = shell.components.map((component, index) => {
      const days = (document.components[index]?.days ?? []).map((day) => {
        const key = dayKey(component.name, day);
        let json = cache.get(key);
        if (json === undefined) json = JSON.stringify(UptimeDaySchema.parse(day));
        next.set(key, json);
        return json;
      });
      return `{"name":${JSON.stringify(component.name)},"uptime":${JSON.stringify(component.uptime)},"days":[${days.join(',')}],"latency":${JSON.stringify(component.latency)}}`;
    });
    cache = next;
    const { version, region, generated_at, interval_seconds } = shell;
    const head = JSON.stringify({ version, region, generated_at, interval_seconds }).slice(0, -1);
    return `${head},"components":[${components.join(',')}]}\n`;
  };
}

function dayKey(name: string, day: UptimeDay): string {
  const m = day.minutes;
  return `${name}\n${day.date} ${day.uptime_percent} ${day.worst_status} ${m.operational} ${m.under_maintenance} ${m.degraded_performance} ${m.partial_outage} ${m.major_outage} ${day.no_data_minutes}`;
}
