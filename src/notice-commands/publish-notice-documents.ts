import { join } from 'node:path';
import { listCalendarScopes } from '../calendar/calendar-files.js';
import { createCalendarsPublisher } from '../calendar/publish-calendars.js';
import { listFeedScopes } from '../feed/feed-scopes.js';
import { createScopedFeedsPublisher } from '../feed/publish-scoped-feeds.js';
import type { LineLog } from '../log/line-log.js';
import { noticesToPublish } from '../notices/read-notices.js';
import { readPublishedIncidents } from '../notices/read-published-incidents.js';
import { renderNoticeDocuments } from '../notices/render-notice-documents.js';
import { type LockHolder, ProbeLockedError } from '../public-dir/probe-locked-error.js';
import { createPublicDirWriter } from '../public-dir/public-dir-writer.js';
import { acquireWriterLock, LOCK_FILE_NAME } from '../public-dir/writer-lock.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import type { Notice } from '../schemas/notice.js';

export interface PublishNoticeDocumentsOptions {
  /** The served directory. */
  readonly publicDir: string;
  /** The notices the command just wrote to the notices file, as written there. */
  readonly written: readonly Notice[];
  /** The components file as the command read it: its windows, `public_url`, components and groups. */
  readonly config: ComponentsConfig | undefined;
  /** The probe's state directory, where its writer lock lives. */
  readonly stateDir: string;
  /** `.gz` and `.br` siblings, as the build and the probe write them (`--precompress`). */
  readonly precompress: boolean;
  readonly log: LineLog;
}

/** Who publishes the notices just written: the probe that holds the writer lock, or this command, which did. */
export type NoticeDocumentsPublished =
  | { readonly by: 'probe'; readonly lockFile: string; readonly holder: LockHolder | undefined }
  | { readonly by: 'command'; readonly lockFile: string; readonly written: readonly string[] };

/**
 * After an edit of the notices file: where a probe holds the writer lock,
 * nothing, since it reads the file and publishes everything that depends
 * on it with its next cycle (one writer of the public directory); where
 * none does (a build-only deployment, or cron mode between runs), the
 * notice documents the build writes (`/api/v1/notices`, `/feed.atom`, the
 * feed of each component and group),
 * under that same lock, so a probe starting meanwhile waits its turn.
 * Never the status: that is the probe's, at its next run. What was just
 * written is published as given, not read back.
 */
export async function publishNoticeDocuments(
  options: PublishNoticeDocumentsOptions,
): Promise<NoticeDocumentsPublished> {
  const { stateDir, publicDir, log } = options;
  const lockFile = join(stateDir, LOCK_FILE_NAME);
  let lock: Awaited<ReturnType<typeof acquireWriterLock>>;
  try {
    lock = await acquireWriterLock({ stateDir, log });
  } catch (error) {
    if (error instanceof ProbeLockedError) return { by: 'probe', lockFile, holder: error.holder };
    throw error;
  }
  try {
    const { config } = options;
    const incidents = await readPublishedIncidents(publicDir);
    const toPublish = noticesToPublish(config, options.written, new Date());
    const notices = renderNoticeDocuments({ notices: toPublish.notices, publicUrl: toPublish.publicUrl, incidents });
    const writer = createPublicDirWriter(publicDir, { precompress: options.precompress });
    const written: string[] = [];
    for (const { path, contents } of notices.files) written.push(await writer.write(path, contents));
    // The feed of each component and group carries the notices too, as the build and the probe write it.
    const scopes = listFeedScopes(config?.components ?? []);
    written.push(...(await createScopedFeedsPublisher(writer, scopes)(notices.feedInput, notices.siteFeed)));
    // And the maintenance calendars, which a maintenance command changes.
    const calendars = createCalendarsPublisher(writer, listCalendarScopes(config?.components ?? []));
    written.push(
      ...(await calendars({ notices: toPublish.notices, windows: toPublish.windows, publicUrl: toPublish.publicUrl })),
    );
    return { by: 'command', lockFile, written };
  } finally {
    await lock.release();
  }
}
