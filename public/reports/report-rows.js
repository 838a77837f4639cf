// The monthly report's figures as the page's rows: pure, so that it is tested in Node. Numbers and times are
// written in the visitor's locale and zone (`Intl`), the words by `t` (the status page's translator,
// status-page.i18n.js); every value is text, never HTML.

/** A month like 2026-11 from the page's query, or undefined. */
export function monthFromQuery(search) {
  const month = new URLSearchParams(search).get('month');
  return month !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined;
}

/** The heading of a month, as `November 2026` in the visitor's language. */
export function monthTitle(month, locale) {
  const [year, index] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, index - 1, 1)),
  );
}

/** One row of strings per component: name, uptime, data, minutes by state, p50, p95, p99, error budget. */
export function componentRows(report, locale, t) {
  const number = (value, digits) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  const percent = (value, digits) => (value === null ? '–' : `${number(value, digits)} %`);
  const ms = (value) => (value === null ? '–' : `${number(value, 0)} ms`);
  return report.components.map((component) => [
    component.name,
    percent(component.uptime_percent, 3),
    percent(component.data_percent, 1),
    number(component.minutes.degraded_performance, 1),
    number(component.minutes.partial_outage, 1),
    number(component.minutes.major_outage, 1),
    number(component.minutes.under_maintenance, 1),
    ms(component.p50_ms),
    ms(component.p95_ms),
    ms(component.p99_ms),
    budgetText(component.error_budget, number, percent, t),
  ]);
}

function budgetText(budget, number, percent, t) {
  if (budget === null) return '–';
  return t('report.budget', {
    spent: percent(budget.spent_percent, 1),
    allowed: number(budget.allowed_minutes, 1),
    left: number(budget.left_minutes, 1),
    slo: percent(budget.slo_percent, 2),
  });
}

/** One row of strings per incident: component, worst state, start, end (or ongoing), duration. */
export function incidentRows(report, locale, timeZone, t) {
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return report.incidents.map((incident) => [
    incident.component,
    t(`status.${incident.worst_status}`),
    time.format(new Date(incident.started_at)),
    incident.resolved_at === null ? t('incidents.ongoingValue') : time.format(new Date(incident.resolved_at)),
    durationText(incident.duration_seconds, t),
  ]);
}

function durationText(seconds, t) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0
    ? t('report.hoursMinutes', { hours, minutes })
    : t('report.minutesSeconds', { minutes, seconds: seconds % 60 });
}
