import { FEED_PATH, INCIDENTS_PATH, NOTICES_PATH } from '../api-paths.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import { type FeedInput, renderFeed } from './render-feed.js';

export interface PublishFeedOptions {
  /** The served directory: the documents are read from it and `feed.atom` is written to it. */
  readonly publicDir: PublicDirWriter;
  readonly publicUrl?: string | undefined;
  /** The incidents document as the probe just wrote it; left out, it is read from `publicDir`. */
  readonly incidents?: IncidentsDocument | undefined;
  /** The feed's bytes as this process last wrote them (what the last call returned): the same bytes are not written again. */
  readonly lastWritten?: string | undefined;
}

/**
 * What every feed is rendered from: the published notices and incidents
 * documents (`incidents` as the probe just wrote it, else read back). A
 * missing document counts as empty; an invalid one throws `InputError`.
 */
export async function readFeedInput({
  publicDir,
  publicUrl,
  incidents,
}: Omit<PublishFeedOptions, 'lastWritten'>): Promise<FeedInput> {
  const notices = await readOptionalDocument(publicDir.fileOf(NOTICES_PATH), NoticesDocumentSchema);
  return {
    notices: notices?.notices ?? [],
    incidents: incidents ?? (await readOptionalDocument(publicDir.fileOf(INCIDENTS_PATH), IncidentsDocumentSchema)),
    publicUrl,
  };
}

/**
 * Re-renders `public/feed.atom` from the published notices and incidents
 * documents (`readFeedInput`), and replaces it atomically unless its bytes
 * are `lastWritten` (the feed changes only with a notice or an incident, not
 * every cycle). Returns the feed's bytes. An invalid document throws
 * `InputError` and leaves the feed as it was.
 */
export async function publishFeed(options: PublishFeedOptions): Promise<string> {
  const feed = renderFeed(await readFeedInput(options));
  if (feed === options.lastWritten) return feed;
  await options.publicDir.write(FEED_PATH, feed);
  return feed;
}
