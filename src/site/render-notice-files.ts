import { documentFile, FEED_PATH, INCIDENTS_PATH, NOTICES_PATH } from '../api-paths.js';
import { type FeedInput, renderFeed } from '../feed/render-feed.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { renderNoticesWithin } from '../notices/fit-notices.js';
import { readNotices } from '../notices/read-notices.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import type { PublishedFile } from './render-site.js';

/** What the build publishes of the notices. */
export interface NoticeFiles {
  /** `/api/v1/notices` and `/feed.atom`. */
  readonly files: PublishedFile[];
  /** What the feeds are rendered from, for the feed of each component and group (`createScopedFeedsPublisher`). */
  readonly feedInput: FeedInput;
}

/**
 * `/api/v1/notices` and `/feed.atom` as the build publishes them, and what
 * the feed of each component and group is rendered from: the notices from the data files, and the
 * probe's incidents if it has already published a valid incidents document
 * (the probe re-renders the feeds after every cycle anyway, so an unreadable
 * one is left to it). Throws `InputError` for bad data files, before
 * anything is written.
 */
export async function renderNoticeFiles(
  publicDir: string,
  noticesFile: string,
  componentsFile: string,
): Promise<NoticeFiles> {
  const { notices, publicUrl } = await readNotices({ noticesFile, componentsFile });
  const incidents = await readOptionalDocument(documentFile(publicDir, INCIDENTS_PATH), IncidentsDocumentSchema).catch(
    () => undefined,
  );
  const feedInput = { notices, incidents, publicUrl };
  return {
    files: [
      { path: NOTICES_PATH, contents: renderNoticesWithin(notices) },
      { path: FEED_PATH, contents: renderFeed(feedInput) },
    ],
    feedInput,
  };
}
