/** A maintenance's state as written, and its window: what its state at a moment is judged from. */
export interface JudgedMaintenance {
  readonly state: 'scheduled' | 'in_progress' | 'completed';
  readonly window: { readonly start: string; readonly end: string };
}

/**
 * The state of a maintenance at `nowMs`: `completed` once the team says so
 * or its window has ended; `in_progress` once the team says so or its
 * window has begun; `scheduled` before. The team's word can only move it
 * forward: a window the clock has closed is completed whatever was written,
 * and one the clock has opened is in progress without `maintenance start`.
 * Pure, and importing nothing: the status page runs this very function
 * (`renderPageRulesModule`), so the page, Statuspage's documents and the
 * feed never disagree on it.
 */
export function judgeMaintenanceState(notice: JudgedMaintenance, nowMs: number): JudgedMaintenance['state'] {
  if (notice.state === 'completed' || nowMs >= Date.parse(notice.window.end)) return 'completed';
  if (notice.state === 'in_progress' || nowMs >= Date.parse(notice.window.start)) return 'in_progress';
  return 'scheduled';
}
