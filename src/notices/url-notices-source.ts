import { isIP } from 'node:net';
import type { Dispatcher } from 'undici';
import { maxBytesOf } from '../api-documents.js';
import { NOTICES_PATH } from '../api-paths.js';
import { InputError } from '../errors/input-error.js';
import { identifyFile } from '../io/identify-file.js';
import { parseDocument } from '../io/parse-document.js';
import { createConditionLog } from '../log/condition-log.js';
import type { LineLog } from '../log/line-log.js';
import { redactUrl } from '../outbound/redact-url.js';
import { type JsonTextAnswer, requestJsonText } from '../outbound/request-json-text.js';
import { withDeadline } from '../outbound/with-deadline.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import { type Notice, NoticesDocumentSchema } from '../schemas/notice.js';
import type { LoadedConfig } from '../settings/load-components-config.js';
import { describeOlderNotices, judgeNoticesReplay } from './keep-newer-notices.js';
import { WINDOW_NOTICE_ID_PREFIX } from './maintenance-notices.js';
import { type NoticesSource, readConfigAsLoaded } from './notices-source.js';
import { renderConfigWindowNotices } from './read-notices.js';

/** An `http://` URL to a host other than this one's loopback: what it carries can be changed on the way. */
function isPlainHttpAcrossNetwork(url: string): boolean {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol !== 'http:') return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.')));
}

/** How long a cycle waits for the notices of one published place before going on with those last read. */
export const NOTICES_FETCH_TIMEOUT_MS = 2_000;

const MAX_NOTICES_BYTES = maxBytesOf(NOTICES_PATH);

export interface UrlNoticesSourceOptions {
  /** Where the team's notices are published once for every region: `https://status.example.com/api/v1/notices`. */
  readonly url: string;
  /** This region's components file: its own maintenance windows are added, as the place's are left out. */
  readonly componentsFile: string;
  readonly log: LineLog;
  readonly timeoutMs?: number;
  readonly now?: () => Date;
  readonly dispatcher?: Dispatcher;
  /** The components file as the process read it at start: not read again while it is unchanged. */
  readonly loaded?: LoadedConfig | undefined;
}

/**
 * The notices of one published place, fetched before every cycle: how every
 * region of a deployment applies a declaration about a global component,
 * whichever region the team wrote it in. The place's `/api/v1/notices` is
 * taken as it is, but for the config's windows (`window-…`), each region's
 * own; a notice about a component this region does not probe declares
 * nothing here. A place that does not answer within `timeoutMs`, or answers
 * with something else than a notices document, is logged (once, until it
 * changes) and the notices last read stay in force; so do they when it
 * answers with older notices (a stale cache, a replayed answer:
 * `judgeNoticesReplay`).
 */
export function urlNoticesSource(options: UrlNoticesSourceOptions): NoticesSource {
  const { url, componentsFile, log, dispatcher } = options;
  const readConfig = readConfigAsLoaded(componentsFile, options.loaded);
  const timeoutMs = options.timeoutMs ?? NOTICES_FETCH_TIMEOUT_MS;
  const shown = redactUrl(url);
  const failing = createConditionLog({ log, now: options.now });
  if (isPlainHttpAcrossNetwork(url)) {
    log.error(
      `notices: ${shown} is plain HTTP: anyone on the way can change the declarations every region applies; use https://`,
    );
  }
  let config: { readonly key: string; readonly value: ComponentsConfig | undefined } | undefined;
  let fetched: Notice[] | undefined;

  async function fetchNotices(at: Date): Promise<void> {
    const outcome = await withDeadline(
      (signal) => requestJsonText(url, { maxBytes: MAX_NOTICES_BYTES, signal, dispatcher }),
      timeoutMs,
      undefined,
    );
    const answer: JsonTextAnswer =
      outcome.kind === 'settled' ? outcome.value : { kind: 'unreachable', reason: `timeout after ${timeoutMs} ms` };
    const kept = fetched === undefined ? 'no notices are applied' : 'the notices last read stay in force';
    if (answer.kind !== 'body') {
      failing.holds(answer.reason, `notices: ${shown}: ${answer.reason}; ${kept}`);
      return;
    }
    try {
      const document = parseDocument(shown, answer.text, NoticesDocumentSchema);
      const next = document.notices.filter((notice) => !notice.id.startsWith(WINDOW_NOTICE_ID_PREFIX));
      const replay = judgeNoticesReplay(next, fetched, at);
      if (replay.kind === 'older') {
        failing.holds(`older ${replay.latest}`, `notices: ${shown}: its notices ${describeOlderNotices(replay)}`);
        return;
      }
      fetched = next;
      failing.clear(`notices: reading ${shown} again`);
    } catch (error) {
      const first = error instanceof InputError ? error.problems[0] : undefined;
      const why = first === undefined ? 'not a notices document' : `${first.path} ${first.reason}`.trim();
      failing.holds(`invalid ${why}`, `notices: ${shown}: ${why}; ${kept}`);
    }
  }

  return {
    owned: true,
    files: [],
    async read(at) {
      const key = await identifyFile(componentsFile);
      if (key !== config?.key) {
        const value = await readConfig(key, at).catch(() => config?.value);
        config = { key, value };
      }
      await fetchNotices(at);
      return fetched === undefined ? undefined : [...fetched, ...renderConfigWindowNotices(config.value, at)];
    },
  };
}
