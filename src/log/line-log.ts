/** Where a command reports (the build, the `notice` commands, the probe): progress to `info`, trouble to `error`. One line per call. */
export interface LineLog {
  readonly info: (line: string) => void;
  readonly error: (line: string) => void;
}
