import { join, relative, resolve, sep } from 'node:path';
import { PUBLISHED_PATHS } from '../api-documents.js';
import { LLMS_TXT_PATH, MAINTENANCE_CALENDAR_PATH, REGIONS_PATH } from '../api-paths.js';
import { isCalendarPath, listCalendarScopes } from '../calendar/calendar-files.js';
import { createCalendarsPublisher } from '../calendar/publish-calendars.js';
import { InputError } from '../errors/input-error.js';
import { listPublishedFiles } from '../exports/list-published-files.js';
import { renderExports } from '../exports/render-exports.js';
import { isScopedFeedPath, listFeedScopes } from '../feed/feed-scopes.js';
import { createScopedFeedsPublisher } from '../feed/publish-scoped-feeds.js';
import { allowFormEndpoint } from '../headers/allow-form-endpoint.js';
import { allowInlineStyle } from '../headers/allow-inline-style.js';
import { HeadersConfigSchema } from '../headers/headers-config.js';
import { readDocument } from '../io/read-document.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { writeFiles } from '../io/write-files.js';
import type { LineLog } from '../log/line-log.js';
import { renderLlmsTxt } from '../markdown/render-llms-txt.js';
import { checkNoticesConfig, noticesToPublish, readWrittenNotices } from '../notices/read-notices.js';
import { readPublishedIncidents } from '../notices/read-published-incidents.js';
import { type NoticeDocuments, renderNoticeDocuments } from '../notices/render-notice-documents.js';
import { listCdnHeaders } from '../object-store/list-cdn-headers.js';
import { MAX_UPLOAD_DEADLINE_MS, openBucketMirror } from '../object-store/open-bucket-mirror.js';
import type { MirrorReport } from '../object-store/public-dir-mirror.js';
import { createPublicDirWriter } from '../public-dir/public-dir-writer.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';
import { RegionsFileSchema } from '../schemas/region.js';
import { readBuiltPage } from './built-page.js';
import { bundlePage } from './bundle-page.js';
import { listComponentHistoryFiles } from './component-history-files.js';
import { listMonthlyReportFiles } from './monthly-report-files.js';
import { findOversizedDocuments } from './oversized-documents.js';
import { RETIRED_MODULE_PATHS } from './render-shared-module.js';
import { type PublishedFile, renderSite } from './render-site.js';
import { listPageFiles, selectBuildUploads } from './select-build-uploads.js';

export interface BuildOptions {
  /** The regions source, `data/regions.json`. */
  readonly regionsFile: string;
  /** The response header rules, `headers.json` (default: `headers.json` in the working directory). */
  readonly headersFile?: string;
  /** The directory that is served, `public`. */
  readonly publicDir: string;
  /** Where the host exports other than `_headers` go (`dist-exports`); none are written without it. */
  readonly exportsDir?: string;
  /** The public directory as host configs name it, relative to the project root (default `public`). */
  readonly hostPublicDir?: string;
  /**
   * The notices, `data/notices.json` (missing: none). Given, the build also
   * publishes `/api/v1/notices`, `/feed.atom` and the feed of each component
   * and group under `/feeds/`; left out, none of them.
   */
  readonly noticesFile?: string;
  /** The components config, for the notices' component names, maintenance windows, `public_url` and the feeds' names. */
  readonly componentsFile?: string;
  /**
   * `--publish s3://BUCKET[/PREFIX]`: after writing, upload what this build
   * wrote under `publicDir` and the page's files (`selectBuildUploads`), all of
   * them, within `MAX_UPLOAD_DEADLINE_MS`.
   */
  readonly publishTo?: string | undefined;
  /** Where the upload reports (the CLI's `build:` lines). */
  readonly log?: LineLog;
  /**
   * `--precompress`: every file worth compressing that this build writes
   * under `publicDir`, and the page's own files, get `.gz` and `.br` siblings
   * for static hosts; off, they lose any they had.
   */
  readonly precompress?: boolean;
}

