import { FEED_PATH, INCIDENTS_PATH } from '../api-paths.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import { renderFeed } from './render-feed.js';

export interface PublishFeedOptions {
  /** The served directory: `feed.atom` is written to it, and the incidents read from it when not given. */
  readonly publicDir: PublicDirWriter;
  /** The notices the cycle applied. */
  readonly notices: readonly Notice[];
  readonly publicUrl?: string | undefined;
  /** The incidents document as the probe just wrote it; left out, it is read from `publicDir`. */
  readonly incidents?: IncidentsDocument | undefined;
  /** The feed's bytes as this process last wrote them (what the last call returned): the same bytes are not written again. */
  readonly lastWritten?: string | undefined;
}

/**
 * Re-renders `public/feed.atom` from the notices and the published incidents
 * document, and replaces it atomically unless its bytes are `lastWritten`
 * (the feed changes only with a notice or an incident, not every cycle).
 * Returns the feed's bytes. A missing incidents document counts as empty;
 * an invalid one throws `InputError` and leaves the feed as it was.
 */
export async function publishFeed(options: PublishFeedOptions): Promise<string> {
  const { publicDir, publicUrl, notices } = options;
  const incidents =
    options.incidents ?? (await readOptionalDocument(publicDir.fileOf(INCIDENTS_PATH), IncidentsDocumentSchema));
  const feed = renderFeed({ notices, incidents, publicUrl });
  if (feed === options.lastWritten) return feed;
  await publicDir.write(FEED_PATH, feed);
  return feed;
}
