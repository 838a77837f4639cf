import { FEED_PATH, INCIDENTS_PATH } from '../api-paths.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import { type FeedInput, renderFeed } from './render-feed.js';

export interface PublishFeedOptions {
  /** The served directory: `feed.atom` is written to it, and the incidents read from it when not given. */
  readonly publicDir: PublicDirWriter;
  /** The notices the cycle applied. */
  readonly notices: readonly Notice[];
  readonly publicUrl?: string | undefined;
  /** The incidents document as the probe just wrote it; left out, it is read from `publicDir`. */
  readonly incidents?: IncidentsDocument | undefined;
}

/**
 * What every feed is rendered from: the notices the cycle applied and the
 * incidents document (as the probe just wrote it, else read back). A missing
 * incidents document counts as empty; an invalid one throws `InputError`.
 */
export async function readFeedInput({
  publicDir,
  publicUrl,
  notices,
  incidents,
}: PublishFeedOptions): Promise<FeedInput> {
  return {
    notices,
    incidents: incidents ?? (await readOptionalDocument(publicDir.fileOf(INCIDENTS_PATH), IncidentsDocumentSchema)),
    publicUrl,
  };
}

/**
 * Re-renders `public/feed.atom` from the notices and the published incidents
 * document (`readFeedInput`), and replaces it atomically when its bytes
 * changed (the feed changes only with a notice or an incident, not every
 * cycle). Returns the feed's bytes. An invalid incidents document throws
 * `InputError` and leaves the feed as it was.
 */
export async function publishFeed(options: PublishFeedOptions): Promise<string> {
  const feed = renderFeed(await readFeedInput(options));
  await options.publicDir.write(FEED_PATH, feed, { ifChanged: true });
  return feed;
}
