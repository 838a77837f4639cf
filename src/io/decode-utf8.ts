const UTF8 = new TextDecoder('utf-8', { fatal: true });
const UTF8_LOSSY = new TextDecoder('utf-8');
const REPLACEMENT_CHARACTER = '\ufffd';
/** U+FFFD as it is written in UTF-8. */
const REPLACEMENT_BYTES = [0xef, 0xbf, 0xbd] as const;

/** A file's bytes read as UTF-8: its text, or why they are not UTF-8. */
export type DecodedText = { readonly text: string } | { readonly invalid: string };

/**
 * Reads `bytes` as UTF-8, strictly: a byte that is not part of a UTF-8
 * character is reported (which byte, at what line and column) instead of
 * silently becoming U+FFFD, which would then be published as part of a name.
 * A byte order mark at the start is dropped, as JSON allows a parser to do
 * (RFC 8259, section 8.1) and as editors on Windows write it.
 */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { text: UTF8.decode(bytes) };
  } catch {
    return { invalid: describeInvalidUtf8(bytes) };
  }
}

function describeInvalidUtf8(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return 'is not UTF-8: it starts with a UTF-16 byte order mark; save it as UTF-8';
  }
  const lossy = UTF8_LOSSY.decode(bytes);
  // The first U+FFFD that the bytes did not spell themselves; those before it took 3 bytes each, as it would.
  const skipsBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let at = lossy.indexOf(REPLACEMENT_CHARACTER); at !== -1; at = lossy.indexOf(REPLACEMENT_CHARACTER, at + 1)) {
    const offset = skipsBom + Buffer.byteLength(lossy.slice(0, at));
    if (REPLACEMENT_BYTES.every((byte, index) => bytes[offset + index] === byte)) continue;
    const before = lossy.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return `is not UTF-8: byte 0x${byte} at line ${line} column ${column} is not part of a UTF-8 character; save the file as UTF-8`;
  }
  return 'is not UTF-8; save the file as UTF-8';
}
