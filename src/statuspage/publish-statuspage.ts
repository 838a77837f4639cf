import { API_DOCUMENTS } from '../api-documents.js';
import { INCIDENTS_PATH, UPTIME_PATH } from '../api-paths.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { renderWindowNotices, WINDOW_NOTICE_ID_PREFIX } from '../notices/maintenance-notices.js';
import type { PublicDirWriter } from '../public-dir/public-dir-writer.js';
import { type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import type { ServiceStatus } from '../schemas/service-status.js';
import { type ComponentDays, ComponentDaysSchema } from './component-days.js';
import { renderStatuspageDocuments } from './render-statuspage-documents.js';
import type { StatuspageSettings } from './statuspage-settings.js';

export interface PublishStatuspageOptions {
  /** The served directory: the history is read from it when not given, the eight documents written to it. */
  readonly publicDir: PublicDirWriter;
  /** The notices the cycle applied; the config's windows among them are rendered again at `now`. */
  readonly notices: readonly Notice[];
  readonly settings: StatuspageSettings;
  /** The status just published. */
  readonly status: ServiceStatus;
  readonly now: Date;
  /** The history documents as the probe just wrote them; left out, they are read from `publicDir`. */
  readonly history?: { readonly uptime: ComponentDays; readonly incidents: IncidentsDocument } | undefined;
  /**
   * The page's `updated_at` the documents carry, as the last call returned
   * it in this process: rendered again with it, documents that show the same
   * as those `publicDir` last wrote are not written again.
   */
  readonly pageUpdatedAt?: string | undefined;
}

/** The page's `updated_at` the eight documents now carry, and the paths this call wrote. */
export interface StatuspageWritten {
  readonly pageUpdatedAt: string;
  /** The paths written by this call: none when nothing changed. */
  readonly written: readonly string[];
}

/**
 * Re-renders the Statuspage documents from the status just published, the
 * notices it applied and the history documents beside it, and replaces each file
 * atomically when what they show changed. The page's `updated_at` is when
 * that last happened, as Statuspage's own is: rendered again with the
 * `pageUpdatedAt` given, documents that come out byte for byte as the writer
 * last wrote them are left alone, and anything else is written with the status's
 * `updated_at`, the time of the change. So a cycle that changes nothing on
 * the page writes nothing, and the first call in a process writes all
 * eight. A missing or unreadable history document counts as none. The
 * windows of the config are rendered against `now`, not taken from the
 * notices given, so recurring ones stay current between builds. Every
 * document is checked against its schema before anything is written; a
 * failure throws and leaves every file as it was.
 */
export async function publishStatuspage({
  publicDir,
  settings,
  status,
  notices,
  now,
  history,
  pageUpdatedAt,
}: PublishStatuspageOptions): Promise<StatuspageWritten> {
  const optional = <T>(promise: Promise<T>) => promise.catch(() => undefined);
  const [uptime, incidents] = await Promise.all([
    history?.uptime ?? optional(readOptionalDocument(publicDir.fileOf(UPTIME_PATH), ComponentDaysSchema)),
    history?.incidents ?? optional(readOptionalDocument(publicDir.fileOf(INCIDENTS_PATH), IncidentsDocumentSchema)),
  ]);
  const render = (pageTime: string) =>
    renderStatuspageDocuments({
      status,
      settings,
      uptime,
      incidents: incidents?.incidents ?? [],
      notices: [
        ...notices.filter((notice) => !notice.id.startsWith(WINDOW_NOTICE_ID_PREFIX)),
        ...renderWindowNotices(settings.maintenance, { now, announceDays: settings.announceDays }),
      ],
      now,
      pageUpdatedAt: pageTime,
    });
  if (pageUpdatedAt !== undefined && render(pageUpdatedAt).every((file) => publicDir.holds(file.path, file.contents))) {
    return { pageUpdatedAt, written: [] };
  }
  const files = render(status.updated_at);
  for (const file of files) {
    const row = API_DOCUMENTS.find((document) => document.path === file.path);
    row?.schema.parse(JSON.parse(file.contents));
  }
  const written: string[] = [];
  // No flush: the first call in a process writes all eight (a power cut is followed by a start).
  for (const file of files) {
    written.push(await publicDir.write(file.path, file.contents, { sync: false }));
  }
  return { pageUpdatedAt: status.updated_at, written };
}
