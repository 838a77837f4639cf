import { maxBytesOf } from '../api-documents.js';
import { NOTICES_PATH } from '../api-paths.js';
import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../schemas/components-config.js';
import { DEFAULT_MAINTENANCE_ANNOUNCE_DAYS, type MaintenanceWindow } from '../schemas/maintenance-window.js';
import type { Notice, WrittenNotice } from '../schemas/notice.js';
import { judgeRecurrences } from '../time/judge-recurrences.js';
import { fitNotices } from './fit-notices.js';
import { renderWindowNotices, WINDOW_NOTICE_ID_PREFIX } from './maintenance-notices.js';
import { noticesFileSchemaFor } from './notices-file-rules.js';
import { orderFields } from './render-notices.js';

export interface ReadNoticesOptions {
  /** `data/notices.json`; missing means no notices, so deployments from before notices keep building. */
  readonly noticesFile: string;
  /** `data/components.json`, for component names and maintenance windows; missing means neither. */
  readonly componentsFile: string;
  /** The clock recurring maintenance windows are announced from (default: now). */
  readonly now?: Date;
}

/** The notices to publish, from the two data files: what the build and the `notice` command render. */
export interface NoticesToPublish {
  readonly notices: Notice[];
  /** The components file's `public_url`, for the feed's links. */
  readonly publicUrl: string | undefined;
  /** The components file's `maintenance[]`, as written: the calendar's recurring windows stay rules. */
  readonly windows: readonly MaintenanceWindow[];
}

/**
 * Every notice to publish: those written in the notices file, validated,
 * and one per maintenance window of the components file (one per coming
 * occurrence of a recurring window). Throws `InputError`
 * naming the file, the JSON path and the reason.
 */
export async function readNotices({
  noticesFile,
  componentsFile,
  now = new Date(),
}: ReadNoticesOptions): Promise<NoticesToPublish> {
  const config = await readNoticesConfig(componentsFile, now);
  return noticesToPublish(config, await readWrittenNotices(noticesFile, config, componentsFile), now);
}

/** The notices the team wrote (`written`) and the config's windows as of `now`, with the config's `public_url`. */
export function noticesToPublish(
  config: ComponentsConfig | undefined,
  written: readonly Notice[],
  now: Date,
): NoticesToPublish {
  return {
    // As published: who opened a notice (`opened_by`) stays in the file.
    notices: [...written.map(orderFields), ...renderConfigWindowNotices(config, now)],
    publicUrl: config?.public_url,
    windows: config?.maintenance ?? [],
  };
}

/**
 * The components file as the notices need it (names, windows, `public_url`);
 * `undefined` when it is missing. Throws `InputError` for a bad one, or one
 * whose recurring windows cannot be read at `now`.
 */
export async function readNoticesConfig(componentsFile: string, now: Date): Promise<ComponentsConfig | undefined> {
  return checkNoticesConfig(await readOptionalDocument(componentsFile, ComponentsConfigSchema), componentsFile, now);
}

/**
 * `config`, read from `componentsFile` already, as the notices need it:
 * throws `InputError` when its recurring windows cannot be read at `now`.
 */
export function checkNoticesConfig(
  config: ComponentsConfig | undefined,
  componentsFile: string,
  now: Date,
): ComponentsConfig | undefined {
  const recurrenceProblems = judgeRecurrences(config?.maintenance ?? [], now);
  if (recurrenceProblems.length > 0) throw new InputError(displayPath(componentsFile), recurrenceProblems);
  return config;
}

/**
 * The notices the team wrote, validated against `config`'s component names
 * (`noticesFileSchemaFor`); none when the file is missing. Throws
 * `InputError` naming the file, the JSON path and the reason; also for a
 * file whose open notices alone would publish `/api/v1/notices` past the
 * server's cap, since its declarations would then apply with no notice
 * published to say so (closed ones past it are left out as published).
 */
export async function readWrittenNotices(
  noticesFile: string,
  config: ComponentsConfig | undefined,
  componentsFile: string,
): Promise<WrittenNotice[]> {
  const names = config === undefined ? undefined : new Set(config.components.map((component) => component.name));
  const schema = noticesFileSchemaFor(names, displayPath(componentsFile));
  const written = (await readOptionalDocument(noticesFile, schema)) ?? [];
  const reserved = written.flatMap((notice, index) =>
    notice.id.startsWith(WINDOW_NOTICE_ID_PREFIX)
      ? [
          {
            path: `[${index}].id`,
            reason: `must not start with "${WINDOW_NOTICE_ID_PREFIX}": kept for the maintenance windows of ${displayPath(componentsFile)}`,
          },
        ]
      : [],
  );
  if (reserved.length > 0) throw new InputError(displayPath(noticesFile), reserved);
  const fitted = fitNotices(written, maxBytesOf(NOTICES_PATH));
  if ('tooLargeBytes' in fitted) {
    throw new InputError(displayPath(noticesFile), [{ path: '', reason: describeOpenPastCap(fitted.tooLargeBytes) }]);
  }
  return written;
}

/** The config's maintenance windows as notices, as of `now` (`renderWindowNotices`). */
export function renderConfigWindowNotices(config: ComponentsConfig | undefined, now: Date): Notice[] {
  return renderWindowNotices(config?.maintenance ?? [], {
    now,
    announceDays: config?.maintenance_announce_days ?? DEFAULT_MAINTENANCE_ANNOUNCE_DAYS,
  });
}

/** Why notices whose open ones render as `bytes` are refused. */
export function describeOpenPastCap(bytes: number): string {
  return `its open notices would publish ${NOTICES_PATH} as ${bytes} bytes, more than the ${maxBytesOf(NOTICES_PATH)} the server takes (resolve or remove some)`;
}
