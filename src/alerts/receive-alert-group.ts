import { dirname } from 'node:path';
import { quoteForLog } from '../errors/quote-for-log.js';
import { displayPath } from '../io/display-path.js';
import type { LineLog } from '../log/line-log.js';
import { publishNoticeDocuments } from '../notice-commands/publish-notice-documents.js';
import { editNoticesFile, withNoticesLock } from '../notices/edit-notices-file.js';
import { readNoticesConfig, readWrittenNotices } from '../notices/read-notices.js';
import { AlertsConfigSchema } from '../schemas/alerts-config.js';
import type { AlertGroup } from './alert-group.js';
import { SOURCE_NAMES } from './alert-notice-words.js';
import { type AlertEdit, decideAlertEdit } from './decide-alert-edit.js';

export interface AlertReceiverOptions {
  /** `data/notices.json`, as the `notice` command edits it. */
  readonly noticesFile: string;
  /** `data/components.json`: the components, and `alerts`, read again for each notification. */
  readonly componentsFile: string;
  /** The served directory, and the probe's state file (its writer lock is beside it): who publishes the edit. */
  readonly publicDir: string;
  readonly stateFile: string;
  readonly precompress: boolean;
  readonly log: LineLog;
  readonly now?: () => Date;
}

/**
 * What applies one alert notification to the notices, as the `notice`
 * command applies a person's: under the notices file's lock, the file and
 * the components read again, the edit decided (`decideAlertEdit`) and, when
 * it changes anything, written atomically by the same edit path and
 * published the same way (`publishNoticeDocuments`: by the probe holding
 * the writer lock, with its next cycle, which the file's change starts).
 * Each component an alert names that the config lacks is logged once, by
 * name; so is each alert name that names no component.
 */
export function createAlertReceiver(options: AlertReceiverOptions): (group: AlertGroup) => Promise<AlertEdit> {
  const { noticesFile, componentsFile, log } = options;
  const now = options.now ?? (() => new Date());
  const told = new Set<string>();
  const tellOnce = (key: string, line: string) => {
    if (told.has(key)) return;
    told.add(key);
    log.error(line);
  };
  return (group) =>
    withNoticesLock(noticesFile, async () => {
      const at = now();
      const config = await readNoticesConfig(componentsFile, at);
      const notices = await readWrittenNotices(noticesFile, config, componentsFile);
      const edit = decideAlertEdit({
        notices,
        group,
        settings: config?.alerts ?? AlertsConfigSchema.parse({}),
        componentNames: new Set(config?.components.map(({ name }) => name)),
        now: at,
      });
      const source = SOURCE_NAMES[group.source];
      for (const name of edit.unknownComponents) {
        tellOnce(
          `component ${name}`,
          `alerts: ${source} names a component ${quoteForLog(name, 200)} that ${displayPath(componentsFile)} does not have; its alerts are left out`,
        );
      }
      for (const name of edit.unnamedAlerts) {
        tellOnce(
          `alert ${name}`,
          `alerts: ${source}'s alert ${quoteForLog(name, 200)} names no component (no "component" label, no alerts.components entry); left out`,
        );
      }
      if (edit.notices === undefined || edit.notice === undefined) return edit;
      const { notices: decided, notice } = edit;
      const result = await editNoticesFile({ noticesFile, componentsFile, config }, () => ({
        notices: decided,
        notice,
      }));
      log.info(`alerts: ${source} ${edit.outcome} notice ${notice.id} (${notice.components.join(', ')})`);
      await publishNoticeDocuments({
        publicDir: options.publicDir,
        written: result.notices,
        config,
        stateDir: dirname(options.stateFile),
        precompress: options.precompress,
        log,
      });
      return edit;
    });
}
