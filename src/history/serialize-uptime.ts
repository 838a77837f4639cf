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
