import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { InputError } from '../errors/input-error.js';
import { displayPath, isErrnoException, readDocument } from '../io/read-document.js';
import { writeAtomically } from '../io/write-atomically.js';
import { EMPTY_PROBE_STATE, type ProbeState, ProbeStateSchema } from '../schemas/probe-state.js';

/** Where the flapping-protection memory lives by default: never under `public/`. */
export const DEFAULT_STATE_FILE = '.state/probe-state.json';

/**
 * Reads the state file. A missing file is a first run. A file that is not a
 * valid state is reported through `onProblem` and treated as a first run: the
 * probe then publishes what it observes, which is true, rather than nothing.
 */
export async function readProbeState(file: string, onProblem: (message: string) => void): Promise<ProbeState> {
  try {
    return await readDocument(file, ProbeStateSchema);
  } catch (error) {
    if (error instanceof InputError && isErrnoException(error.cause) && error.cause.code === 'ENOENT') {
      return EMPTY_PROBE_STATE;
    }
    onProblem(`${error instanceof Error ? error.message : String(error)} (starting without flapping memory)`);
    return EMPTY_PROBE_STATE;
  }
}

/** Writes the state file atomically, creating its directory. */
export async function writeProbeState(file: string, state: ProbeState): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * Refuses a state file inside the served directory: it is the probe's
 * private memory, and everything under `public/` is published.
 */
export function checkStateLocation(stateFile: string, publicDir: string): void {
  const inside = relative(resolve(publicDir), resolve(stateFile));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return;
  throw new InputError('--state', [
    {
      path: '',
      reason: `${displayPath(stateFile)} is inside the served directory ${displayPath(publicDir)}; keep the probe state out of what is published`,
    },
  ]);
}
