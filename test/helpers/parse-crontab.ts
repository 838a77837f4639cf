/** One crontab job: the five time fields and the command. */
export interface CrontabEntry {
  readonly line: number;
  readonly fields: readonly string[];
  readonly command: string;
}

export interface Crontab {
  /** `NAME=value` lines, which cron puts in the jobs' environment. */
  readonly env: ReadonlyMap<string, string>;
  readonly entries: readonly CrontabEntry[];
}

/**
 * Parses a user crontab (the `crontab -u USER FILE` format: no user column).
 * Hand-written because no crontab-file checker installs here (Debian's cron has
 * no check mode); the time fields themselves are validated with node-cron.
 */
export function parseCrontab(text: string): Crontab {
  const env = new Map<string, string>();
  const entries: CrontabEntry[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (assignment?.[1] !== undefined && assignment[2] !== undefined) {
      env.set(assignment[1], assignment[2]);
      return;
    }
    const words = line.split(/\s+/);
    if (words.length < 6) throw new Error(`line ${index + 1}: not five time fields and a command: ${line}`);
    const fields = words.slice(0, 5);
    const command = line.replace(/^(\S+\s+){5}/, '');
    entries.push({ line: index + 1, fields, command });
  });
  return { env, entries };
}
