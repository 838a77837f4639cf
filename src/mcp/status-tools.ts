import { MAX_API_DOCUMENT_BYTES, maxBytesOf } from '../api-documents.js';
import { componentHistoryPath, INCIDENTS_PATH, NOTICES_PATH, STATUS_PATH, UPTIME_PATH } from '../api-paths.js';
import { ComponentHistoryDocumentSchema } from '../schemas/component-history.js';
import { DEFAULT_SCHEDULE } from '../schemas/components-config.js';
import { IncidentsDocumentSchema } from '../schemas/incidents.js';
import { NoticesDocumentSchema } from '../schemas/notice.js';
import { ServiceStatusSchema } from '../schemas/service-status.js';
import { type UptimeDocument, UptimeDocumentSchema } from '../schemas/uptime.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';
import { type DocumentResult, type DocumentSource, readSiteDocument } from './document-source.js';
import {
  answerComponent,
  answerIncidents,
  answerMaintenance,
  answerStatus,
  answerUptime,
  findComponent,
  type StatusReading,
  type TimeWindow,
  type ToolAnswer,
  type ToolError,
} from './tool-answers.js';

/** What the tools read a deployment with. */
export interface StatusToolsOptions {
  readonly source: DocumentSource;
  readonly now?: () => Date;
}

/** The answer for a document that could not be read: what went wrong, and what the agent can do. */
function unreadable(result: Extract<DocumentResult<unknown>, { ok: false }>, site: string): ToolError {
  return {
    ok: false,
    error: result.problem,
    hint: result.missing
      ? `${site} does not publish this document: it may keep no history, or not be a service-directory deployment`
      : `${site} answered with something this tool cannot read; try again later, or open the status page`,
  };
}

/**
 * The tools' work: each reads the documents it needs from the source at
 * once (each under the source's deadline and cap) and answers from them
 * with the pure `answer*` functions. Never rejects: a document that cannot
 * be read is an error answer with a hint.
 */
export function createStatusTools({ source, now = () => new Date() }: StatusToolsOptions) {
  const status = () => readSiteDocument(source, STATUS_PATH, ServiceStatusSchema, maxBytesOf(STATUS_PATH));
  const uptime = () => readSiteDocument(source, UPTIME_PATH, UptimeDocumentSchema, maxBytesOf(UPTIME_PATH));
  const notices = () => readSiteDocument(source, NOTICES_PATH, NoticesDocumentSchema, maxBytesOf(NOTICES_PATH));
  const incidents = () => readSiteDocument(source, INCIDENTS_PATH, IncidentsDocumentSchema, maxBytesOf(INCIDENTS_PATH));

  /** The status and what is read beside it; the optional documents count as none when not published. */
  async function readStatus(): Promise<
    { ok: true; reading: StatusReading; uptime: UptimeDocument | undefined } | ToolError
  > {
    const [statusRead, uptimeRead, noticesRead, incidentsRead] = await Promise.all([
      status(),
      uptime(),
      notices(),
      incidents(),
    ]);
    if (!statusRead.ok) return unreadable(statusRead, source.site);
    for (const optional of [uptimeRead, noticesRead, incidentsRead]) {
      if (!optional.ok && !optional.missing) return unreadable(optional, source.site);
    }
    const published = uptimeRead.ok ? uptimeRead.value : undefined;
    return {
      ok: true,
      uptime: published,
      reading: {
        status: statusRead.value,
        intervalMs: published ? published.interval_seconds * 1000 : scheduleIntervalMs(DEFAULT_SCHEDULE),
        notices: noticesRead.ok ? noticesRead.value.notices : [],
        incidents: incidentsRead.ok ? incidentsRead.value.incidents : undefined,
        now: now(),
      },
    };
  }

  return {
    async getStatus(): Promise<ToolAnswer> {
      const read = await readStatus();
      return read.ok ? answerStatus(read.reading, source.site) : read;
    },

    async getComponent(name: string): Promise<ToolAnswer> {
      const read = await readStatus();
      if (!read.ok) return read;
      const found = findComponent(read.reading.status, name);
      if (!found.ok) return found;
      const summary = read.uptime?.components.find((component) => component.name === found.name);
      const path = summary && componentHistoryPath(summary.slug);
      const history =
        path === undefined
          ? undefined
          : await readSiteDocument(source, path, ComponentHistoryDocumentSchema, MAX_API_DOCUMENT_BYTES);
      if (history !== undefined && !history.ok && !history.missing) return unreadable(history, source.site);
      return answerComponent(read.reading, found.name, { summary, history: history?.ok ? history.value : undefined });
    },

    async listIncidents(window: TimeWindow | undefined): Promise<ToolAnswer> {
      const read = await readStatus();
      return read.ok ? answerIncidents(read.reading, window) : read;
    },

    async listMaintenance(): Promise<ToolAnswer> {
      const read = await notices();
      if (!read.ok && !read.missing) return unreadable(read, source.site);
      return answerMaintenance(read.ok ? read.value.notices : []);
    },

    async getUptime(component: string, window: TimeWindow): Promise<ToolAnswer> {
      const [statusRead, uptimeRead] = await Promise.all([status(), uptime()]);
      if (!statusRead.ok) return unreadable(statusRead, source.site);
      const found = findComponent(statusRead.value, component);
      if (!found.ok) return found;
      if (!uptimeRead.ok) return unreadable(uptimeRead, source.site);
      const summary = uptimeRead.value.components.find((entry) => entry.name === found.name);
      if (summary === undefined) {
        return {
          ok: false,
          error: `no uptime published for ${JSON.stringify(found.name)}`,
          hint: 'it may be new: try again after a cycle',
        };
      }
      const history = await readSiteDocument(
        source,
        componentHistoryPath(summary.slug),
        ComponentHistoryDocumentSchema,
        MAX_API_DOCUMENT_BYTES,
      );
      return history.ok ? answerUptime(history.value, window) : unreadable(history, source.site);
    },
  };
}

export type StatusTools = ReturnType<typeof createStatusTools>;
