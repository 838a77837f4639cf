import {
  CONDITION_REMINDER_MS,
  type ConditionObservation,
  type ConditionState,
  decideConditionLine,
} from './decide-condition-line.js';

/** Where lines go: progress to `info`, trouble to `error` (the probe's log has this shape). */
export interface ConditionSink {
  readonly info: (line: string) => void;
  readonly error: (line: string) => void;
}

/** One persistent condition's log: told every time, it writes only what `decideConditionLine` decides. */
export interface ConditionLog {
  /** The condition holds; `key` identifies which (an errno code, the set of silent peers). */
  holds(key: string, message: string): void;
  /** The condition is over (or never was); `message` says what works again, logged only if it held. */
  clear(message: string): void;
  /** Whether the condition holds now. */
  readonly active: boolean;
}

export interface ConditionLogOptions {
  readonly log: ConditionSink;
  readonly now?: (() => Date) | undefined;
  readonly reminderMs?: number;
}

/**
 * A condition logged once, not every cycle: when it starts, changes and
 * ends, with a reminder at most hourly. Everything that fails the same way
 * cycle after cycle (a full disk, silent peers, a locked history) logs
 * through one of these.
 */
export function createConditionLog({
  log,
  now = () => new Date(),
  reminderMs = CONDITION_REMINDER_MS,
}: ConditionLogOptions): ConditionLog {
  let state: ConditionState | undefined;
  function observe(observation: ConditionObservation): void {
    const decision = decideConditionLine(state, observation, now().getTime(), reminderMs);
    state = decision.state;
    if (decision.line !== undefined) log[decision.line.level](decision.line.text);
  }
  return {
    holds: (key, message) => observe({ kind: 'holds', key, message }),
    clear: (message) => observe({ kind: 'clear', message }),
    get active() {
      return state !== undefined;
    },
  };
}
