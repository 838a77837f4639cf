import type { LineLog } from './line-log.js';

/** Where the probe reports: a `LineLog`, its lines prefixed `probe:` on the console. */
export type ProbeLog = LineLog;

/** The console, each line prefixed `probe:`; trouble goes to stderr. */
export const CONSOLE_PROBE_LOG: ProbeLog = {
  info: (line) => console.log(`probe: ${line}`),
  error: (line) => console.error(`probe: ${line}`),
};
