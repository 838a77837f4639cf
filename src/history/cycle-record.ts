import type { CheckResult } from '../checks/check-endpoint.js';
import type { ComponentOutcome } from '../cycle/run-cycle.js';
import { classifyFailure } from '../outbound/classify-failure.js';
import type { VoteResult } from '../peers/vote-on-component.js';
import type { FailureClass } from '../schemas/failure-class.js';
import type { StatusValue } from '../schemas/status-value.js';

/** One check of a cycle as history keeps it. */
export interface CheckRecord {
  readonly ok: boolean;
  /** `null` when the check succeeded. */
  readonly failureClass: FailureClass | null;
  /** The response status, `null` when no response arrived. */
  readonly httpStatus: number | null;
  readonly latencyMs: number;
}

/** Of the vantage points configured for a global component, how many saw an outage. */
export interface RegionCount {
  readonly sawOutage: number;
  readonly configured: number;
}

/** One component in one cycle: what was observed, what was published, and its checks. */
export interface ComponentRecord {
  readonly name: string;
  readonly observed: StatusValue;
  readonly published: StatusValue;
  readonly checks: readonly CheckRecord[];
  /** The vote's count, for a global component with peers; `null` otherwise (not kept in the raw cycles). */
  readonly regions: RegionCount | null;
  /**
   * The open incident notice whose declaration was published (`ComponentOutcome.declaration`), `null` for the
   * probe's own word: the notice is then the incident (not kept in the raw cycles).
   */
  readonly notice: string | null;
}

/** Everything one published cycle adds to the history. */
export interface CycleRecord {
  /** When the cycle's checks finished: the `updated_at` of the status it published. */
  readonly atMs: number;
  /** The schedule's interval: how long this cycle may stand for when no next cycle comes. */
  readonly intervalMs: number;
  readonly components: readonly ComponentRecord[];
}

/** Turns what a published cycle saw and decided into what history records. */
export function recordCycle(components: readonly ComponentOutcome[], at: Date, intervalMs: number): CycleRecord {
  return {
    atMs: at.getTime(),
    intervalMs,
    components: components.map((component) => ({
      name: component.name,
      observed: component.memory.observed,
      published: component.published,
      checks: component.checks.map(({ result }) => ({
        ok: result.ok,
        failureClass: failureClassOf(result),
        httpStatus: result.status ?? null,
        latencyMs: Math.max(0, Math.round(result.latency_ms)),
      })),
      regions: countRegions(component.vote),
      notice: component.declaration?.notice.id ?? null,
    })),
  };
}

/** The vote's count of outages, where there was a vote among several vantage points. */
export function countRegions(vote: VoteResult | undefined): RegionCount | null {
  if (vote === undefined || vote.configured < 2) return null;
  return { sawOutage: vote.outageVotes, configured: vote.configured };
}

function failureClassOf(result: CheckResult): FailureClass | null {
  if (result.ok) return null;
  return result.error === undefined ? 'error' : classifyFailure(result.error);
}
