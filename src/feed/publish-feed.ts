import { FEED_PATH, INCIDENTS_PATH, NOTICES_PATH } from '../api-paths.js';
import { writePublicFile } from '../compression/write-public-file.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import { renderFeed } from './render-feed.js';

export interface PublishFeedOptions {
  /** The served directory: the documents are read from it and `feed.atom` is written to it. */
  readonly publicDir: string;
  readonly publicUrl?: string | undefined;
  /** `--precompress`: the files written get `.gz` and `.br` siblings for static hosts (`writePublicFile`). */
  readonly precompress?: boolean;
}

/**
 * Re-renders `public/feed.atom` from the published notices and incidents
 * documents, and replaces it atomically. A missing document counts as empty;
 * an invalid one throws `InputError` and leaves the feed as it was.
 */
export async function publishFeed({ publicDir, publicUrl, precompress = false }: PublishFeedOptions): Promise<string> {
  const notices = await readOptionalDocument(`${publicDir}${NOTICES_PATH}`, NoticesDocumentSchema);
  const incidents = await readOptionalDocument(`${publicDir}${INCIDENTS_PATH}`, IncidentsDocumentSchema);
  const feed = renderFeed({ notices: notices?.notices ?? [], incidents, publicUrl });
  return writePublicFile(publicDir, FEED_PATH, feed, { precompress });
}
