/** RFC 5545 §3.1: content lines longer than 75 octets are folded. */
const MAX_LINE_OCTETS = 75;

/**
 * A TEXT value as RFC 5545 §3.3.11 writes it: backslash, semicolon and
 * comma escaped, line breaks as `\n`. What a person wrote stays text. Pure.
 */
export function escapeIcsText(text: string): string {
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replaceAll(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line, folded (§3.1) into pieces of at most 75 octets joined by
 * CRLF and a space, never inside a UTF-8 character. Pure.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // The continuation's leading space counts against its 75 octets.
    const room = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > room) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** An instant as a UTC DATE-TIME (§3.3.5 form 2): `20261125T020000Z`. */
export function formatIcsUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replaceAll(/[-:]/g, '')}Z`;
}

/** A wall-clock reading (given as milliseconds read as UTC) as a local DATE-TIME: `20261125T020000`. */
export function formatIcsLocal(wallMs: number): string {
  return formatIcsUtc(wallMs).slice(0, -1);
}
