import { UsageError } from './run-command.js';

/** The stand-ins' control port leaves room for the four components above it. */
const MAX_STANDIN_BASE_PORT = 65_531;

/** `--standins-port BASE` as a number; `undefined` when not given. A bad value names the flag and the range. */
export function parseStandinsPort(value: unknown, flag = '--standins-port'): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > MAX_STANDIN_BASE_PORT) {
    throw new UsageError(
      `${flag}: ${JSON.stringify(text)} is not a port: use a whole number from 1 to ${MAX_STANDIN_BASE_PORT}`,
    );
  }
  return port;
}
