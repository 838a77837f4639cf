import { quoteForLog } from '../errors/quote-for-log.js';
import { displayPath } from '../io/display-path.js';
import type { LineLog } from '../log/line-log.js';
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
  readonly log: LineLog;
  readonly now?: () => Date;
}

/**
 * What applies one alert notification to the notices, as the `notice`
 * command applies a person's: under the notices file's lock, the file and
 * the components read again, the edit decided (`decideAlertEdit`) and, when
 * it changes anything, written atomically by the same edit path
 * (`editNoticesFile`). The receiver runs in the probe, so the probe holding
 * the writer lock publishes it with its next cycle, which the file's change
 * starts, as it publishes a person's (never this process itself: taking the
 * writer lock here would take it from the probe around it).
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
      if (edit.notices === undefined || edit.notice === undefined || edit.outcome === 'unchanged') return edit;
      const { notices: decided, notice } = edit;
      await editNoticesFile({ noticesFile, componentsFile, config }, () => ({
        notices: decided,
        notice,
      }));
      log.info(`alerts: ${source} ${edit.outcome} notice ${notice.id} (${notice.components.join(', ')})`);
      return edit;
    });
}
