import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  documentFile,
  HEARTBEATS_PATH,
  INCIDENTS_PATH,
  NOTICES_PATH,
  OBSERVATIONS_PATH,
  STATUS_PATH,
  UPTIME_PATH,
} from '../../src/api-paths.js';
import { listCalendarScopes } from '../../src/calendar/calendar-files.js';
import { createCalendarsPublisher } from '../../src/calendar/publish-calendars.js';
import { listFeedScopes } from '../../src/feed/feed-scopes.js';
import { createScopedFeedsPublisher } from '../../src/feed/publish-scoped-feeds.js';
import { writeAtomically } from '../../src/io/write-atomically.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import type { ComponentHistoryDocument } from '../../src/schemas/component-history.js';
import type { HeartbeatsDocument } from '../../src/schemas/heartbeats-document.js';
import type { IncidentsDocument } from '../../src/schemas/incidents.js';
import type { NoticesDocument } from '../../src/schemas/notice.js';
import type { ObservationsDocument } from '../../src/schemas/observations.js';
import type { ServiceStatus } from '../../src/schemas/service-status.js';
import type { UptimeDocument } from '../../src/schemas/uptime.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { buildSite } from '../../src/site/build-site.js';
import { publishStatuspage } from '../../src/statuspage/publish-statuspage.js';
import { makeTempDir } from '../helpers/temp-dirs.js';

/**
 * The status page's files, as committed under `public/`: the page, its
 * modules and catalogues, the embed, the icon. The shared module is left to
 * the build, which writes it beside them.
 */
export async function listPageFiles(): Promise<string[]> {
  const entries = await readdir(resolve('public'), { withFileTypes: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() && /^(status-page(\..+)?\.(js|css)|index\.html|favicon\.svg|embed\.js)$/.test(entry.name),
    )
    .map((entry) => entry.name)
    .filter((name) => name !== 'status-page.shared.js');
}

/** The documents the probe and the build publish beside the status (the probe's observations too); any may be missing. */
export interface HistoryDocuments {
  readonly uptime?: UptimeDocument;
  /** Each component's detail document, by slug. */
  readonly componentHistories?: ReadonlyMap<string, ComponentHistoryDocument>;
  readonly incidents?: IncidentsDocument;
  readonly notices?: NoticesDocument;
  readonly observations?: ObservationsDocument;
  /** What the heartbeat components last heard, where the config has some. */
  readonly heartbeats?: HeartbeatsDocument;
  /**
   * The config's component groups (`components[].group`), by component name: in Statuspage's documents with every
   * status, and in the uptime summary where there is one.
   */
  readonly groups?: ReadonlyMap<string, string>;
}

export const REGIONS_FILE = resolve('data/regions.json');
const HEADERS_FILE = resolve('headers.json');

/** The real server over a temp public dir holding the page, the built regions and (optionally) a status. */
export interface StatusPageSite {
  readonly url: string;
  readonly publicDir: string;
  /** What the server logged. */
  readonly logs: string[];
  /** Publishes a status document the way the probe does: atomically. */
  writeStatus(status: ServiceStatus): Promise<void>;
  /** Publishes another document (the notices, the incidents) at `path`, atomically, as the probe does. */
  writeDocument(path: `/${string}`, document: unknown): Promise<void>;
  /** Stops the server but keeps the files. */
  stopServer(): Promise<void>;
  /** Stops the server and removes the temp dir. */
  close(): Promise<void>;
}

export async function startStatusPageSite(
  status?: ServiceStatus,
  history: HistoryDocuments = {},
): Promise<StatusPageSite> {
  const { dir: publicDir, remove } = await makeTempDir({ prefix: 'status-page-' });
  for (const file of await listPageFiles()) await copyFile(resolve('public', file), join(publicDir, file));
  await buildSite({ regionsFile: REGIONS_FILE, publicDir });
  const settings = {
    pageName: undefined,
    publicUrl: undefined,
    groups: history.groups ?? new Map<string, string>(),
    maintenance: [],
    announceDays: 7,
  };
  // As the probe does: the status, then Statuspage's documents from it and the documents beside it, and the
  // feed and the maintenance calendar of each component and group.
  const writer = createPublicDirWriter(publicDir);
  const writeStatus = async (next: ServiceStatus) => {
    await writeAtomically(documentFile(publicDir, STATUS_PATH), `${JSON.stringify(next)}\n`);
    await publishStatuspage({
      publicDir: writer,
      settings,
      status: next,
      notices: history.notices?.notices ?? [],
      now: new Date(),
    });
    const scopes = listFeedScopes(next.components.map(({ name }) => ({ name, group: settings.groups.get(name) })));
    await createScopedFeedsPublisher(
      writer,
      scopes,
    )({
      notices: history.notices?.notices ?? [],
      incidents: history.incidents,
    });
    // And the maintenance calendars, the site's and each component's.
    await createCalendarsPublisher(
      writer,
      listCalendarScopes(next.components),
    )({ notices: history.notices?.notices ?? [], windows: [] });
  };
  // As the probe writes it: each grouped component's group in the summary, from the config Statuspage's come from.
  const uptime = history.uptime && {
    ...history.uptime,
    components: history.uptime.components.map((component) => {
      const group = settings.groups.get(component.name);
      return group === undefined ? component : { ...component, group };
    }),
  };
  for (const [path, document] of [
    [UPTIME_PATH, uptime],
    [INCIDENTS_PATH, history.incidents],
    [NOTICES_PATH, history.notices],
    [OBSERVATIONS_PATH, history.observations],
    // The probe publishes its heartbeats beside its observations: an empty list where the config has none.
    [
      HEARTBEATS_PATH,
      history.heartbeats ??
        (history.observations && {
          version: 'v1' as const,
          region: history.observations.region,
          updated_at: history.observations.observed_at,
          components: [],
        }),
    ],
  ] as const) {
    if (document) await writeAtomically(join(publicDir, path), `${JSON.stringify(document)}\n`);
  }
  if (history.componentHistories) await mkdir(join(publicDir, 'api', 'v1', 'component-history'), { recursive: true });
  for (const [slug, document] of history.componentHistories ?? []) {
    await writeAtomically(
      join(publicDir, 'api', 'v1', 'component-history', `${slug}.json`),
      `${JSON.stringify(document)}\n`,
    );
  }
  if (status) await writeStatus(status);

  const logs: string[] = [];
  let running: RunningServer | undefined = await startServer({
    publicDir,
    headersFile: HEADERS_FILE,
    port: 0,
    host: '127.0.0.1',
    log: (message) => logs.push(message),
  });
  const url = running.url;

  async function stopServer(): Promise<void> {
    const server = running;
    running = undefined;
    await server?.close();
  }

  return {
    url,
    publicDir,
    logs,
    writeStatus,
    writeDocument: (path, document) => writeAtomically(documentFile(publicDir, path), `${JSON.stringify(document)}\n`),
    stopServer,
    close: async () => {
      await stopServer();
      await remove();
    },
  };
}
