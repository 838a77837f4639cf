import { UsageError } from './run-command.js';

/** The shortest lease a writer lock may have: its holder touches it six times as often. */
const MIN_LOCK_STALE_S = 3;

/** `--lock-stale-after SECONDS` in milliseconds; `undefined` when not given. A bad value names the flag and why. */
export function parseLockStaleAfter(value: unknown, flag = '--lock-stale-after'): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < MIN_LOCK_STALE_S || seconds > 3600) {
    throw new UsageError(
      `${flag}: ${JSON.stringify(text)} is not a lease: use a whole number of seconds from ${MIN_LOCK_STALE_S} to 3600`,
    );
  }
  return seconds * 1000;
}
