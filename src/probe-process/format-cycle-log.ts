import type { CheckResult } from '../checks/check-endpoint.js';
import type { CheckOutcome, ComponentOutcome, CycleOutcome } from '../cycle/run-cycle.js';
import { redactUrl } from '../outbound/redact-url.js';
import { describeVote } from '../peers/describe-vote.js';
import { STATUS_VALUES } from '../schemas/status-value.js';
import type { Thresholds } from '../settings/probe-settings.js';

type Observed = Extract<CycleOutcome, { kind: 'observed' }>;
type Offline = Extract<CycleOutcome, { kind: 'offline' }>;

/**
 * The log line for a component whose published state changed this cycle,
 * with why; `undefined` when it did not change. URLs are redacted.
 */
export function formatChange(component: ComponentOutcome): string | undefined {
  const { before, published, declaration } = component;
  if (before === published) return undefined;
  const here = explainObservation(component);
  const measured = component.vote?.outcome === 'decided' ? `${describeVote(component.vote)}; here: ${here}` : here;
  const why =
    declaration === undefined
      ? measured
      : `declared by notice ${declaration.notice.id}; the probe: ${component.memory.published}, ${measured}`;
  if (before === undefined) {
    const first = component.checksChanged ? 'first observation, its checks changed' : 'first observation';
    return `${component.name}: ${published} (${first}: ${why})`;
  }
  return `${component.name}: ${before} -> ${published} (${why})`;
}

/** One line for a finished cycle: overall, counts by published state, and changes still waiting on a threshold. */
export function formatSummary(outcome: Observed, thresholds: Thresholds): string {
  const counts = STATUS_VALUES.map(
    (value) => [value, outcome.components.filter((component) => component.published === value).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([value, count]) => `${count} ${value}`);
  const pending = outcome.components.flatMap(({ name, memory }) => {
    if (memory.pending === null) return [];
    const needed = memory.pending.direction === 'worse' ? thresholds.failureThreshold : thresholds.successThreshold;
    return [`${name} ${memory.observed} ${memory.pending.cycles}/${needed}`];
  });
  return [
    `cycle done in ${outcome.durationMs} ms`,
    `overall ${outcome.status.status}`,
    `${outcome.components.length} component${outcome.components.length === 1 ? '' : 's'}: ${counts.join(', ')}`,
    ...(pending.length > 0 ? [`waiting to publish: ${pending.join(', ')}`] : []),
    `updated_at ${outcome.status.updated_at}`,
  ].join('; ');
}

/**
 * The line for global components that hold their published state because
 * too few regions answered, with why each peer did not count; `undefined`
 * when every vote had a quorum.
 */
export function formatNoQuorum(outcome: Observed): string | undefined {
  const held = outcome.components.filter((component) => component.vote?.outcome === 'no_quorum');
  if (held.length === 0) return undefined;
  const votes = held.map(({ name, vote }) => `${name}: ${vote === undefined ? '' : describeVote(vote)}`);
  const silent = outcome.peers.flatMap((peer) =>
    peer.outcome === 'fresh' ? [] : [`${peer.region} ${peer.outcome} (${peer.detail})`],
  );
  return `no quorum, global components hold their published state: ${votes.join('; ')}${silent.length > 0 ? `; peers not counted: ${silent.join(', ')}` : ''}`;
}

/**
 * What identifies a no-quorum condition, for logging it once: which
 * components are held and which peers did not count, and how, without the
 * details (a latency, a timestamp) that differ every cycle.
 */
export function noQuorumKey(outcome: Observed): string {
  const held = outcome.components
    .filter((component) => component.vote?.outcome === 'no_quorum')
    .map(({ name }) => name);
  const silent = outcome.peers.flatMap((peer) => (peer.outcome === 'fresh' ? [] : [`${peer.region} ${peer.outcome}`]));
  return JSON.stringify([held, silent]);
}

/** Why a cycle whose connectivity check failed publishes nothing. */
export function formatOffline(outcome: Offline): string {
  return (
    `connectivity check ${redactUrl(outcome.url)} failed (${outcome.result.error ?? 'unknown'}${describePhase(outcome.result)}) after ${outcome.durationMs} ms: ` +
    'the probe cannot reach the network, so it publishes nothing and the status keeps its old updated_at'
  );
}

function explainObservation({ checks, underMaintenance, certificateWarning }: ComponentOutcome): string {
  if (underMaintenance) return 'inside a maintenance window';
  const failed = checks.filter(({ result }) => !result.ok);
  if (failed.length > 0) return failed.map(describeFailure).join('; ');
  const slow = checks
    .filter(({ check, result }) => result.reported === undefined && result.latency_ms > check.degradedMs)
    .map(({ check, result }) => `${redactUrl(check.url)}: ${result.latency_ms} ms, slower than ${check.degradedMs} ms`);
  const reasons = certificateWarning === undefined ? slow : [...slow, certificateWarning.reason];
  if (reasons.length > 0) return reasons.join('; ');
  const notes = checks.flatMap(({ check, result }) =>
    result.note === undefined ? [] : [`${redactUrl(check.url)}: ${result.note}`],
  );
  if (notes.length > 0) return notes.join('; ');
  return checks.length === 1 ? 'check passed' : `all ${checks.length} checks passed`;
}

function describeFailure({ check, result }: CheckOutcome): string {
  const reason =
    result.error === 'timeout'
      ? `timeout after ${check.timeoutMs} ms${describePhase(result)}`
      : (result.error ?? 'failed');
  return `${redactUrl(check.url)}: ${reason}`;
}

/** ` (connect)` for a check that ran out of time while connecting; empty when no phase is known. */
function describePhase(result: CheckResult): string {
  return result.phase === undefined ? '' : ` (${result.phase})`;
}
