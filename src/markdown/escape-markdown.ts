/**
 * Characters that would make text from people (a notice's title or update, a
 * component's name) into markup: emphasis, links, code, raw HTML, a table's
 * cell border, an entity. Each is escaped with a backslash, which CommonMark
 * turns back into the character itself.
 */
const MARKUP = /[\\`*_[\]{}<>|#~!&]/g;

/**
 * Text as a markdown reader shows it, never as markup: every markup
 * character escaped, and line breaks folded into spaces so that the text
 * stays inside its line, paragraph or table cell and can open no block of
 * its own (a heading, a list, a fence). Pure.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(MARKUP, (character) => `\\${character}`);
}
