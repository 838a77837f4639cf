export { type UptimeReport, UptimeReportSchema } from '../schemas/uptime-report.js';

import type { UptimeReport } from '../schemas/uptime-report.js';
import type { IncidentRecord } from './advance-incidents.js';
import { computeUptime, downMs } from './compute-uptime.js';
import { computeErrorBudget } from './error-budget.js';
import type { PeriodBuckets } from './history-store.js';
import { type LatencySketch, summarizeSketch } from './latency-sketch.js';
import { compareIncidents, renderIncident } from './render-incidents.js';
import { type StateMs, sumOverPeriod, totalMs } from './state-time.js';

export interface UptimeReportInput {
  readonly sinceMs: number;
  readonly untilMs: number;
  readonly nowMs: number;
  readonly buckets: PeriodBuckets;
  /** Incidents overlapping the period. */
  readonly incidents: readonly IncidentRecord[];
  /** Each component's latency sketch over the period (`HistoryStore.readLatency`), by name. */
  readonly latency: ReadonlyMap<string, LatencySketch>;
  /** Each component's uptime objective in percent, where one is set. */
  readonly slos: ReadonlyMap<string, number>;
}

/** The report over `[sinceMs, untilMs)`: the same convention and no-data rule as the uptime document. */
export function buildUptimeReport({
  sinceMs,
  untilMs,
  nowMs,
  buckets,
  incidents,
  latency,
  slos,
}: UptimeReportInput): UptimeReport {
  const periodMs = untilMs - sinceMs;
  return {
    since: new Date(sinceMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    until: new Date(untilMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    components: buckets.components.map((component) => {
      const time = sumOverPeriod(component.buckets, sinceMs, untilMs);
      const sketch = latency.get(component.name);
      const percentiles = sketch === undefined ? null : summarizeSketch(sketch);
      const slo = slos.get(component.name);
      return {
        name: component.name,
        ...computeUptime(time, periodMs),
        down_minutes: Math.round(downMs(time) / 60) / 1000,
        incidents: incidents.filter((incident) => incident.component === component.name).length,
        minutes: stateMinutes(time),
        p50_ms: percentiles?.p50Ms ?? null,
        p95_ms: percentiles?.p95Ms ?? null,
        p99_ms: percentiles?.p99Ms ?? null,
        error_budget: slo === undefined ? null : computeErrorBudget(slo, totalMs(time), downMs(time)),
      };
    }),
    incidents: [...incidents].sort(compareIncidents).map((incident) => renderIncident(incident, nowMs)),
  };
}

function stateMinutes(time: StateMs): UptimeReport['components'][number]['minutes'] {
  const minutes = (ms: number) => Math.round(ms / 60) / 1000;
  return {
    operational: minutes(time[0]),
    under_maintenance: minutes(time[1]),
    degraded_performance: minutes(time[2]),
    partial_outage: minutes(time[3]),
    major_outage: minutes(time[4]),
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
    ...[component.p50_ms, component.p95_ms, component.p99_ms].map((ms) => (ms === null ? '-' : `${ms} ms`)),
    component.error_budget === null
      ? '-'
      : `${component.error_budget.spent_percent === null ? '-' : `${component.error_budget.spent_percent.toFixed(1)} %`} of ${component.error_budget.allowed_minutes.toFixed(1)} min (SLO ${component.error_budget.slo_percent} %)`,
  ]);
  const table = formatTable([
    ['component', 'uptime', 'data', 'down min', 'incidents', 'p50', 'p95', 'p99', 'budget spent'],
    ...rows,
  ]);
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

/** The CSV's named columns, in order: an empty field is a figure without a value (no data, no objective). */
export const UPTIME_CSV_COLUMNS = [
  'component',
  'since',
  'until',
  'uptime_percent',
  'data_percent',
  'down_minutes',
  'incidents',
  'operational_minutes',
  'under_maintenance_minutes',
  'degraded_performance_minutes',
  'partial_outage_minutes',
  'major_outage_minutes',
  'p50_ms',
  'p95_ms',
  'p99_ms',
  'slo_percent',
  'budget_allowed_minutes',
  'budget_spent_minutes',
  'budget_left_minutes',
  'budget_spent_percent',
] as const;

/** One row per component, for spreadsheets; fields quoted where they need it (RFC 4180). */
export function formatUptimeReportCsv(report: UptimeReport): string {
  const lines: string[][] = [[...UPTIME_CSV_COLUMNS]];
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  for (const component of report.components) {
    const budget = component.error_budget;
    lines.push([
      component.name,
      report.since,
      report.until,
      text(component.uptime_percent),
      text(component.data_percent),
      text(component.down_minutes),
      text(component.incidents),
      ...Object.values(component.minutes).map(text),
      text(component.p50_ms),
      text(component.p95_ms),
      text(component.p99_ms),
      text(budget?.slo_percent),
      text(budget?.allowed_minutes),
      text(budget?.spent_minutes),
      text(budget?.left_minutes),
      text(budget?.spent_percent),
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
