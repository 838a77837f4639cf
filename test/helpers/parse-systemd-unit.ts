/** A systemd unit file: section name → key → values in file order (a key may repeat). */
export type SystemdUnit = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

/**
 * Parses a unit file the way systemd reads one: `[Section]` headers,
 * `Key=Value` lines, `#` and `;` comments, a trailing backslash continues the
 * line, and an empty assignment (`ExecStart=`) clears the values set before it.
 * `systemd-analyze verify` is what validates the units (the tests run it); it
 * cannot print a unit's values without a running manager, so the tests read
 * them with this.
 */
export function parseSystemdUnit(text: string): SystemdUnit {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  const lines = joinContinuations(text.split('\n'));
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const section = /^\[([^\]]+)\]$/.exec(line);
    if (section?.[1] !== undefined) {
      current = sections.get(section[1]) ?? new Map();
      sections.set(section[1], current);
      return;
    }
    const equals = line.indexOf('=');
    if (equals <= 0 || current === undefined)
      throw new Error(`line ${index + 1}: not a Key=Value in a section: ${line}`);
    const key = line.slice(0, equals).trim();
    const value = line.slice(equals + 1).trim();
    current.set(key, value === '' ? [] : [...(current.get(key) ?? []), value]);
  });
  return sections;
}

/** The one value of `key` in `section`; throws when it is missing or set more than once. */
export function unitValue(unit: SystemdUnit, section: string, key: string): string {
  const values = unit.get(section)?.get(key) ?? [];
  const [value] = values;
  if (values.length !== 1 || value === undefined) {
    throw new Error(`[${section}] ${key}: expected one value, found ${values.length}`);
  }
  return value;
}

function joinContinuations(lines: readonly string[]): string[] {
  const out: string[] = [];
  let pending = '';
  for (const line of lines) {
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    out.push(pending + line);
    pending = '';
  }
  if (pending !== '') out.push(pending);
  return out;
}
