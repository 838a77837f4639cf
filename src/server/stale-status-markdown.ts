import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedHeader } from '../headers/resolve-headers.js';
import { type ReadRegularFile, readRegularFile } from '../io/read-regular-file.js';
import { markStale, readStaleAfter } from '../markdown/mark-stale.js';

export interface StaleStatusMarkdownOptions {
  /** `status.md` under the public directory. */
  readonly file: string;
  /** Its row's cap (`TEXT_DOCUMENTS`): a larger file is left to the static files, which answer it as they do. */
  readonly maxBytes: number;
  /** The headers `headers.json` gives `/status.md`. */
  readonly headers: ReadonlyMap<string, ResolvedHeader>;
  /** Whether the status served is stale now, by the one rule (`/healthz`'s). */
  readonly statusIsStale: () => boolean;
  readonly now: () => Date;
  readonly readFile?: ReadRegularFile;
}

/**
 * `status.md` once it is out of date: while the JSON status is fresh this
 * answers nothing (`false`) and the static files serve the file as written,
 * with their ETags and compression; once the status is stale, the file is
 * read and, past the time its own "Stale after" line names, answered with a
 * first line saying it is out of date (`markStale`), as the page says.
 */
export function createStaleStatusMarkdown(options: StaleStatusMarkdownOptions) {
  const read = options.readFile ?? readRegularFile;
  return async function answerIfStale(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    if (!options.statusIsStale()) return false;
    const found = await read(options.file, { maxBytes: options.maxBytes, knownIdentity: '' });
    if (found.kind !== 'read') return false;
    const markdown = found.bytes.toString('utf8');
    const staleAfter = readStaleAfter(markdown);
    if (staleAfter === undefined || Date.parse(staleAfter) >= options.now().getTime()) return false;
    const body = Buffer.from(markStale(markdown, staleAfter));
    const headers: Record<string, string> = {};
    for (const { key, value } of options.headers.values()) headers[key] = value;
    headers['Content-Length'] = String(body.length);
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  };
}
