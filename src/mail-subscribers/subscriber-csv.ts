import type { Subscriber } from './decide-signup.js';

/** The columns of `subscribers export` and `import`, in order. */
export const CSV_COLUMNS = ['email', 'state', 'components', 'language', 'time_zone', 'confirmed_at'] as const;

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The subscribers as CSV (RFC 4180), one row each; components as a JSON list (`[]`: the whole page). Pure. */
export function renderSubscribersCsv(subscribers: readonly Subscriber[]): string {
  const rows = subscribers.map((subscriber) =>
    [
      subscriber.email,
      subscriber.state,
      JSON.stringify(subscriber.choice.components),
      subscriber.choice.language,
      subscriber.choice.timeZone,
      subscriber.confirmedMs === undefined ? '' : new Date(subscriber.confirmedMs).toISOString(),
    ]
      .map(quote)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/**
 * The rows of a CSV file (RFC 4180: quoted fields may hold commas, quotes
 * and line breaks), each as fields by the header's names. Throws an `Error`
 * naming the line of an unterminated quote. Pure.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      line += 1;
    } else field += char;
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is never closed`);
  if (field !== '' || record.length > 0) records.push([...record, field]);
  const [header = [], ...rows] = records.filter((each) => !(each.length === 1 && each[0] === ''));
  const names = header.map((name) => name.trim().replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries(names.map((name, column) => [name, row[column] ?? ''])));
}
