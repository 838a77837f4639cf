import { marked } from 'marked';

/** The kinds of the top-level blocks of `markdown`, blank lines left out, as a markdown parser (marked) reads them. */
export function blockKinds(markdown: string): string[] {
  return marked
    .lexer(markdown)
    .filter((token) => token.type !== 'space')
    .map((token) => token.type);
}

/** An llms.txt's blocks (llmstxt.org): the H1, the blockquote summary, notes, then H2 sections of links. */
export const LLMS_TXT_BLOCKS = ['heading', 'blockquote', 'paragraph', 'heading', 'list', 'heading', 'list'];
