import { z } from 'zod';
import { DEFAULT_DEGRADED_MS } from '../schemas/components-config.js';

/**
 * How a stand-in component behaves. The first five are what a newcomer
 * switches between; the rest exist for the tests' edge cases.
 */
export const StandinModeSchema = z.enum([
  'healthy',
  'slow',
  'failing',
  'hanging',
  'refusing',
  'reset',
  'huge',
  'redirect',
]);
export type StandinMode = z.infer<typeof StandinModeSchema>;

/**
 * What each mode does, for the console and the control server's index. The
 * `slow` line states the real delay, and whether it is over the default
 * `degraded_ms`, since `--slow-ms` can put it either side.
 */
export function describeStandinModes(slowMs: number): Readonly<Record<StandinMode, string>> {
  const side = slowMs > DEFAULT_DEGRADED_MS ? 'slower than' : 'within';
  return {
    healthy: 'answers at once with its healthy status (200, or 401 for the registry)',
    slow: `answers healthy after ${slowMs} ms, ${side} the default degraded_ms (${DEFAULT_DEGRADED_MS} ms)`,
    failing: 'answers 503',
    hanging: 'accepts the request and never answers',
    refusing: 'stops listening, so connections are refused',
    reset: 'starts a body, then resets the connection',
    huge: 'streams a body far larger than a probe reads',
    redirect: 'answers 302 to another path',
  };
}
