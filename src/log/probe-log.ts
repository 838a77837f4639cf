/** Where the probe reports: progress to `info`, trouble to `error`. One line per call. */
export interface ProbeLog {
  readonly info: (line: string) => void;
  readonly error: (line: string) => void;
}

/** The console, each line prefixed `probe:`; trouble goes to stderr. */
export const CONSOLE_PROBE_LOG: ProbeLog = {
  info: (line) => console.log(`probe: ${line}`),
  error: (line) => console.error(`probe: ${line}`),
};
