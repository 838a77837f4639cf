/** How often a condition that goes on is logged again: at most once an hour. */
export const CONDITION_REMINDER_MS = 60 * 60 * 1000;

/** A condition that holds now (a full disk, peers that do not answer), as last logged. */
export interface ConditionState {
  /** What identifies it: a change of key is a new condition, logged at once. */
  readonly key: string;
  /** When it started (ms since the epoch, the caller's clock). */
  readonly sinceMs: number;
  /** When it was last logged. */
  readonly loggedMs: number;
  /** How many times it has been seen since it started. */
  readonly seen: number;
}

/** What the caller saw this time: the condition with its key and its line, or nothing wrong. */
export type ConditionObservation =
  | { readonly kind: 'holds'; readonly key: string; readonly message: string }
  | { readonly kind: 'clear'; readonly message: string };

export interface ConditionLine {
  readonly level: 'error' | 'info';
  readonly text: string;
}

export interface ConditionDecision {
  readonly state: ConditionState | undefined;
  readonly line: ConditionLine | undefined;
}

/**
 * Decides whether a persistent condition is worth a log line now: when it
 * starts, when it changes (another key), when it ends (with how long it
 * lasted), and, while it goes on unchanged, a reminder at most every
 * `reminderMs`. A clock stepped back never delays the next reminder by more
 * than `reminderMs` from the step.
 */
export function decideConditionLine(
  state: ConditionState | undefined,
  observation: ConditionObservation,
  nowMs: number,
  reminderMs: number = CONDITION_REMINDER_MS,
): ConditionDecision {
  if (observation.kind === 'clear') {
    if (state === undefined) return { state: undefined, line: undefined };
    const lasted = describeDuration(Math.max(0, nowMs - state.sinceMs));
    return {
      state: undefined,
      line: { level: 'info', text: `${observation.message} (the problem lasted ${lasted}, seen ${state.seen} times)` },
    };
  }
  if (state === undefined || state.key !== observation.key) {
    return {
      state: { key: observation.key, sinceMs: nowMs, loggedMs: nowMs, seen: 1 },
      line: { level: 'error', text: observation.message },
    };
  }
  const seen = state.seen + 1;
  const sinceLogged = nowMs - state.loggedMs;
  if (sinceLogged < 0) return { state: { ...state, loggedMs: nowMs, seen }, line: undefined };
  if (sinceLogged < reminderMs) return { state: { ...state, seen }, line: undefined };
  const lasting = describeDuration(Math.max(0, nowMs - state.sinceMs));
  return {
    state: { ...state, loggedMs: nowMs, seen },
    line: { level: 'error', text: `${observation.message} (still so, for ${lasting}, seen ${seen} times)` },
  };
}

/** `45 s`, `12 min`, `3 h 5 min`: how long a condition lasted, in words a person reads at a glance. */
export function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
