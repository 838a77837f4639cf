import type { StatusValue } from '../schemas/status-value.js';
import type { ProbeChange } from './mail-event.js';

/** A component as the mails last told of it, and since when the checks say otherwise, if they do. */
export interface WatchedComponent {
  readonly mailed: StatusValue;
  readonly pendingSinceMs: number | undefined;
}

/** One component's verdict in a cycle: the checks' state, not a declared one; `undefined` under maintenance. */
export interface ProbeVerdict {
  readonly name: string;
  readonly state: StatusValue | undefined;
}

export interface CoalescedChanges {
  readonly watched: Map<string, WatchedComponent>;
  /** Changes that have held for `holdMs`: one mail to each subscriber of any of them. */
  readonly changes: ProbeChange[];
}

/**
 * The changes the probe detected that have held for `holdMs`: a component
 * whose verdict differs from what was last mailed starts a wait; if it comes
 * back before the wait ends (a flap), nothing is mailed; once it has held,
 * one change from what was mailed to what it is now, whatever it went
 * through meanwhile. A component first seen is taken as it is; one under
 * maintenance (announced by its notice) waits for nothing. Pure.
 */
export function coalesceProbeChanges(
  watched: ReadonlyMap<string, WatchedComponent>,
  verdicts: readonly ProbeVerdict[],
  nowMs: number,
  holdMs: number,
): CoalescedChanges {
  const next = new Map<string, WatchedComponent>();
  const changes: ProbeChange[] = [];
  for (const { name, state } of verdicts) {
    const before = watched.get(name);
    if (before === undefined) {
      if (state !== undefined) next.set(name, { mailed: state, pendingSinceMs: undefined });
      continue;
    }
    if (state === undefined || state === before.mailed) {
      next.set(name, { mailed: before.mailed, pendingSinceMs: undefined });
      continue;
    }
    const sinceMs = before.pendingSinceMs ?? nowMs;
    if (nowMs - sinceMs >= holdMs) {
      changes.push({ component: name, from: before.mailed, to: state, sinceMs });
      next.set(name, { mailed: state, pendingSinceMs: undefined });
    } else {
      next.set(name, { mailed: before.mailed, pendingSinceMs: sinceMs });
    }
  }
  return { watched: next, changes };
}
