import { z } from 'zod';
import { IncidentSchema } from '../schemas/incidents.js';
import { TimestampSchema } from '../schemas/service-status.js';
import { UptimeFigureSchema } from '../schemas/uptime.js';
import type { IncidentRecord } from './advance-incidents.js';
import { computeUptime, downMs } from './compute-uptime.js';
import type { PeriodBuckets } from './history-store.js';
import { compareIncidents, renderIncident } from './render-incidents.js';
import { sumOverPeriod } from './state-time.js';

/** Each component's uptime and incidents over one period: what `service-directory uptime` prints. */
export const UptimeReportSchema = z.strictObject({
  since: TimestampSchema,
  until: TimestampSchema,
  components: z.array(
    z.strictObject({
      name: z.string(),
      ...UptimeFigureSchema.shape,
      down_minutes: z.number().min(0),
      incidents: z.number().int().min(0),
    }),
  ),
  incidents: z.array(IncidentSchema),
});
export type UptimeReport = z.infer<typeof UptimeReportSchema>;

export interface UptimeReportInput {
  readonly sinceMs: number;
  readonly untilMs: number;
  readonly nowMs: number;
  readonly buckets: PeriodBuckets;
  /** Incidents overlapping the period. */
  readonly incidents: readonly IncidentRecord[];
}

/** The report over `[sinceMs, untilMs)`: the same convention and no-data rule as the uptime document. */
export function buildUptimeReport({ sinceMs, untilMs, nowMs, buckets, incidents }: UptimeReportInput): UptimeReport {
  const periodMs = untilMs - sinceMs;
  return {
    since: new Date(sinceMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    until: new Date(untilMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    components: buckets.components.map((component) => {
      const time = sumOverPeriod(component.buckets, sinceMs, untilMs);
      return {
        name: component.name,
        ...computeUptime(time, periodMs),
        down_minutes: Math.round(downMs(time) / 60) / 1000,
        incidents: incidents.filter((incident) => incident.component === component.name).length,
      };
    }),
    incidents: [...incidents].sort(compareIncidents).map((incident) => renderIncident(incident, nowMs)),
  };
}

/** For people: a table of components, then the incidents. */
export function formatUptimeReportText(report: UptimeReport): string {
  const rows = report.components.map((component) => [
    component.name,
    component.uptime_percent === null ? 'no data' : `${component.uptime_percent.toFixed(3)} %`,
    `${component.data_percent.toFixed(1)} %`,
    component.down_minutes.toFixed(1),
    String(component.incidents),
  ]);
  const table = formatTable([['component', 'uptime', 'data', 'down min', 'incidents'], ...rows]);
  const incidents =
    report.incidents.length === 0
      ? ['no incidents']
      : report.incidents.map(
          (incident) =>
            `${incident.started_at} .. ${incident.resolved_at ?? 'ongoing'}  ${incident.component}: ${incident.worst_status} ` +
            `(${formatDuration(incident.duration_seconds)}${incident.failure_classes.length > 0 ? `; ${incident.failure_classes.join(', ')}` : ''}` +
            `${incident.regions === null ? '' : `; seen from ${incident.regions.saw_outage} of ${incident.regions.configured} regions`}` +
            `${incident.notice == null ? '' : `; declared in notice ${incident.notice}`})`,
        );
  return [`uptime from ${report.since} to ${report.until}`, '', ...table, '', ...incidents].join('\n');
}

/** One row per component, for spreadsheets; fields quoted where they need it (RFC 4180). */
export function formatUptimeReportCsv(report: UptimeReport): string {
  const lines = [['component', 'since', 'until', 'uptime_percent', 'data_percent', 'down_minutes', 'incidents']];
  for (const component of report.components) {
    lines.push([
      component.name,
      report.since,
      report.until,
      component.uptime_percent === null ? '' : String(component.uptime_percent),
      String(component.data_percent),
      String(component.down_minutes),
      String(component.incidents),
    ]);
  }
  return lines.map((fields) => fields.map(quoteCsv).join(',')).join('\n');
}

function quoteCsv(field: string): string {
  return /[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

function formatTable(rows: readonly string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

function formatDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min ${seconds % 60} s`;
}
