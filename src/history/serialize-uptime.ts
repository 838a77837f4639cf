import { z } from 'zod';
import { type ComponentHistoryDocument, ComponentHistoryDocumentSchema } from '../schemas/component-history.js';
import { IncidentSchema, type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import {
  ComponentUptimeSummarySchema,
  UPTIME_DAYS,
  type UptimeDay,
  UptimeDayColumnsSchema,
  UptimeDaySchema,
  type UptimeDocument,
  UptimeDocumentSchema,
} from '../schemas/uptime.js';

/** Validates an uptime summary and returns its bytes: compact JSON in the schema's key order, trailing newline. */
export type UptimeSerializer = (document: UptimeDocument) => string;

/** Validates and serializes in one go: for a document rendered once. */
export function serializeUptime(document: UptimeDocument): string {
  return `${JSON.stringify(UptimeDocumentSchema.parse(document))}\n`;
}

/** The summary without its components, which the probe's serializer checks one at a time. */
const UptimeHeadSchema = UptimeDocumentSchema.omit({ components: true });
/** A component of the summary without its day columns, which the probe's serializer checks apart. */
const ComponentShellSchema = ComponentUptimeSummarySchema.omit({ days: true });

/**
 * A serializer for the probe, which renders the summary every cycle: its
 * day columns are most of its bytes (2 MB at 1,000 components) and a
 * component's columns are nearly always those of last cycle (only today's
 * entries move, and seldom), or of another component this cycle. Columns
 * are validated once per distinct JSON, unless they were last cycle too;
 * everything else is validated every time, a component at a time, so that
 * what a check makes is garbage before the next component is reached
 * rather than 10,000 parsed copies held to the end. The bytes are those of
 * `serializeUptime`.
 */
export function createUptimeSerializer(): UptimeSerializer {
  let checked = new Set<string>();
  return (document) => {
    const next = new Set<string>();
    const { components: all, ...rest } = document;
    const { version, region, generated_at, interval_seconds, first_day } = UptimeHeadSchema.parse(rest);
    const components = all.map(({ days, ...component }, index) => {
      const shell = ComponentShellSchema.safeParse(component);
      if (!shell.success) throw placedIn(['components', index], shell.error);
      // Key order as the schema's, so that unchecked bytes are those a parse would give.
      const json = JSON.stringify({
        uptime_percent: days?.uptime_percent,
        worst_status: days?.worst_status,
        down_seconds: days?.down_seconds,
      });
      if (!checked.has(json) && !next.has(json)) UptimeDayColumnsSchema.parse(days);
      next.add(json);
      return `${JSON.stringify(shell.data).slice(0, -1)},"days":${json}}`;
    });
    checked = next;
    const head = JSON.stringify({ version, region, generated_at, interval_seconds, first_day }).slice(0, -1);
    return `${head},"components":[${components.join(',')}]}\n`;
  };
}

/** `error` as the whole document's check would have it: its issues' paths start at `path`. */
function placedIn(path: readonly PropertyKey[], error: z.ZodError): z.ZodError {
  return new z.ZodError(error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] })));
}

/** Validates a component's detail document and returns its bytes, as `serializeUptime` does. */
export type ComponentHistorySerializer = (document: ComponentHistoryDocument) => string;

/** Validates and serializes in one go: for a document rendered once. */
export function serializeComponentHistory(document: ComponentHistoryDocument): string {
  return `${JSON.stringify(ComponentHistoryDocumentSchema.parse(document))}\n`;
}

/** A detail document without its days, which the probe's serializer checks one by one. */
const ComponentHistoryShellSchema = ComponentHistoryDocumentSchema.omit({ days: true });

/**
 * A serializer for the probe, which renders every component's detail
 * document every cycle: 90 days per component are most of their bytes
 * (20 MB at 1,000 components) and nearly all of them are the same entries
 * as last cycle's (`renderUptime` shares them by value). A day entry is
 * validated and serialized once; everything else is validated every time.
 * The bytes are those of `serializeComponentHistory`.
 */
export function createComponentHistorySerializer(): ComponentHistorySerializer {
  const days = new WeakMap<UptimeDay, string>();
  return (document) => {
    if (document.days.length !== UPTIME_DAYS) {
      // Word it as the schema does, from the schema itself.
      ComponentHistoryDocumentSchema.parse(document);
    }
    const entries = document.days.map((day) => {
      let json = days.get(day);
      if (json === undefined) {
        json = JSON.stringify(UptimeDaySchema.parse(day));
        days.set(day, json);
      }
      return json;
    });
    const { days: _days, ...rest } = document;
    const { version, region, generated_at, interval_seconds, name, slug, uptime, latency } =
      ComponentHistoryShellSchema.parse(rest);
    const head = JSON.stringify({ version, region, generated_at, interval_seconds, name, slug, uptime }).slice(0, -1);
    return `${head},"days":[${entries.join(',')}],"latency":${JSON.stringify(latency)}}\n`;
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
