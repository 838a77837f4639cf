import { z } from 'zod';

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

/** What each mode does, for the console and the control server's index. */
export const STANDIN_MODE_DESCRIPTIONS: Readonly<Record<StandinMode, string>> = {
  healthy: 'answers at once with its healthy status (200, or 401 for the registry)',
  slow: 'answers healthy, but only after a delay longer than degraded_ms',
  failing: 'answers 503',
  hanging: 'accepts the request and never answers',
  refusing: 'stops listening, so connections are refused',
  reset: 'starts a body, then resets the connection',
  huge: 'streams a body far larger than a probe reads',
  redirect: 'answers 302 to another path',
};
