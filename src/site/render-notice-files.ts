import { documentFile, FEED_PATH, INCIDENTS_PATH, NOTICES_PATH } from '../api-paths.js';
import { renderFeed } from '../feed/render-feed.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { readNotices } from '../notices/read-notices.js';
import { renderNotices } from '../notices/render-notices.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import type { PublishedFile } from './render-site.js';

/**
 * `/api/v1/notices` and `/feed.atom` as the build publishes them: the
 * notices from the data files, and the probe's incidents if it has already
 * published a valid incidents document (the probe re-renders the feed after
 * every cycle anyway, so an unreadable one is left to it). Throws
 * `InputError` for bad data files, before anything is written.
 */
export async function renderNoticeFiles(
  publicDir: string,
  noticesFile: string,
  componentsFile: string,
): Promise<PublishedFile[]> {
  const { notices, publicUrl } = await readNotices({ noticesFile, componentsFile });
  const incidents = await readOptionalDocument(documentFile(publicDir, INCIDENTS_PATH), IncidentsDocumentSchema).catch(
    () => undefined,
  );
  return [
    { path: NOTICES_PATH, contents: renderNotices(notices) },
    { path: FEED_PATH, contents: renderFeed({ notices, incidents, publicUrl }) },
  ];
}