/** The build's own lines. */
const CONSOLE_BUILD_LOG: LineLog = {
  info: (line) => console.log(`build: ${line}`),
  error: (line) => console.error(`build: ${line}`),
};

export interface BuildResult {
  /** Where the regions document was written. */
  readonly regionsFile: string;
  readonly regionCount: number;
  /** Size of the regions document. */
  readonly bytes: number;
  /** Every file written, absolute, in the order written. */
  readonly files: readonly string[];
  /** How the upload to the bucket went, with `publishTo`. */
  readonly upload?: MirrorReport | undefined;
}

/**
 * Validates the regions data and the header rules, then publishes the
 * regions document, the OpenAPI document, the JSON Schemas, `_headers`, and
 * the other hosts' exports. Everything is validated and rendered before
 * anything is written, so bad input leaves every output as it was; each file
 * is replaced atomically.
 */
export async function buildSite({
  regionsFile,
  headersFile = resolve('headers.json'),
  publicDir,
  exportsDir,
  hostPublicDir = 'public',
  noticesFile,
  componentsFile = resolve('data/components.json'),
  publishTo,
  log = CONSOLE_BUILD_LOG,
  precompress = false,
}: BuildOptions): Promise<BuildResult> {
  const regions = await readDocument(regionsFile, RegionsFileSchema);
  const headersConfig = await readDocument(headersFile, HeadersConfigSchema);
  const components = await readOptionalDocument(componentsFile, ComponentsConfigSchema);
  const scopes = listFeedScopes(components?.components ?? []);
  // The style sheet inlined, and the email form where the config has subscribers; the page's policy lets
  // exactly that style through, and the form reach its endpoint.
  const { html: page, styleHash } = await readBuiltPage(publicDir, components);
  const rules = allowInlineStyle(
    allowFormEndpoint(headersConfig.headers, components?.subscribers?.endpoint),
    styleHash,
  );
  const notices =
    noticesFile === undefined
      ? undefined
      : await readNoticeDocuments(publicDir, noticesFile, componentsFile, components);
  // The index for agents, as the probe writes it from the same config: its region's name, its components.
  const region = components && regions.find(({ code }) => code === components.region);
  const llmsTxt: PublishedFile | undefined = region && {
    path: LLMS_TXT_PATH,
    contents: renderLlmsTxt({
      regionName: region.name,
      components: (components?.components ?? []).map(({ name }) => name),
      siteUrl: components?.public_url,
    }),
  };
  const site = renderSite(regions, headersConfig.headers);
  const published = [
    ...site,
    ...(notices?.files ?? []),
    ...(llmsTxt === undefined ? [] : [llmsTxt]),
    // The page's modules bundled for the browser, with the shared module rendered above.
    ...(await bundlePage(publicDir, site)),
  ];
  const [oversized] = findOversizedDocuments(published);
  if (oversized !== undefined) {
    throw new InputError(oversized.path === REGIONS_PATH ? regionsFile : (noticesFile ?? regionsFile), [
      oversized.problem,
    ]);
  }
  // Every published document is exported even before its writer (the probe, say) has written it.
  const retired = new Set<string>(RETIRED_MODULE_PATHS.map((path) => path.slice(1)));
  const calendarScopes = listCalendarScopes(components?.components ?? []);
  const feeds = new Set([
    ...scopes.map((scope) => scope.path.slice(1)),
    MAINTENANCE_CALENDAR_PATH.slice(1),
    ...calendarScopes.map((scope) => scope.path.slice(1)),
  ]);
  // The feed or calendar of a component or group no longer configured is removed by its writer: it gets no headers.
  const unconfigured = (file: string) =>
    (isScopedFeedPath(`/${file}`) || isCalendarPath(`/${file}`)) && !feeds.has(file);
  const files = [
    ...(await listPublishedFiles(publicDir)).filter((file) => !retired.has(file) && !unconfigured(file)),
    ...[...PUBLISHED_PATHS, ...published.map((file) => file.path)].map((path) => path.slice(1)),
    ...feeds,
    ...listComponentHistoryFiles(components),
    ...(components === undefined ? [] : listMonthlyReportFiles(Date.now())),
  ];
  const endpoint = components?.subscribers?.endpoint;
  const exports = renderExports(
    rules,
    files,
    hostPublicDir,
    endpoint === undefined ? undefined : { path: new URL(endpoint).pathname },
  );
  // A bad bucket URL is bad input like any other: refused before anything is written.
  const mirror =
    publishTo === undefined
      ? undefined
      : await openBucketMirror({ publishTo, publicDir, headersFile, deadlineMs: MAX_UPLOAD_DEADLINE_MS, log });

  const writer = createPublicDirWriter(publicDir, { precompress, mirror });
  for (const path of RETIRED_MODULE_PATHS) await writer.remove(path);
  const written: string[] = [];
  for (const { path, contents } of published) written.push(await writer.write(path, contents));
  // One feed per component and group: the feeds of those no longer configured go.
  if (notices !== undefined) {
    written.push(...(await createScopedFeedsPublisher(writer, scopes)(notices.feedInput, notices.siteFeed)));
    // The maintenance calendars, the site's and each component's: those of components no longer configured go.
    const { notices: applied, publicUrl } = notices.feedInput;
    const calendarInput = { notices: applied, publicUrl, windows: components?.maintenance ?? [] };
    written.push(...(await createCalendarsPublisher(writer, calendarScopes)(calendarInput)));
  }
  // The page's own files are not written here, but they are served beside what is.
  if (page !== undefined) written.push(await writer.write('/index.html', page));
  const ownPaths = new Set([...published.map((file) => file.path), ...(page === undefined ? [] : ['/index.html'])]);
  for (const path of new Set(listPageFiles(files))) {
    if (!ownPaths.has(path)) await writer.updateSiblings(path);
  }
  for (const { name, contents } of exports.publicFiles) written.push(await writer.write(`/${name}`, contents));
  written.push(
    ...(exportsDir === undefined
      ? []
      : await writeFiles(
          exportsDir,
          exports.hostFiles.map(({ name, contents }) => ({ path: name, contents })),
        )),
  );
  let upload: MirrorReport | undefined;
  if (mirror !== undefined) {
    const ours = new Set(written.map((file) => relative(publicDir, file).split(sep).join('/')));
    const uploads = selectBuildUploads(await listPublishedFiles(publicDir), ours);
    try {
      upload = await writer.upload({ files: uploads });
    } finally {
      writer.close();
    }
    const forCdn = listCdnHeaders(rules, uploads);
    if (forCdn.length > 0) {
      log.info(`${publishTo}: objects cannot carry these headers; the CDN's response headers policy must add them:`);
      for (const line of forCdn) log.info(`  ${line}`);
    }
  }
  const regionsDocument = published.find((file) => file.path === REGIONS_PATH)?.contents ?? '';
  return {
    regionsFile: join(publicDir, REGIONS_PATH),
    regionCount: regions.length,
    bytes: Buffer.byteLength(regionsDocument),
    files: written,
    upload,
  };
}

/**
 * The notice documents the build publishes (`renderNoticeDocuments`): the
 * notices from the data files, `config` being the components file as read
 * already, and the probe's incidents if it has published a valid incidents
 * document. Throws `InputError` for bad data files, before anything is written.
 */
async function readNoticeDocuments(
  publicDir: string,
  noticesFile: string,
  componentsFile: string,
  config: ComponentsConfig | undefined,
): Promise<NoticeDocuments> {
  const now = new Date();
  checkNoticesConfig(config, componentsFile, now);
  const written = await readWrittenNotices(noticesFile, config, componentsFile);
  const incidents = await readPublishedIncidents(publicDir);
  return renderNoticeDocuments({ ...noticesToPublish(config, written, now), incidents });
}
