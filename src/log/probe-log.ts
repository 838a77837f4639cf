import { z } from 'zod';
import type { LineLog } from './line-log.js';

/** Where the probe reports: a `LineLog` (progress to `info`, trouble to `error`), and its routine lines. */
export interface ProbeLog extends LineLog {
  /**
   * What every cycle says when nothing else needs saying (its summary, `cycle
   * done in …`): `info` unless given, nothing at `LOG_LEVEL=quiet`.
   */
  readonly routine?: ((line: string) => void) | undefined;
}

/** The console, each line prefixed `probe:`; trouble goes to stderr. */
export const CONSOLE_PROBE_LOG: ProbeLog = {
  info: (line) => console.log(`probe: ${line}`),
  error: (line) => console.error(`probe: ${line}`),
};

/**
 * `LOG_LEVEL`: `info` (the default) logs a summary line every cycle, 720 an
 * hour at the default schedule; `quiet` leaves those out and keeps every
 * change, problem and start-up line.
 */
export const LogLevelEnvSchema = z.object({
  LOG_LEVEL: z
    .enum(['info', 'quiet'], {
      error: (issue) => `${JSON.stringify(issue.input)} is not a level: use info (the default) or quiet`,
    })
    .optional(),
});
export type LogLevelEnv = z.infer<typeof LogLevelEnvSchema>;

/** The console at a level: at `quiet`, the routine lines go nowhere. */
export function createConsoleProbeLog({ LOG_LEVEL }: LogLevelEnv): ProbeLog {
  return LOG_LEVEL === 'quiet' ? { ...CONSOLE_PROBE_LOG, routine: () => {} } : CONSOLE_PROBE_LOG;
}
