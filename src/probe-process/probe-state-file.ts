import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { z } from 'zod';
import { errorMessage, isErrnoException } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { judgeFreshness } from '../freshness/judge-freshness.js';
import { displayPath } from '../io/display-path.js';
import { readDocument } from '../io/read-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import type { WriteFence } from '../io/write-fence.js';
import { EMPTY_PROBE_STATE, type ProbeState, ProbeStateFileSchema } from '../schemas/probe-state.js';
import { formatTimestamp } from '../schemas/service-status.js';

/** Where the flapping-protection memory lives by default: never under `public/`. */
export const DEFAULT_STATE_FILE = '.state/probe-state.json';

/**
 * Memory older than this is set aside: "consecutive cycles" means little
 * across a long gap, and a restarted probe should not hold back what it sees
 * because of what it saw yesterday. An hour covers cron runs up to every 30 minutes.
 */
export const STATE_MAX_AGE_MS = 60 * 60 * 1000;

export interface ReadStateOptions {
  readonly now: Date;
  /** Told why a file was set aside; a missing file is a first run and says nothing. */
  readonly onProblem: (message: string) => void;
  readonly maxAgeMs?: number;
}

/**
 * Reads the state file. A missing file is a first run. A file that is not a
 * valid state, too old, or saved in the future (beyond the skew allowance of
 * `judgeFreshness`: this clock was stepped back, or another's wrote it) is reported and treated as a first run: the probe
 * then publishes what it observes, which is true, rather than nothing.
 */
export async function readProbeState(
  file: string,
  { now, onProblem, maxAgeMs = STATE_MAX_AGE_MS }: ReadStateOptions,
): Promise<ProbeState> {
  let saved: z.infer<typeof ProbeStateFileSchema>;
  try {
    saved = await readDocument(file, ProbeStateFileSchema);
  } catch (error) {
    if (error instanceof InputError && isErrnoException(error.cause) && error.cause.code === 'ENOENT') {
      return EMPTY_PROBE_STATE;
    }
    onProblem(`${errorMessage(error)} (starting without flapping memory)`);
    return EMPTY_PROBE_STATE;
  }
  const freshness = judgeFreshness(saved.saved_at, now, maxAgeMs);
  if (freshness.kind === 'stale') {
    onProblem(
      `${displayPath(file)}: saved at ${saved.saved_at}, too long ago to count (starting without flapping memory)`,
    );
    return EMPTY_PROBE_STATE;
  }
  if (freshness.kind === 'future') {
    onProblem(
      `${displayPath(file)}: saved at ${saved.saved_at}, in the future by ${Math.round(freshness.aheadMs / 1000)} s ` +
        '(the clock was stepped back?); it cannot be trusted (starting without flapping memory)',
    );
    return EMPTY_PROBE_STATE;
  }
  return { version: saved.version, components: saved.components };
}

/**
 * How often the state file is saved again while the memory in it stays the
 * same: well inside `STATE_MAX_AGE_MS`, so that a probe restarted soon after
 * it stopped still takes its memory.
 */
export const STATE_RESAVE_MS = 5 * 60 * 1000;

/** The memory as this process last saved it, and when. */
export interface SavedState {
  /** `serializeMemory` of the state saved. */
  readonly memory: string;
  readonly atMs: number;
}

/** The part of the state a save compares: everything but the time it is saved at. */
export function serializeMemory(state: ProbeState): string {
  return JSON.stringify(state.components);
}

/**
 * Whether a cycle saves the state: when this process has saved none yet,
 * when the memory changed since its last save, or when that save is
 * `STATE_RESAVE_MS` old. A flush a cycle for unchanged memory bought nothing.
 */
export function isStateSaveDue(last: SavedState | undefined, memory: string, nowMs: number): boolean {
  return last === undefined || last.memory !== memory || nowMs - last.atMs >= STATE_RESAVE_MS;
}

/** Writes the state file atomically, creating its directory, asking `fence` (the writer lock's lease) just before. */
export async function writeProbeState(
  file: string,
  state: ProbeState,
  savedAt: Date,
  fence?: WriteFence,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const contents = { version: state.version, saved_at: formatTimestamp(savedAt), components: state.components };
  await writeAtomically(file, `${JSON.stringify(contents, null, 2)}\n`, { fence });
}

/**
 * Refuses a state file, or a history, inside the served directory
 * (`checkStateLocation`, `InputError`): before anything is written there,
 * the writer lock beside the state file included.
 */
export function checkProberLocations(publicDir: string, stateFile: string, historyFile: string | undefined): void {
  checkStateLocation(stateFile, publicDir);
  if (historyFile !== undefined) checkStateLocation(historyFile, publicDir, '--history');
}

/**
 * Refuses a state file (or, named by `flag`, the history) inside the served
 * directory: it is the probe's private memory, and everything under `public/` is published.
 */
export function checkStateLocation(stateFile: string, publicDir: string, flag = '--state'): void {
  const inside = relative(resolve(publicDir), resolve(stateFile));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return;
  throw new InputError(flag, [
    {
      path: '',
      reason: `${displayPath(stateFile)} is inside the served directory ${displayPath(publicDir)}; keep the probe state out of what is published`,
    },
  ]);
}
