/**
 * Characters XML 1.0 forbids even escaped: C0 controls other than tab, line
 * feed and carriage return, lone surrogates, and U+FFFE/U+FFFF. A parser
 * must reject a document containing one, so they become U+FFFD.
 */
const ILLEGAL_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the controls XML forbids is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text as XML character data or an attribute value: markup characters
 * escaped (so `]]>` and `<script>` stay text), illegal characters replaced.
 */
export function escapeXml(text: string): string {
  return text.replace(ILLEGAL_XML_CHARS, '\uFFFD').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
