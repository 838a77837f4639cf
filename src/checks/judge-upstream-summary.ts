import { quoteForLog } from '../errors/quote-for-log.js';
import type { FailureReason } from '../outbound/describe-request-error.js';
import { type StatusValue, worstStatus } from '../schemas/status-value.js';
import type { UPSTREAM_INDICATORS, UpstreamSummary } from '../schemas/statuspage/upstream-summary.js';

/** What a provider's page says of what is read: the state, and why when it is not operational. */
export type UpstreamVerdict =
  | { readonly state: StatusValue; readonly reason: FailureReason | undefined }
  | { readonly state: undefined; readonly reason: FailureReason };

/** A page's indicator, or an incident's impact, as a component state. */
const STATE_BY_INDICATOR: Readonly<Record<(typeof UPSTREAM_INDICATORS)[number], StatusValue>> = {
  none: 'operational',
  minor: 'degraded_performance',
  major: 'partial_outage',
  critical: 'major_outage',
  maintenance: 'under_maintenance',
};

/** Incidents Statuspage still lists though they are over. */
const ENDED_INCIDENT_STATUSES: ReadonlySet<string> = new Set(['resolved', 'postmortem', 'completed']);

/** How much of the provider's own words a reason quotes. */
const QUOTED_CHARS = 80;

const quote = (text: string) => quoteForLog(JSON.stringify(text), QUOTED_CHARS);

/**
 * What a provider's summary says, for one of its components or for the
 * page. With `component`, that component's status as the provider set it
 * (an entry that is no group first, then a group of that name; the worst of
 * several of one name, saying so); a name the page does not have fails,
 * saying so. Without, the page's indicator
 * (`none` operational, `minor` degraded_performance, `major`
 * partial_outage, `critical` major_outage, `maintenance`
 * under_maintenance), made worse by any unresolved incident whose impact is
 * worse: a provider whose indicator still says `none` while it has posted an
 * incident of `minor` impact or more is taken at the incident's word. An
 * incident of impact `none`, or with no impact at all, changes nothing: the
 * provider judged it harmless. `page.updated_at` is never looked at: it is
 * the page's last change, not a sign of life. `asOf` ends a reason (when
 * the summary is an earlier read's). Pure.
 */
export function judgeUpstreamSummary(
  summary: UpstreamSummary,
  component: string | undefined,
  asOf = '',
): UpstreamVerdict {
  if (component !== undefined) {
    const named = summary.components.filter((entry) => entry.name === component);
    const entries = named.some((entry) => entry.group !== true) ? named.filter((entry) => entry.group !== true) : named;
    if (entries.length === 0) return { state: undefined, reason: `upstream page has no component ${quote(component)}` };
    // Several of one name (a page's mistake): none is taken silently over the others, the worst counts.
    const state = worstStatus(entries.map((entry) => entry.status));
    const several = entries.length > 1 ? ` (the worst of ${entries.length} components of that name)` : '';
    const reason =
      state === 'operational'
        ? undefined
        : (`upstream reports ${state} for ${quote(component)}${several}${asOf}` as const);
    return { state, reason };
  }
  const fromIndicator = STATE_BY_INDICATOR[summary.status.indicator];
  const open = summary.incidents.filter(
    (incident) => incident.impact !== undefined && !ENDED_INCIDENT_STATUSES.has(incident.status ?? ''),
  );
  const worstIncident = open.reduce<{ state: StatusValue; name: string | undefined } | undefined>((worst, incident) => {
    const state = STATE_BY_INDICATOR[incident.impact ?? 'none'];
    return worst === undefined || worstStatus([worst.state, state]) !== worst.state
      ? { state, name: incident.name }
      : worst;
  }, undefined);
  const state = worstStatus([fromIndicator, worstIncident?.state ?? 'operational']);
  if (state === 'operational') return { state, reason: undefined };
  if (worstIncident !== undefined && state === worstIncident.state && state !== fromIndicator) {
    const named = worstIncident.name === undefined ? 'an incident' : `incident ${quote(worstIncident.name)}`;
    return {
      state,
      reason: `upstream reports ${state} (${named}; the page's indicator says ${summary.status.indicator})${asOf}`,
    };
  }
  const said = summary.status.description === undefined ? '' : `: ${quote(summary.status.description)}`;
  return { state, reason: `upstream reports ${state} (indicator ${summary.status.indicator}${said})${asOf}` };
}
