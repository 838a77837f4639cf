import { UsageError } from './run-command.js';

const MAX_PORT = 65_535;

/** A listener's `flag PORT` as a number (0 picks a free port); `undefined` when not given. A bad value names the flag. */
export function parsePort(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) > MAX_PORT) {
    throw new UsageError(
      `${flag}: ${JSON.stringify(text)} is not a port: use a whole number from 0 to ${MAX_PORT} (0 picks a free port)`,
    );
  }
  return Number(text);
}

/** `--push-port PORT` as a number (0 picks a free port); `undefined` when not given. A bad value names the flag. */
export function parsePushPort(value: unknown): number | undefined {
  return parsePort(value, '--push-port');
}
