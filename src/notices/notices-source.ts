import { errorMessage } from '../errors/describe-error.js';
import { displayPath } from '../io/display-path.js';
import { identifyFile } from '../io/identify-file.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { createConditionLog } from '../log/condition-log.js';
import type { LineLog } from '../log/line-log.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { type Notice, NoticesDocumentSchema } from '../schemas/notice.js';
import type { LoadedConfig } from '../settings/load-components-config.js';
import { describeOlderNotices, judgeNoticesReplay } from './keep-newer-notices.js';
import {
  checkNoticesConfig,
  readNoticesConfig,
  readWrittenNotices,
  renderConfigWindowNotices,
} from './read-notices.js';
import { orderFields } from './render-notices.js';

/** Where a probe takes the notices from, each cycle. */
export interface NoticesSource {
  /**
   * Whether the probe publishes `/api/v1/notices` from what it reads (the
   * team's file), rather than reading what the build published there.
   */
  readonly owned: boolean;
  /** The files it reads, for a watch that runs a cycle when one changes. */
  readonly files: readonly string[];
  /** The notices as of `now`; `undefined` while none could be read. Never throws. */
  read(now: Date): Promise<readonly Notice[] | undefined>;
}

export interface FileNoticesSourceOptions {
  /** `data/notices.json`: written by the team (the `notice` command); missing means none. */
  readonly noticesFile: string;
  /** `data/components.json`: the names the notices are checked against, and the maintenance windows. */
  readonly componentsFile: string;
  readonly log: LineLog;
  readonly now?: () => Date;
  /** The components file as the process read it at start: not read again while it is unchanged. */
  readonly loaded?: LoadedConfig | undefined;
}

/**
 * The components file as the notices need it at `at` (`readNoticesConfig`):
 * `loaded` while the file is the version it was read from (`identity`), else read.
 */
export function readConfigAsLoaded(
  componentsFile: string,
  loaded: LoadedConfig | undefined,
): (identity: string, at: Date) => Promise<ComponentsConfig | undefined> {
  return async (identity, at) =>
    loaded !== undefined && identity === loaded.identity
      ? checkNoticesConfig(loaded.config, componentsFile, at)
      : readNoticesConfig(componentsFile, at);
}

/**
 * The team's notices file, read again whenever it (or the components file)
 * changed since the last read, judged by size, modification time and inode,
 * so a cycle that finds it unchanged costs two `stat`s; the config's
 * maintenance windows are added as of each cycle's `now`. A file that does
 * not validate is logged (once, until it changes) and the notices last read
 * stay in force: a typo in an edit by hand never lifts a declaration; nor
 * does an older version of the file put back (`judgeNoticesReplay`).
 */
export function fileNoticesSource({
  noticesFile,
  componentsFile,
  log,
  now,
  loaded,
}: FileNoticesSourceOptions): NoticesSource {
  const readConfig = readConfigAsLoaded(componentsFile, loaded);
  const invalid = createConditionLog({ log, now });
  let read:
    | { readonly key: string; readonly config: ComponentsConfig | undefined; readonly written: Notice[] }
    | undefined;
  let failedKey: string | undefined;
  return {
    owned: true,
    files: [noticesFile, componentsFile],
    async read(at) {
      const [noticesId, componentsId = ''] = await Promise.all([noticesFile, componentsFile].map(identifyFile));
      const key = `${noticesId}|${componentsId}`;
      if (key !== read?.key && key !== failedKey) {
        try {
          const config = await readConfig(componentsId, at);
          // In the published document's field order: what the webhooks fingerprint is the same either way.
          const written = (await readWrittenNotices(noticesFile, config, componentsFile)).map(orderFields);
          const replay = judgeNoticesReplay(written, read?.written, at);
          if (replay.kind === 'older' && read !== undefined) {
            // Not read again until it changes; the config's windows follow the components file still.
            read = { key, config, written: read.written };
            invalid.holds(key, `notices: ${displayPath(noticesFile)}: its notices ${describeOlderNotices(replay)}`);
          } else {
            read = { key, config, written };
            invalid.clear(`notices: reading ${displayPath(noticesFile)} again`);
          }
          failedKey = undefined;
        } catch (error) {
          failedKey = key;
          const kept = read === undefined ? 'no notices are applied' : 'the notices last read stay in force';
          invalid.holds(key, `notices: ${errorMessage(error)}; ${kept} until the file is fixed`);
        }
      }
      return read === undefined ? undefined : [...read.written, ...renderConfigWindowNotices(read.config, at)];
    },
  };
}

/**
 * The notices as the build last published them, at `/api/v1/notices` under
 * the public directory: what a probe started without a notices file shows.
 * Missing is none; unreadable is `undefined`.
 */
export function publishedNoticesSource(documentFile: string): NoticesSource {
  return {
    owned: false,
    files: [],
    async read() {
      const document = await readOptionalDocument(documentFile, NoticesDocumentSchema).catch(() => null);
      return document === null ? undefined : (document?.notices ?? []);
    },
  };
}
